import { sql } from 'kysely';
import { AppError, type ErrorCode } from '@app/kernel';
import type { Db } from '../../../platform/db.ts';
import { FeedRefusal, type ApplyResult, type FeedRefusalCode } from '../feed/apply.ts';
import type { FeedMessage } from '../feed/messages.ts';

/** The producer of the events operators create in the console. */
export const MANUAL_PRODUCER = 'manual';

export type Apply = (message: FeedMessage) => Promise<ApplyResult>;

const REFUSALS: Record<FeedRefusalCode, ErrorCode> = {
  invalid_message: 'sportsbook.market_invalid',
  unknown_event: 'sportsbook.event_not_found',
  producer_mismatch: 'sportsbook.fixture_invalid',
  unknown_market: 'sportsbook.market_not_found',
  invalid_market: 'sportsbook.market_invalid',
  unknown_outcome: 'sportsbook.market_invalid',
  market_closed: 'sportsbook.market_closed',
  market_settled: 'sportsbook.market_already_settled',
  market_not_settled: 'sportsbook.market_not_settled',
  market_not_cancelled: 'sportsbook.market_not_settled',
};

/** A feed refusal as the operator's translated error (the message keeps the feed's wording for the log). */
export function refusalError(error: unknown): unknown {
  return error instanceof FeedRefusal ? new AppError(REFUSALS[error.code], error.message, { feed: error.code }) : error;
}

/**
 * Operator changes as feed messages (issue 23): written in the name of the event's producer
 * ('manual' for the console's own events; for a feed's event the operator acts as that feed,
 * whose next message may change it again), applied by the book's apply service so tickets,
 * settlement and the push see them like any feed. Each message gets a timestamp after everything
 * the event has seen from that producer, so it is never taken for a stale or duplicate one;
 * when two operators race to the same millisecond the later one takes the next.
 */
export function createOperatorFeed(deps: { db: Db; apply: Apply }) {
  async function nextTimestamp(eventId: string, producer: string): Promise<number> {
    const row = (
      await sql<{ last: Date | null }>`
        select greatest((select max(message_at) from sportsbook_feed_message where event_id = ${eventId} and producer = ${producer}),
                        (select greatest(state_at, fixture_at) from sportsbook_event where id = ${eventId})) as last`.execute(deps.db)
    ).rows[0];
    return Math.max(Date.now(), (row?.last?.getTime() ?? 0) + 1);
  }

  async function producerOf(eventId: string): Promise<string> {
    const row = (await sql<{ producer: string }>`select producer from sportsbook_event where id = ${eventId}`.execute(deps.db)).rows[0];
    if (!row) throw new AppError('sportsbook.event_not_found', 'no such event', { eventId });
    return row.producer;
  }

  /** Applies one message built for a fresh timestamp; answers how many markets changed. */
  async function send(eventId: string, build: (producer: string, timestamp: number) => FeedMessage, producer?: string): Promise<number> {
    const owner = producer ?? (await producerOf(eventId));
    for (let attempt = 0; attempt < 5; attempt += 1) {
      let result: ApplyResult;
      try {
        result = await deps.apply(build(owner, await nextTimestamp(eventId, owner)));
      } catch (error) {
        throw refusalError(error);
      }
      if (result.effect === 'applied') return result.marketsChanged;
    }
    throw new AppError('sportsbook.request_in_progress', 'the event keeps changing: try again');
  }

  return { send, producerOf };
}

export type OperatorFeed = ReturnType<typeof createOperatorFeed>;

/**
 * One operator request id, applied once: the first call runs `run` and stores its answer; the same
 * id again answers that stored answer (replayed). A failed run leaves no row, so a retry runs again.
 * The same id for another action or target is an idempotency conflict.
 */
export async function onceFor<T extends Record<string, unknown>>(
  db: Db,
  request: { requestId: string; operatorId: bigint; action: string; target: string },
  run: () => Promise<T>,
): Promise<{ value: T; replayed: boolean }> {
  const inserted = await sql`insert into sportsbook_backoffice_action (request_id, operator_id, action, target, status)
    values (${request.requestId}, ${request.operatorId}, ${request.action}, ${request.target}, 'applying') on conflict do nothing`.execute(db);
  if ((inserted.numAffectedRows ?? 0n) === 0n) {
    const row = (await sql<{ action: string; target: string; status: string; result: T | null }>`select action, target, status, result from sportsbook_backoffice_action where request_id = ${request.requestId}`.execute(db)).rows[0];
    if (!row || row.action !== request.action || row.target !== request.target) throw new AppError('request.idempotency_conflict', 'this request id was used for another change');
    if (row.status !== 'done' || row.result === null) throw new AppError('sportsbook.request_in_progress', 'the request is still being applied');
    return { value: row.result, replayed: true };
  }
  try {
    const value = await run();
    await sql`update sportsbook_backoffice_action set status = 'done', result = ${JSON.stringify(value)}::jsonb where request_id = ${request.requestId}`.execute(db);
    return { value, replayed: false };
  } catch (error) {
    await sql`delete from sportsbook_backoffice_action where request_id = ${request.requestId} and status = 'applying'`.execute(db);
    throw error;
  }
}

/** '1.85' → 1850 (thousandths); the schema has checked the text's form. */
export function oddsFromText(text: string): number {
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
}

export function oddsText(thousandths: bigint | number): string {
  const value = BigInt(thousandths);
  return `${value / 1000n}.${(value % 1000n).toString().padStart(3, '0')}`;
}
