import { sql } from 'kysely';
import { AppError, formatCents, parseCents } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { createFairnessSession, createRoundStream } from './fairness/provably-fair.ts';
import * as repository from './house-games.repository.ts';
import type { HouseSessions } from './house-session.ts';
import type { Jackpot } from './jackpot/jackpot.service.ts';
import { ProviderUnreachable, withRetries, type ProviderClient } from './provider-client.ts';

/** Which game a paid round is played at, and the member's idempotency key for it. */
export interface RoundTarget {
  vendor: string;
  gameCode: string;
  requestId: string;
}

/** A round as taken: stored with its outcome fixed, its bet not yet placed. */
export interface TakenRound<Outcome> {
  id: bigint;
  outcome: Outcome;
  bet: bigint;
  win: bigint;
  jackpotHit: boolean;
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number };
}

/**
 * The money steps every paid house round shares (slots, mini games, Mines): the nonce is taken
 * and the round stored (outcome fixed) under the member's seed-row lock before any money moves;
 * then the bet and the closing win go through the provider API as the game's vendor, a failed
 * or unknown bet is rolled back, and a closed round takes its jackpot step.
 */
export function createPaidRounds(deps: { db: Db; logger: Logger; client: ProviderClient; sessions: HouseSessions; minSpinIntervalMs: number; jackpot?: Jackpot }) {
  const { db, client } = deps;

  async function ensureFairness(memberId: bigint): Promise<void> {
    if (await repository.findFairness(db, memberId)) return;
    await repository.insertFairnessIfMissing(db, memberId, createFairnessSession({ revealedHashes: await repository.revealedHashes(db, memberId) }).exportState());
  }

  async function fail(roundId: bigint): Promise<void> {
    await repository.updateRound(db, roundId, { status: 'failed', settled_at: new Date() });
  }

  /**
   * Takes the next nonce and stores the round `compute` makes of its random stream. `guard` runs
   * under the same lock first (Mines: one round in progress at a time); `status` is 'playing'
   * for a round that goes on after its bet.
   */
  async function takeRound<Outcome extends object>(
    memberId: bigint,
    target: RoundTarget,
    compute: (stream: ReturnType<typeof createRoundStream>) => { outcome: Outcome; bet: bigint; win: bigint },
    options: { status?: 'open' | 'playing'; guard?: (tx: DbExecutor) => Promise<void> } = {},
  ): Promise<TakenRound<Outcome>> {
    if (await repository.findRoundByRequest(db, memberId, target.requestId)) throw new AppError('house.request_conflict', 'this requestId was already used');
    await ensureFairness(memberId);

    // The nonce is taken with the member's seed row locked: concurrent rounds queue here.
    return db.transaction().execute(async (tx) => {
      const row = await repository.lockFairness(tx, memberId);
      if (!row) throw new Error('house_fairness row missing after insert');
      if (deps.minSpinIntervalMs > 0) {
        const recent = await sql<{ recent: boolean }>`
          select exists (select 1 from house_round where member_id = ${memberId}
            and created_at > clock_timestamp() - make_interval(secs => ${deps.minSpinIntervalMs / 1000})) as recent`.execute(tx);
        if (recent.rows[0]?.recent) throw new AppError('house.too_fast', 'wait before the next spin', { minIntervalMs: deps.minSpinIntervalMs });
      }
      await options.guard?.(tx);
      const seeds = { serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce };
      await repository.setNonce(tx, memberId, row.nonce + 1);
      const computed = compute(createRoundStream(seeds));
      const id = await repository.insertRound(tx, {
        memberId,
        requestId: target.requestId,
        vendorCode: target.vendor,
        gameCode: target.gameCode,
        bet: computed.bet,
        win: computed.win,
        serverSeedHash: row.server_seed_hash,
        clientSeed: row.client_seed,
        nonce: row.nonce,
        outcome: computed.outcome,
        status: options.status,
      });
      // The jackpot draw uses the round's seeds in its own namespace: it never changes the game's outcome.
      const jackpotHit = (await deps.jackpot?.drawn(seeds, computed.bet, tx)) ?? false;
      return { id, ...computed, jackpotHit, fairness: { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.nonce } };
    });
  }

  /**
   * Places the round's bet (opening the member's session when the vendor has none) and records
   * it; answers the balance after it. A refused bet fails the round; an unknown one is rolled back.
   */
  async function placeBet(memberId: bigint, target: Pick<RoundTarget, 'vendor' | 'gameCode'>, round: { id: bigint; bet: bigint }): Promise<string> {
    const { vendor, gameCode } = target;
    const bet = betCall(memberId, round.id, gameCode, formatCents(round.bet));
    let betAnswer;
    try {
      betAnswer = await deps.sessions.bet(vendor, memberId, bet);
    } catch (error) {
      await rollBack(vendor, round.id, bet);
      if (error instanceof AppError) throw error;
      if (error instanceof ProviderUnreachable) throw new AppError('house.provider_unavailable', error.message);
      throw error;
    }
    if (!betAnswer.ok) {
      if (betAnswer.code === 'INSUFFICIENT_FUNDS') {
        await fail(round.id);
        throw new AppError('house.insufficient_funds', 'not enough balance', { balance: betAnswer.balance });
      }
      if (betAnswer.code === 'PLAYER_BLOCKED' || betAnswer.code === 'LIMIT_REACHED') {
        await fail(round.id);
        // A responsible-gaming limit (issue 27) has its own message.
        if (betAnswer.code === 'LIMIT_REACHED') throw new AppError('house.limit_reached', 'bet refused: LIMIT_REACHED');
        throw new AppError('house.play_refused', `bet refused: ${betAnswer.code}`);
      }
      await rollBack(vendor, round.id, bet);
      throw new AppError('house.provider_unavailable', `bet refused: ${betAnswer.status} ${betAnswer.code}`);
    }
    await repository.updateRound(db, round.id, { bet_transaction_id: bet.transactionId, provider_bet_id: BigInt(betAnswer.body.operatorTransactionId) });
    return betAnswer.body.balance;
  }

  /**
   * Delivers the closing win of a round whose bet is placed, then its jackpot step; answers the
   * balance. A win not delivered leaves the round open for the settle job.
   */
  async function closeRound(memberId: bigint, target: Pick<RoundTarget, 'vendor' | 'gameCode'>, round: { id: bigint; bet: bigint; win: bigint; jackpotHit: boolean }): Promise<string> {
    const { vendor, gameCode } = target;
    let balance: string;
    try {
      balance = await deliverWin(vendor, memberId, round.id, gameCode, formatCents(round.win));
    } catch (error) {
      // The bet is taken and the win not yet confirmed: the round stays open; the settle job retries it.
      deps.logger.error({ err: error, roundId: round.id.toString() }, 'house win not delivered; round left open');
      throw new AppError('house.provider_unavailable', 'the win could not be delivered yet');
    }
    if (deps.jackpot) {
      const jackpotRound = { memberId, roundRef: `house-${round.id}`, vendor, gameCode, bet: round.bet, hit: round.jackpotHit };
      const jackpotWin = await deps.jackpot.afterRound(jackpotRound).catch((error: unknown) => {
        deps.logger.error({ err: error, roundRef: jackpotRound.roundRef }, 'jackpot step failed');
        return 0n;
      });
      if (jackpotWin > 0n) balance = formatCents(parseCents(balance)! + jackpotWin);
    }
    return balance;
  }

  /**
   * A round's jackpot draw made again when it closes long after it started (Mines), on the
   * round's own seeds: the active pair (rotation is refused while a round is in progress), else
   * the revealed one.
   */
  async function jackpotDrawOf(round: Pick<repository.RoundRow, 'member_id' | 'server_seed_hash' | 'client_seed' | 'nonce' | 'bet'>): Promise<boolean> {
    if (!deps.jackpot) return false;
    const active = await repository.findFairness(db, round.member_id);
    const serverSeed = active?.server_seed_hash === round.server_seed_hash ? active.server_seed : await repository.findRevealedSeed(db, round.member_id, round.server_seed_hash);
    return serverSeed ? deps.jackpot.drawn({ serverSeed, clientSeed: round.client_seed, nonce: round.nonce }, round.bet) : false;
  }

  /** Sends the round's closing win (same transactionId on every try) and marks the round settled. */
  async function deliverWin(vendor: string, memberId: bigint, roundId: bigint, gameCode: string, amount: string): Promise<string> {
    const roundRef = `house-${roundId}`;
    const win = { playerId: memberId.toString(), transactionId: `${roundRef}-win`, roundId: roundRef, gameCode, amount, roundClosed: true };
    const answer = await withRetries(() => client.win(vendor, win));
    if (!answer.ok) throw new Error(`win refused: ${answer.status} ${answer.code}`);
    const operatorWinId = /^\d+$/.test(answer.body.operatorTransactionId) ? BigInt(answer.body.operatorTransactionId) : null;
    await repository.updateRound(db, roundId, { win_transaction_id: win.transactionId, provider_win_id: operatorWinId, status: 'settled', settled_at: new Date() });
    return answer.body.balance;
  }

  /** After a failed or unknown bet: refund it (safe whether or not it was applied), then mark the round failed. */
  async function rollBack(vendor: string, roundId: bigint, bet: { playerId: string; transactionId: string; roundId: string }): Promise<boolean> {
    try {
      const answer = await withRetries(() => client.rollback(vendor, { playerId: bet.playerId, transactionId: `${bet.roundId}-rollback`, originalTransactionId: bet.transactionId, roundId: bet.roundId }));
      if (!answer.ok) throw new Error(`rollback refused: ${answer.status} ${answer.code}`);
      await fail(roundId);
      return true;
    } catch (error) {
      deps.logger.error({ err: error, roundId: roundId.toString() }, 'house rollback not delivered; round left open');
      return false;
    }
  }

  function betCall(memberId: bigint, roundId: bigint, gameCode: string, amount: string) {
    const roundRef = `house-${roundId}`;
    return { playerId: memberId.toString(), transactionId: `${roundRef}-bet`, roundId: roundRef, gameCode, amount };
  }

  /** Refunds a round's bet (the rollback is harmless if the bet never arrived: it leaves a tombstone). */
  function refund(round: Pick<repository.RoundRow, 'id' | 'member_id' | 'vendor_code' | 'game_code' | 'bet'>): Promise<boolean> {
    return rollBack(round.vendor_code, round.id, betCall(round.member_id, round.id, round.game_code, formatCents(round.bet)));
  }

  /**
   * Finishes rounds left open (the process stopped, or the provider API was unreachable): a round
   * whose bet was confirmed gets its win delivered; one whose bet was never confirmed is rolled
   * back. Answers the counts.
   */
  async function settleOpenRounds(olderThanMs: number, limit = 200): Promise<{ settled: number; rolledBack: number; stillOpen: number }> {
    const rounds = await repository.findStaleOpenRounds(db, new Date(Date.now() - olderThanMs), limit);
    const counts = { settled: 0, rolledBack: 0, stillOpen: 0 };
    for (const round of rounds) {
      if (round.bet_transaction_id) {
        try {
          await deliverWin(round.vendor_code, round.member_id, round.id, round.game_code, formatCents(round.win));
          counts.settled += 1;
        } catch (error) {
          deps.logger.error({ err: error, roundId: round.id.toString() }, 'house win still not delivered');
          counts.stillOpen += 1;
        }
      } else if (await refund(round)) {
        counts.rolledBack += 1;
      } else {
        counts.stillOpen += 1;
      }
    }
    return counts;
  }

  return { ensureFairness, takeRound, placeBet, closeRound, jackpotDrawOf, refund, settleOpenRounds };
}

export type PaidRounds = ReturnType<typeof createPaidRounds>;
