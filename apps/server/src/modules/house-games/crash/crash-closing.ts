import { formatCents } from '@app/kernel';
import { CRASH_GAME_CODE } from '@app/contracts';
import type { Db } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import { withRetries, type ProviderClient } from '../provider-client.ts';
import { HOUSE_VENDOR_CODE } from '../slot-tables.ts';
import * as repository from './crash.repository.ts';

/**
 * The closing call of each crash bet through the provider API, as vendor HOUSE: the win (its
 * amount, 0 for a loss) with roundClosed, or the rollback of a refunded bet. Transaction ids are
 * derived from the bet id, so whichever process sends it, however often, it lands once.
 */
export const crashRoundRef = (roundId: bigint) => `crash-${roundId}`;
export const crashBetTransaction = (betId: bigint) => `crash-${betId}-bet`;

export function createCrashClosing(deps: { db: Db; logger: Logger; client: ProviderClient }) {
  /** Sends the bet's closing call and records it; answers the balance the provider API reported. */
  async function close(bet: repository.CrashBetRow): Promise<string | undefined> {
    if (bet.closed_at) return undefined;
    const playerId = bet.member_id.toString();
    const roundId = crashRoundRef(bet.round_id);
    let balance: string | undefined;
    if (bet.status === 'refunded') {
      const rollback = { playerId, transactionId: `crash-${bet.id}-rollback`, originalTransactionId: crashBetTransaction(bet.id), roundId };
      const answer = await withRetries(() => deps.client.rollback(HOUSE_VENDOR_CODE, rollback));
      if (!answer.ok) throw new Error(`crash rollback refused: ${answer.status} ${answer.code}`);
      balance = answer.body.balance;
    } else if (bet.status === 'cashed' || bet.status === 'lost') {
      const win = { playerId, transactionId: `crash-${bet.id}-win`, roundId, gameCode: CRASH_GAME_CODE, amount: formatCents(bet.win ?? 0n), roundClosed: true };
      const answer = await withRetries(() => deps.client.win(HOUSE_VENDOR_CODE, win));
      if (!answer.ok) throw new Error(`crash win refused: ${answer.status} ${answer.code}`);
      balance = answer.body.balance;
    } else {
      throw new Error(`a ${bet.status} crash bet has no closing call`);
    }
    await repository.markClosed(deps.db, bet.id);
    return balance;
  }

  /** Closes what can be closed now, logging (not throwing) what must wait for the next sweep. */
  async function closeAll(bets: readonly repository.CrashBetRow[], concurrency = 8): Promise<{ closed: number; failed: number }> {
    const counts = { closed: 0, failed: 0 };
    let next = 0;
    async function lane() {
      while (next < bets.length) {
        const bet = bets[next++]!;
        try {
          await close(bet);
          counts.closed += 1;
        } catch (error) {
          counts.failed += 1;
          deps.logger.error({ err: error, betId: bet.id.toString() }, 'crash bet not closed yet; the leader retries it');
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, bets.length) }, lane));
    return counts;
  }

  /** Every bet still owed its closing call (older than `olderThanMs`, so in-flight ones are left alone). */
  async function sweep(olderThanMs: number): Promise<{ closed: number; failed: number }> {
    const bets = await repository.unclosedBets(deps.db, { olderThanMs, limit: 500 });
    const counts = await closeAll(bets);
    await repository.markSettledRounds(deps.db);
    return counts;
  }

  return { close, closeAll, sweep };
}

export type CrashClosing = ReturnType<typeof createCrashClosing>;
