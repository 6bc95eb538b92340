import { formatCents } from '@app/kernel';
import type { Db } from '../../../platform/db.ts';
import type { Logger } from '../../../platform/logger.ts';
import * as bets from '../bets/bets.repository.ts';
import type { LiveMoney } from '../money/live-money.ts';
import { markSettledRounds } from './rounds.repository.ts';

/** Closing calls per handleMany. */
const BATCH = 200;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

/**
 * The closing calls of decided bets: a refunded bet's bet rolled back (`live-bet-<id>-rollback`),
 * and one win per (round, member) with roundClosed — the sum of the member's wins in the round,
 * 0.00 for a loss — as `live-<roundId>-<memberId>-win`. Ids are deterministic, so a call repeated
 * by a new leader or the sweep lands once. Rollbacks go first: the win closes the provider round.
 */
export function createLiveClosing(deps: { db: Db; logger: Logger; money: LiveMoney }) {
  const { db } = deps;

  async function close(owed: readonly bets.LiveBetRow[]): Promise<{ closed: number; failed: number }> {
    const counts = { closed: 0, failed: 0 };
    for (const batch of chunks(owed.filter((bet) => bet.status === 'refunded'), BATCH)) {
      try {
        const answers = await deps.money.refundMany(batch.map((bet) => ({ memberId: bet.member_id, betId: bet.id, roundId: bet.round_id })));
        const ok = batch.filter((_, index) => answers[index]!.ok);
        await bets.markClosed(db, ok.map((bet) => bet.id));
        counts.closed += ok.length;
        counts.failed += batch.length - ok.length;
      } catch (error) {
        counts.failed += batch.length;
        deps.logger.error({ err: error }, 'live refunds not delivered yet; the sweep retries');
      }
    }

    // Wins per (round, member), over every settled bet of that member in the round (closed or not), so a repeat sends the same amount.
    const pairs = new Map<string, { roundId: bigint; memberId: bigint; tableCode: string }>();
    for (const bet of owed) if (bet.status === 'settled') pairs.set(`${bet.round_id}/${bet.member_id}`, { roundId: bet.round_id, memberId: bet.member_id, tableCode: bet.table_code });
    const byRound = new Map<bigint, bets.LiveBetRow[]>();
    for (const roundId of new Set([...pairs.values()].map((pair) => pair.roundId))) byRound.set(roundId, await bets.roundBets(db, roundId, ['settled']));
    const wins = [...pairs.values()].map((pair) => {
      const mine = byRound.get(pair.roundId)!.filter((bet) => bet.member_id === pair.memberId);
      return { ...pair, gameCode: pair.tableCode, amount: formatCents(mine.reduce((sum, bet) => sum + (bet.win ?? 0n), 0n)), betIds: mine.map((bet) => bet.id) };
    });
    for (const batch of chunks(wins, BATCH)) {
      try {
        const answers = await deps.money.winMany(batch);
        const ok = batch.filter((_, index) => answers[index]!.ok);
        for (const [index, answer] of answers.entries()) if (!answer.ok) deps.logger.warn({ roundId: batch[index]!.roundId.toString(), code: answer.code }, 'live win refused; the sweep retries');
        await bets.markClosed(db, ok.flatMap((win) => win.betIds));
        counts.closed += ok.reduce((sum, win) => sum + win.betIds.length, 0);
        counts.failed += batch.length - ok.length;
      } catch (error) {
        counts.failed += batch.length;
        deps.logger.error({ err: error }, 'live wins not delivered yet; the sweep retries');
      }
    }
    return counts;
  }

  /** Everything a round owes. */
  const closeRound = async (roundId: bigint) => close(await bets.unclosedBets(db, { roundId, limit: 100_000 }));

  /** Owed closings of older rounds (a leader that died mid-pay, a provider that was down). */
  async function sweep(olderThanMs: number): Promise<{ closed: number; failed: number }> {
    const counts = await close(await bets.unclosedBets(db, { olderThanMs, limit: 2000 }));
    await markSettledRounds(db);
    return counts;
  }

  return { close, closeRound, sweep };
}

export type LiveClosing = ReturnType<typeof createLiveClosing>;
