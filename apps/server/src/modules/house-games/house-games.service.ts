import { sql } from 'kysely';
import { AppError, formatCents, parseCents } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { createFairnessSession, createRoundStream, type SeedState } from './fairness/provably-fair.ts';
import * as repository from './house-games.repository.ts';
import { ProviderUnreachable, withRetries, type ProviderClient } from './provider-client.ts';
import { playRound, type RoundResult, type SpinResult } from './slots/engine.ts';
import { findSlotGame } from './slots/games/index.ts';

export const HOUSE_VENDOR_CODE = 'HOUSE';
const REVEALED_SHOWN = 50;

/** What a round looks like on the wire and in house_round.outcome (money as decimal strings). */
export function serialiseRound(result: RoundResult) {
  const spinView = (spin: SpinResult) => ({
    mode: spin.mode,
    stops: spin.stops,
    window: spin.window,
    lineWins: spin.lineWins.map((win) => ({ line: win.line, symbol: win.symbol, count: win.count, pay: formatCents(win.pay) })),
    scatter: { count: spin.scatter.count, pay: formatCents(spin.scatter.pay) },
    freeSpinsAwarded: spin.freeSpinsAwarded,
    multiplier: spin.multiplier,
    win: formatCents(spin.win),
  });
  const base = spinView(result.base);
  return {
    lineBet: formatCents(result.bet.lineBet),
    lines: result.bet.lines,
    totalBet: formatCents(result.bet.totalBet),
    stops: base.stops,
    window: base.window,
    lineWins: base.lineWins,
    scatter: base.scatter,
    base,
    freeSpins: result.freeSpins.map(spinView),
    freeSpinsAwarded: result.freeSpinsAwarded,
    totalWin: formatCents(result.totalWin),
  };
}

export type RoundOutcome = ReturnType<typeof serialiseRound>;

function stateOf(row: repository.FairnessRow): SeedState {
  return { serverSeed: row.server_seed, serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.nonce };
}

/**
 * The house game server: seeds per member, rounds, and every money movement through the provider
 * API over HTTP as vendor HOUSE (bet, then win with roundClosed).
 */
export function createHouseGamesService(deps: {
  db: Db;
  logger: Logger;
  client: ProviderClient;
  minSpinIntervalMs: number;
  /** The catalogue's server-side launch: a single-use token for the provider's authenticate. */
  issueLaunchToken: (memberId: bigint, vendorCode: string, gameCode: string) => Promise<string | undefined>;
}) {
  const { db, client } = deps;

  async function ensureFairness(memberId: bigint): Promise<void> {
    if (await repository.findFairness(db, memberId)) return;
    await repository.insertFairnessIfMissing(db, memberId, createFairnessSession({ revealedHashes: await repository.revealedHashes(db, memberId) }).exportState());
  }

  /** Opens the member's provider session at HOUSE as any vendor does: launch token → authenticate. */
  async function openSession(memberId: bigint, gameCode: string): Promise<void> {
    const token = await deps.issueLaunchToken(memberId, HOUSE_VENDOR_CODE, gameCode);
    if (!token) throw new AppError('house.game_not_found', 'the game is not in the catalogue');
    const answer = await client.authenticate(token);
    if (!answer.ok) {
      if (answer.code === 'PLAYER_BLOCKED') throw new AppError('house.play_refused', 'the player may not play');
      throw new AppError('house.provider_unavailable', `authenticate refused: ${answer.code}`);
    }
  }

  async function fail(roundId: bigint): Promise<void> {
    await repository.updateRound(db, roundId, { status: 'failed', settled_at: new Date() });
  }

  async function spin(memberId: bigint, input: { gameCode: string; lineBet: string; requestId: string }) {
    const game = findSlotGame(input.gameCode);
    if (!game) throw new AppError('house.game_not_found', 'no such game');
    const lineBet = parseCents(input.lineBet);
    if (lineBet === undefined || !game.lineBets.includes(lineBet)) throw new AppError('house.bet_invalid', 'not a line bet this game offers', { field: 'lineBet', lineBets: game.lineBets.map(formatCents) });
    if (await repository.findRoundByRequest(db, memberId, input.requestId)) throw new AppError('house.request_conflict', 'this requestId was already used');
    await ensureFairness(memberId);

    // The nonce is taken with the member's seed row locked: concurrent spins queue here.
    const taken = await db.transaction().execute(async (tx) => {
      const row = await repository.lockFairness(tx, memberId);
      if (!row) throw new Error('house_fairness row missing after insert');
      if (deps.minSpinIntervalMs > 0) {
        const recent = await sql<{ recent: boolean }>`
          select exists (select 1 from house_round where member_id = ${memberId}
            and created_at > clock_timestamp() - make_interval(secs => ${deps.minSpinIntervalMs / 1000})) as recent`.execute(tx);
        if (recent.rows[0]?.recent) throw new AppError('house.too_fast', 'wait before the next spin', { minIntervalMs: deps.minSpinIntervalMs });
      }
      const seeds = { serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce };
      await repository.setNonce(tx, memberId, row.nonce + 1);
      const outcome = serialiseRound(playRound(game, { lineBet }, createRoundStream(seeds)));
      const id = await repository.insertRound(tx, {
        memberId,
        requestId: input.requestId,
        gameCode: game.code,
        bet: parseCents(outcome.totalBet)!,
        win: parseCents(outcome.totalWin)!,
        serverSeedHash: row.server_seed_hash,
        clientSeed: row.client_seed,
        nonce: row.nonce,
        outcome,
      });
      return { id, outcome, fairness: { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.nonce } };
    });

    const roundRef = `house-${taken.id}`;
    const playerId = memberId.toString();
    const bet = { playerId, transactionId: `${roundRef}-bet`, roundId: roundRef, gameCode: game.code, amount: taken.outcome.totalBet };
    let betAnswer;
    try {
      betAnswer = await client.bet(bet);
      if (!betAnswer.ok && betAnswer.code === 'INVALID_TOKEN') {
        await openSession(memberId, game.code);
        betAnswer = await client.bet(bet);
      }
    } catch (error) {
      await rollBack(taken.id, bet);
      if (error instanceof AppError) throw error;
      if (error instanceof ProviderUnreachable) throw new AppError('house.provider_unavailable', error.message);
      throw error;
    }
    if (!betAnswer.ok) {
      if (betAnswer.code === 'INSUFFICIENT_FUNDS') {
        await fail(taken.id);
        throw new AppError('house.insufficient_funds', 'not enough balance', { balance: betAnswer.balance });
      }
      if (betAnswer.code === 'PLAYER_BLOCKED' || betAnswer.code === 'LIMIT_REACHED') {
        await fail(taken.id);
        throw new AppError('house.play_refused', `bet refused: ${betAnswer.code}`);
      }
      await rollBack(taken.id, bet);
      throw new AppError('house.provider_unavailable', `bet refused: ${betAnswer.status} ${betAnswer.code}`);
    }
    await repository.updateRound(db, taken.id, { bet_transaction_id: bet.transactionId, provider_bet_id: BigInt(betAnswer.body.operatorTransactionId) });

    const win = { playerId, transactionId: `${roundRef}-win`, roundId: roundRef, gameCode: game.code, amount: taken.outcome.totalWin, roundClosed: true };
    let winAnswer;
    try {
      winAnswer = await withRetries(() => client.win(win));
    } catch (error) {
      // The bet is taken and the win not yet confirmed: the round stays open for a retry.
      deps.logger.error({ err: error, roundId: taken.id.toString() }, 'house win not delivered; round left open');
      throw new AppError('house.provider_unavailable', 'the win could not be delivered yet');
    }
    if (!winAnswer.ok) {
      deps.logger.error({ roundId: taken.id.toString(), code: winAnswer.code }, 'house win refused; round left open');
      throw new AppError('house.provider_unavailable', `win refused: ${winAnswer.code}`);
    }
    const operatorWinId = /^\d+$/.test(winAnswer.body.operatorTransactionId) ? BigInt(winAnswer.body.operatorTransactionId) : null;
    await repository.updateRound(db, taken.id, { win_transaction_id: win.transactionId, provider_win_id: operatorWinId, status: 'settled', settled_at: new Date() });
    return { round: { id: taken.id.toString(), gameCode: game.code, ...taken.outcome }, balance: winAnswer.body.balance, fairness: taken.fairness };
  }

  /** After a failed or unknown bet: refund it (safe whether or not it was applied), then mark the round failed. */
  async function rollBack(roundId: bigint, bet: { playerId: string; transactionId: string; roundId: string }): Promise<void> {
    try {
      await withRetries(() => client.rollback({ playerId: bet.playerId, transactionId: `${bet.roundId}-rollback`, originalTransactionId: bet.transactionId, roundId: bet.roundId }));
      await fail(roundId);
    } catch (error) {
      deps.logger.error({ err: error, roundId: roundId.toString() }, 'house rollback not delivered; round left open');
    }
  }

  async function fairness(memberId: bigint) {
    await ensureFairness(memberId);
    const row = (await repository.findFairness(db, memberId))!;
    const revealed = await repository.listRevealed(db, memberId, REVEALED_SHOWN);
    return {
      serverSeedHash: row.server_seed_hash,
      clientSeed: row.client_seed,
      nonce: row.nonce,
      revealed: revealed.map((r) => ({ serverSeed: r.server_seed, serverSeedHash: r.server_seed_hash, clientSeed: r.client_seed, lastNonce: r.last_nonce, revealedAt: r.revealed_at.toISOString() })),
    };
  }

  /** Reveals the active server seed and commits a new one (nonce 0), with the new client seed when given. */
  async function rotate(memberId: bigint, clientSeed?: string) {
    await ensureFairness(memberId);
    return db.transaction().execute(async (tx) => {
      const row = (await repository.lockFairness(tx, memberId))!;
      const session = createFairnessSession({ state: stateOf(row), revealedHashes: await repository.revealedHashes(tx, memberId) });
      const result = clientSeed === undefined ? session.rotate() : session.changeClientSeed(clientSeed);
      await repository.insertRevealed(tx, memberId, { serverSeed: result.revealed.serverSeed, serverSeedHash: result.revealed.serverSeedHash, clientSeed: result.revealed.clientSeed, lastNonce: result.revealed.nextNonce });
      await repository.replaceFairness(tx, memberId, session.exportState());
      return { revealed: { serverSeed: result.revealed.serverSeed, serverSeedHash: result.revealed.serverSeedHash, clientSeed: result.revealed.clientSeed, lastNonce: result.revealed.nextNonce }, active: result.active };
    });
  }

  async function round(memberId: bigint, id: bigint) {
    const row = await repository.findRound(db, memberId, id);
    if (!row) throw new AppError('house.round_not_found', 'no such round');
    const serverSeed = await repository.findRevealedSeed(db, memberId, row.server_seed_hash);
    return {
      id: row.id.toString(),
      gameCode: row.game_code,
      status: row.status,
      bet: formatCents(row.bet),
      win: formatCents(row.win),
      createdAt: row.created_at.toISOString(),
      outcome: row.outcome as RoundOutcome,
      fairness: { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.nonce, serverSeed: serverSeed ?? null },
    };
  }

  return { spin, fairness, rotate, round };
}

export type HouseGamesService = ReturnType<typeof createHouseGamesService>;
