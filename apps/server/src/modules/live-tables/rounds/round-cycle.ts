import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { settleLiveChip } from '@app/house-games';
import { liveTableTopic, LIVE_LOBBY_TOPIC, type LiveResult } from '@app/contracts';
import type { Db } from '../../../platform/db.ts';
import type { EventBus } from '../../../platform/events.ts';
import type { Logger } from '../../../platform/logger.ts';
import * as bets from '../bets/bets.repository.ts';
import { DEFAULT_REVEAL_MS, PENDING_GRACE_MS, type LiveSettings } from '../live-settings.ts';
import type { LiveTableRow } from '../tables/tables.repository.ts';
import type { LiveClosing } from './closing.ts';
import { baccaratHand, canDealAt, newSeed, newShoe, rouletteResult, seedHash } from './outcome.ts';
import * as rounds from './rounds.repository.ts';
import { roundView } from './verification.ts';
import { live } from '../live.tables.ts';

/**
 * One table round's life, driven by the leader: open (betting, its window by the database clock)
 * → decide (after the window and the pending bets' grace: the result and every bet's win in one
 * transaction, phase dealing) → pay (closing calls) → result (after the reveal) → pause. Every phase
 * change is conditional under the round's row lock, so a leader that lost its lock changes nothing,
 * and a new one carries on from whatever phase the database holds.
 */
export function createRoundCycle(deps: { db: Db; bus: EventBus; logger: Logger; settings: LiveSettings; closing: LiveClosing }) {
  const { db, settings } = deps;
  let clockOffsetMs = 0;
  const databaseMs = () => Date.now() + clockOffsetMs;
  async function measureClock(): Promise<void> {
    const before = Date.now();
    const now = await rounds.databaseNow(db);
    clockOffsetMs = now - (before + Date.now()) / 2;
  }

  async function publishRound(round: rounds.LiveRoundRow): Promise<void> {
    const shoe = round.shoe_id !== null ? await rounds.findShoe(db, round.shoe_id) : undefined;
    const data = { tableCode: round.table_code, round: roundView(round, shoe?.hash), at: Date.now() };
    await deps.bus.publishAll(db, [
      { type: 'live.round', audience: { kind: 'topic', topic: liveTableTopic(round.table_code) }, data },
      { type: 'live.round', audience: { kind: 'topic', topic: LIVE_LOBBY_TOPIC }, data },
    ]);
  }

  /** The baccarat shoe for the next hand: the current one, or a new shuffle when it ended (or an operator asked for one). */
  async function shoeForNextHand(table: LiveTableRow): Promise<rounds.LiveShoeRow> {
    const current = await rounds.currentShoe(db, table.code);
    if (current && !current.ending && canDealAt(current.position, current.cut_at)) return current;
    if (current) await live(db).updateTable('live_shoe').set({ ended_at: sql<Date>`clock_timestamp()` }).where('id', '=', current.id).where('ended_at', 'is', null).execute();
    const number = (await rounds.latestShoeNumber(db, table.code)) + 1;
    const shoe = await rounds.insertShoe(db, newShoe(table.code, number, settings.shoeCut));
    deps.logger.info({ table: table.code, shoe: number, hash: shoe.hash }, 'new live shoe');
    return shoe;
  }

  /** A new round in betting (the unique live-round index keeps it to one per table). */
  async function open(table: LiveTableRow): Promise<rounds.LiveRoundRow> {
    const last = await rounds.latestRound(db, table.code);
    const number = (last?.number ?? 0) + 1;
    const bettingMs = settings.bettingMs ?? table.betting_ms;
    let round: rounds.LiveRoundRow;
    if (table.game === 'roulette') {
      const seed = newSeed();
      round = await rounds.insertRound(db, { tableCode: table.code, number, bettingMs, seed, seedHash: seedHash(seed) });
    } else {
      const shoe = await shoeForNextHand(table);
      round = await rounds.insertRound(db, { tableCode: table.code, number, bettingMs, shoeId: shoe.id, handInShoe: shoe.hands_played + 1 });
    }
    await live(db).updateTable('live_table').set({ rounds_played: number }).where('code', '=', table.code).execute();
    await publishRound(round);
    return round;
  }

  /** Waits out the window (database clock) and the pending bets' grace, then decides; answers the round in dealing. */
  async function close(round: rounds.LiveRoundRow, signal: AbortSignal): Promise<rounds.LiveRoundRow> {
    await measureClock();
    const wait = round.betting_ends_at.getTime() - databaseMs();
    if (wait > 0) await sleep(wait, undefined, { signal });
    // Bets accepted in the window may still be confirming their stake: wait for them (up to the
    // grace) under the lock's verdict, so one accepted just before the close is not refunded.
    const graceEnds = Date.now() + PENDING_GRACE_MS;
    for (;;) {
      const decided = await decide(round.id, { refundPending: Date.now() >= graceEnds });
      if (decided === 'open' || decided === 'pending') {
        await sleep(decided === 'open' ? 20 : 50, undefined, { signal });
        continue;
      }
      await publishRound(decided);
      return decided;
    }
  }

  /**
   * The result transaction: the still-pending bets refunded, the result drawn, every placed bet's
   * win (and each chip's) stored, the shoe advanced (ended at the cut card or when asked), the
   * round moved to dealing. 'open' while the database clock says the window is still open;
   * 'pending' while bets are confirming their stake, unless `refundPending` (the grace is over).
   */
  async function decide(roundId: bigint, options: { refundPending: boolean } = { refundPending: true }): Promise<rounds.LiveRoundRow | 'open' | 'pending'> {
    return db.transaction().execute(async (tx) => {
      const locked = await rounds.lockRound(tx, roundId);
      if (!locked) throw new Error(`live round ${roundId} vanished`);
      if (locked.phase !== 'betting') return locked;
      if (!locked.betting_over) return 'open';
      if (!options.refundPending && (await bets.countPending(tx, roundId)) > 0) return 'pending';
      await live(tx).updateTable('live_bet').set({ status: 'refunded' }).where('round_id', '=', roundId).where('status', '=', 'pending').execute();
      let result: LiveResult;
      const change: Record<string, unknown> = {};
      if (locked.shoe_id === null) {
        result = rouletteResult(locked.seed!, locked.table_code, locked.number);
      } else {
        const shoe = (await rounds.lockShoe(tx, locked.shoe_id))!;
        const hand = baccaratHand(shoe);
        result = hand.result;
        const position = shoe.position + hand.cardsUsed;
        const ends = !canDealAt(position, shoe.cut_at) || shoe.ending;
        await live(tx).updateTable('live_shoe')
          .set({ position, hands_played: shoe.hands_played + 1, ...(ends ? { ended_at: sql<Date>`clock_timestamp()`, ending: true } : {}) })
          .where('id', '=', shoe.id)
          .execute();
        Object.assign(change, { first_card: shoe.position, cards_used: hand.cardsUsed });
      }
      const placed = await bets.roundBets(tx, roundId, ['placed']);
      await bets.settleBets(
        tx,
        placed.map((bet) => {
          const chips = bet.chips.map((chip) => ({ spot: chip.spot, amount: chip.amount, win: settleLiveChip(result, chip.spot, BigInt(chip.amount)).toString() }));
          return { id: bet.id, chips, win: chips.reduce((sum, chip) => sum + BigInt(chip.win), 0n) };
        }),
      );
      const moved = await rounds.updateRound(tx, roundId, 'betting', { ...change, phase: 'dealing', result: JSON.stringify(result), dealing_at: sql<Date>`clock_timestamp()` });
      if (!moved) throw new Error(`live round ${roundId} moved under its lock`);
      return moved;
    });
  }

  /** Pays what the round owes, waits out the reveal, then phase result. */
  async function finish(round: rounds.LiveRoundRow, game: LiveTableRow['game'], signal: AbortSignal): Promise<rounds.LiveRoundRow> {
    const counts = await deps.closing.closeRound(round.id);
    if (counts.failed > 0) deps.logger.warn({ roundId: round.id.toString(), ...counts }, 'live round not fully paid; the sweep retries');
    await measureClock();
    const revealMs = settings.revealMs ?? DEFAULT_REVEAL_MS[game];
    const wait = (round.dealing_at?.getTime() ?? databaseMs()) + revealMs - databaseMs();
    if (wait > 0) await sleep(wait, undefined, { signal });
    const done = await db.transaction().execute(async (tx) => {
      const locked = await rounds.lockRound(tx, round.id);
      if (!locked || locked.phase !== 'dealing') return locked;
      return rounds.updateRound(tx, round.id, 'dealing', { phase: 'result', result_at: sql<Date>`clock_timestamp()` });
    });
    if (!done) throw new Error(`live round ${round.id} vanished`);
    await rounds.markSettledRounds(db);
    await publishRound(done);
    return done;
  }

  /** After a result: time to see it before the next round opens. */
  async function pause(last: rounds.LiveRoundRow | undefined, signal: AbortSignal): Promise<void> {
    if (!last?.result_at) return;
    await measureClock();
    const wait = last.result_at.getTime() + settings.pauseMs - databaseMs();
    if (wait > 0) await sleep(wait, undefined, { signal });
  }

  return { open, close, decide, finish, pause, publishRound };
}

export type RoundCycle = ReturnType<typeof createRoundCycle>;
