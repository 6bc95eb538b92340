import { z } from 'zod';
import { SPORTSBOOK_RESULT_APPROVAL_KIND, SportsbookAdminOutcomeResultSchema } from '@app/contracts';
import { AppError } from '@app/kernel';
import type { ApprovalActor, ApprovalKindHandler } from '../../../platform/approval-kinds.ts';
import type { Db } from '../../../platform/db.ts';
import type { FeedMessage } from '../feed/messages.ts';
import * as repository from './console.repository.ts';
import type { OperatorFeed } from './operator-feed.ts';

export type AuditWriter = (executor: Db, entry: { operatorId: bigint | null; action: string; targetType: string; targetId: string; details?: Record<string, unknown>; ip?: string | null }) => Promise<void>;

/** What a result decision carries (also an approval request's payload). */
export const ResultPayloadSchema = z.object({
  eventId: z.string().min(1).max(120),
  marketKey: z.string().min(1).max(120),
  outcomes: z.array(SportsbookAdminOutcomeResultSchema).min(1).max(64).optional(),
  void: z.literal(true).optional(),
  correction: z.boolean(),
  /** For the checker: the event's name and the stake at risk when proposed. */
  eventName: z.string().optional(),
  stakeAtRisk: z.string().optional(),
});
export type ResultPayload = z.infer<typeof ResultPayloadSchema>;

const specifiersOf = (text: string) => Object.fromEntries(text === '' ? [] : text.split('|').map((pair) => pair.split('=') as [string, string]));

/**
 * Results entered by hand: a settlement (or a cancellation for a void market) of the event's
 * producer through the apply service; a correction first rolls the current result back, then
 * writes the new one — the result log the ticket settlement reads holds both, and resettlement of
 * the tickets is the settlement's business. Above the stake-at-risk threshold the decision is a
 * maker-checker request (approval kind sportsbook.market_result) applied when another operator approves.
 */
export function createResults(deps: { db: Db; feed: OperatorFeed; audit: AuditWriter }) {
  const { db, feed } = deps;

  async function marketOf(eventId: string, marketKey: string) {
    const event = await repository.findEvent(db, eventId);
    if (!event) throw new AppError('sportsbook.event_not_found', 'no such event', { eventId });
    const market = (await repository.marketsOf(db, eventId)).find((row) => row.market_key === marketKey);
    if (!market) throw new AppError('sportsbook.market_not_found', 'no such market', { eventId, marketKey });
    return { event, market };
  }

  /** Checks the decision fits the market's state now (before proposing it, and again when applying). */
  function check(payload: ResultPayload, status: string) {
    if (payload.correction && status !== 'settled' && status !== 'cancelled') throw new AppError('sportsbook.market_not_settled', 'the market has no result to correct');
    if (!payload.correction && status === 'settled') throw new AppError('sportsbook.market_already_settled', 'the market is settled: correct its result instead');
    if (!payload.correction && status === 'cancelled') throw new AppError('sportsbook.market_closed', 'the market is cancelled');
  }

  async function apply(payload: ResultPayload): Promise<number> {
    const { market } = await marketOf(payload.eventId, payload.marketKey);
    check(payload, market.status);
    const ref = { type: market.type, specifiers: specifiersOf(market.specifiers) };
    const { eventId } = payload;
    let changed = 0;
    if (payload.correction) {
      const kind = market.status === 'settled' ? 'rollback_bet_settlement' : 'rollback_bet_cancel';
      changed += await feed.send(eventId, (producer, timestamp) => ({ kind, producer, eventId, timestamp, markets: [ref] }) as FeedMessage);
    }
    const decision = payload.void
      ? (producer: string, timestamp: number) => ({ kind: 'bet_cancel', producer, eventId, timestamp, markets: [ref], reason: 'operator void' }) as FeedMessage
      : (producer: string, timestamp: number) => ({ kind: 'bet_settlement', producer, eventId, timestamp, certainty: 'confirmed', markets: [{ ...ref, outcomes: payload.outcomes }] }) as FeedMessage;
    changed += await feed.send(eventId, decision);
    return changed;
  }

  const eventName = (event: repository.EventRow) => (event.home !== null ? `${event.home} × ${event.away}` : event.competitors.join(', '));

  async function auditApplied(actor: ApprovalActor, payload: ResultPayload, reason: string, approvalId: string | null) {
    await deps.audit(db, {
      operatorId: actor.id,
      action: payload.correction ? 'sportsbook.result.corrected' : 'sportsbook.result.entered',
      targetType: 'sportsbook_market',
      targetId: `${payload.eventId} ${payload.marketKey}`.slice(0, 200),
      details: { ...payload, reason, approvalId },
      ip: actor.ip,
    });
  }

  const kind: ApprovalKindHandler = {
    kind: SPORTSBOOK_RESULT_APPROVAL_KIND,
    permission: 'sportsbook.settle',
    async prepare(input) {
      const parsed = ResultPayloadSchema.safeParse(input);
      if (!parsed.success) throw new AppError('validation.failed', parsed.error.issues.map((issue) => issue.message).join('; '));
      const { event, market } = await marketOf(parsed.data.eventId, parsed.data.marketKey);
      check(parsed.data, market.status);
      return { payload: { ...parsed.data, eventName: eventName(event), stakeAtRisk: market.stake_at_risk.toString() }, target: `${parsed.data.eventId} ${parsed.data.marketKey}`.slice(0, 100) };
    },
    // The apply service commits each message in its own transaction: run after the approval commits.
    async run(payload, actor, request) {
      const parsed = ResultPayloadSchema.parse(payload);
      const marketsChanged = await apply(parsed);
      await auditApplied(actor, parsed, request.reason, request.id.toString());
      return { result: { marketsChanged, eventId: parsed.eventId, marketKey: parsed.marketKey } };
    },
  };

  return {
    kind,
    /**
     * The operator's decision: applied now when the market's stake at risk is at or under the
     * threshold, otherwise proposed for approval (answers the proposal's id).
     */
    async decide(actor: ApprovalActor, input: Omit<ResultPayload, 'eventName' | 'stakeAtRisk'>, reason: string, propose: (payload: ResultPayload) => Promise<string>): Promise<{ status: 'applied' | 'pending_approval'; approvalId: string | null; marketsChanged: number }> {
      const { market } = await marketOf(input.eventId, input.marketKey);
      check(input, market.status);
      const threshold = (await repository.settings(db)).result_approval_cents;
      if (BigInt(market.stake_at_risk) > BigInt(threshold)) return { status: 'pending_approval', approvalId: await propose(input), marketsChanged: 0 };
      const marketsChanged = await apply(input);
      await auditApplied(actor, input, reason, null);
      return { status: 'applied', approvalId: null, marketsChanged };
    },
  };
}

export type Results = ReturnType<typeof createResults>;
