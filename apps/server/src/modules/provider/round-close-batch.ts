import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { parseCallback, type ProviderCallbacks, type ProviderWireAnswer } from './provider.callbacks.ts';
import type { RequestLog } from './request-log.ts';
import type { VendorAccessCache } from './vendor-access.ts';
import type { WinRequest } from './provider.wire.ts';

const MAX_MEMBER_ID = 9_223_372_036_854_775_807n;

/** The win callback's content hash (provider.service.ts winCall): a replay through the callback matches it. */
function winHash(request: WinRequest): string {
  return createHash('sha256').update(JSON.stringify([request.playerId, request.roundId, request.gameCode, request.amount, request.roundClosed])).digest('hex');
}

/**
 * The in-process batch entry (callbacks.handleMany's signature) with a fast path for `0.00` wins
 * that close their rounds: a settled sportsbook event closes its lost tickets' rounds so, two
 * thirds of a 1X2 market's tickets, and each went through provider_money_callback (~0.5 ms of
 * plpgsql each: replay guard, player, round, balance, round upsert, stored answer) for a call that
 * moves no money. Those go through provider_close_rounds: one set-based statement that stores the
 * answers and closes the rounds, leaving what the callback leaves (sql/provider/provider_close_rounds.sql).
 * It takes only the plain case (a first call, a known member, a round with a stake, no answer stored
 * under the id); everything else — replays, tombstones, refusals, credits, other actions — goes to
 * callbacks.handleMany unchanged, so every answer is the one the protocol gives today. Each call is
 * logged as handle would log it.
 */
export function createRoundCloseBatch(deps: { db: Db; logger: Logger; requestLog: RequestLog; vendors: VendorAccessCache; callbacks: ProviderCallbacks }) {
  async function closeRounds(vendorCode: string, requests: readonly WinRequest[]): Promise<Array<ProviderWireAnswer | undefined>> {
    const calls = requests.map((request) => ({ vendor: vendorCode, transaction_id: request.transactionId, member: request.playerId, round: request.roundId, hash: winHash(request) }));
    const result = await sql<{ i: string; handled: boolean; answer: { balance: string; transactionId: string; operatorTransactionId: string } | null }>`
      select i::text, handled, answer from provider_close_rounds(${JSON.stringify(calls)}::jsonb) order by i`.execute(deps.db);
    return result.rows.map((row) => (row.handled && row.answer ? { status: 200, body: { balance: row.answer.balance, transactionId: row.answer.transactionId, operatorTransactionId: row.answer.operatorTransactionId } } : undefined));
  }

  return {
    async handleMany(vendorCode: string, action: 'win' | 'rollback' | 'bet' | 'endRound', bodies: readonly unknown[]): Promise<ProviderWireAnswer[]> {
      if (action !== 'win' || bodies.length === 0) return deps.callbacks.handleMany(vendorCode, action, bodies);
      const access = await deps.vendors.access(vendorCode, null);
      // An unknown or disabled vendor: the callbacks answer that, as for any call.
      if (!access?.enabled) return deps.callbacks.handleMany(vendorCode, action, bodies);
      const started = performance.now();
      const closes: Array<{ index: number; request: WinRequest }> = [];
      const others = new Set<string>();
      bodies.forEach((body, index) => {
        let request: WinRequest;
        try {
          request = parseCallback('win', body).body as WinRequest;
        } catch {
          return; // the callbacks answer the malformed body
        }
        const member = BigInt(request.playerId);
        if (request.amount === '0.00' && request.roundClosed === true && member > 0n && member <= MAX_MEMBER_ID) closes.push({ index, request });
        else others.add(request.playerId);
      });
      // A player with other calls in the batch keeps them together, in order (their answers'
      // balances follow one another): all of theirs go the ordinary way.
      for (let at = closes.length - 1; at >= 0; at -= 1) if (others.has(closes[at]!.request.playerId)) closes.splice(at, 1);
      const answers: Array<ProviderWireAnswer | undefined> = new Array(bodies.length);
      if (closes.length > 0) {
        try {
          const closed = await closeRounds(vendorCode, closes.map((each) => each.request));
          closed.forEach((answer, position) => {
            answers[closes[position]!.index] = answer;
          });
        } catch (error) {
          // Nothing was stored (one statement): every call goes the ordinary way, which answers each.
          deps.logger.warn({ err: error, calls: closes.length }, 'provider round-close batch failed; sent one by one through the callback');
        }
      }
      const each = (performance.now() - started) / Math.max(1, closes.length);
      for (const close of closes) {
        if (answers[close.index]) deps.requestLog.add({ vendorCode, action, transactionId: close.request.transactionId, errorCode: null, statusCode: 200, durationMs: each, ip: null });
      }
      const rest = bodies.map((_, index) => index).filter((index) => !answers[index]);
      if (rest.length > 0) {
        const answered = await deps.callbacks.handleMany(
          vendorCode,
          action,
          rest.map((index) => bodies[index]),
        );
        rest.forEach((index, position) => {
          answers[index] = answered[position]!;
        });
      }
      return answers as ProviderWireAnswer[];
    },
  };
}

export type RoundCloseBatch = ReturnType<typeof createRoundCloseBatch>;
