import { sql } from 'kysely';
import { findMiniGame, formatMultiplier, payout, playRound, PLINKO_ROWS, PLINKO_TABLES, serialiseRound, type RoundOutcome } from '@app/house-games';
import type { MiniGameCode, MiniOutcome } from '@app/contracts';
import { AppError, formatCents, parseCents } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { createClientSeed, createFairnessSession, createRoundStream, createServerSeed, hashServerSeed, type SeedState } from './fairness/provably-fair.ts';
import * as repository from './house-games.repository.ts';
import { ProviderUnreachable, withRetries, type ProviderClient } from './provider-client.ts';
import type { Jackpot } from './jackpot/jackpot.service.ts';
import { HOUSE_VENDOR_CODE, machineFor, resolveTable, tableView, type CatalogueGame, type SlotTable } from './slot-tables.ts';

const REVEALED_SHOWN = 50;
/** Mini game table limits, in centavos. */
export const MINI_BET = { min: 10n, max: 100_000n } as const;



function stateOf(row: repository.FairnessRow): SeedState {
  return { serverSeed: row.server_seed, serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.nonce };
}

/**
 * The house game server: seeds per member, rounds, and every money movement through the provider
 * API over HTTP as the game's vendor (HOUSE, or the demo vendor it serves): bet, then win with
 * roundClosed.
 */
export function createHouseGamesService(deps: {
  db: Db;
  logger: Logger;
  client: ProviderClient;
  minSpinIntervalMs: number;
  /** The progressive jackpot every paid round draws for and contributes to (absent in some tests). */
  jackpot?: Jackpot;
  /** The catalogue's view of a game (names, vendor, demo flag, wallet mode, playable). */
  catalogueGame: (vendor: string, gameCode: string) => Promise<CatalogueGame | undefined>;
  /** The catalogue's server-side launch: a single-use token for the provider's authenticate. */
  issueLaunchToken: (memberId: bigint, vendorCode: string, gameCode: string) => Promise<string | undefined>;
}) {
  const { db, client } = deps;

  async function ensureFairness(memberId: bigint): Promise<void> {
    if (await repository.findFairness(db, memberId)) return;
    await repository.insertFairnessIfMissing(db, memberId, createFairnessSession({ revealedHashes: await repository.revealedHashes(db, memberId) }).exportState());
  }

  /** Opens the member's provider session at the vendor as any vendor does: launch token → authenticate. */
  async function openSession(memberId: bigint, vendor: string, gameCode: string): Promise<void> {
    const token = await deps.issueLaunchToken(memberId, vendor, gameCode);
    if (!token) throw new AppError('house.game_not_found', 'the game is not in the catalogue');
    const answer = await client.authenticate(vendor, token);
    if (!answer.ok) {
      if (answer.code === 'PLAYER_BLOCKED') throw new AppError('house.play_refused', 'the player may not play');
      throw new AppError('house.provider_unavailable', `authenticate refused: ${answer.code}`);
    }
  }

  async function fail(roundId: bigint): Promise<void> {
    await repository.updateRound(db, roundId, { status: 'failed', settled_at: new Date() });
  }

  const tableOf = (vendor: string, gameCode: string) => resolveTable(deps.catalogueGame, vendor, gameCode);

  async function playableTable(vendor: string, gameCode: string): Promise<SlotTable> {
    const table = await tableOf(vendor, gameCode);
    if (!table.game.playable) throw new AppError('house.game_unavailable', 'this game is not available now');
    return table;
  }

  function lineBetOf(table: SlotTable, text: string): bigint {
    const lineBet = parseCents(text);
    if (lineBet === undefined || !table.engine.lineBets.includes(lineBet)) throw new AppError('house.bet_invalid', 'not a line bet this game offers', { field: 'lineBet', lineBets: table.engine.lineBets.map(formatCents) });
    return lineBet;
  }

  async function table(vendor: string, gameCode: string) {
    return tableView(await tableOf(vendor, gameCode), deps.minSpinIntervalMs);
  }

  /**
   * Demo play (trial accounts, "play for fun"): no money moves and nothing is stored. Each demo
   * round takes fresh seeds and reveals them with the outcome, so it can be verified at once.
   */
  async function demoSpin(vendor: string, gameCode: string, lineBetText: string) {
    const table = await playableTable(vendor, gameCode);
    if (!table.game.demoSupported) throw new AppError('catalogue.demo_unavailable', 'this game has no demo mode');
    const lineBet = lineBetOf(table, lineBetText);
    const seeds = { serverSeed: createServerSeed(), clientSeed: createClientSeed(), nonce: 0 };
    const outcome = serialiseRound(playRound(table.engine, { lineBet }, createRoundStream(seeds)));
    return { round: { gameCode, ...outcome }, fairness: { ...seeds, serverSeedHash: hashServerSeed(seeds.serverSeed) } };
  }

  async function spin(memberId: bigint, input: { vendor: string; gameCode: string; lineBet: string; requestId: string }) {
    const table = await playableTable(input.vendor, input.gameCode);
    const lineBet = lineBetOf(table, input.lineBet);
    const played = await playPaidRound(memberId, { vendor: table.vendor, gameCode: table.gameCode, requestId: input.requestId }, (stream) => {
      const outcome = serialiseRound(playRound(table.engine, { lineBet }, stream));
      return { outcome, bet: parseCents(outcome.totalBet)!, win: parseCents(outcome.totalWin)! };
    });
    return { round: { id: played.id, vendor: table.vendor, gameCode: table.gameCode, ...played.outcome }, balance: played.balance, fairness: played.fairness };
  }

  async function miniTable(code: string) {
    const game = findMiniGame(code);
    if (!game) throw new AppError('house.game_not_found', 'no such game');
    const entry = await deps.catalogueGame(HOUSE_VENDOR_CODE, game.code);
    if (!entry) throw new AppError('house.game_not_found', 'no such game');
    const percent = (fraction: number) => Math.round(fraction * 1_000_000) / 10_000;
    const plinkoTables = game.code === 'plinko'
      ? PLINKO_ROWS.flatMap((rows) => (['low', 'medium', 'high'] as const).map((risk) => ({ rows, risk, rtp: percent(game.rtp({ rows, risk })), multipliers: PLINKO_TABLES[rows][risk].map((value) => value.toFixed(2)) })))
      : undefined;
    return {
      gameCode: game.code as MiniGameCode,
      names: game.name,
      minBet: formatCents(MINI_BET.min),
      maxBet: formatCents(MINI_BET.max),
      rtp: plinkoTables ? Math.max(...plinkoTables.map((table) => table.rtp)) : 99,
      ...(plinkoTables ? { plinko: plinkoTables } : {}),
      minSpinIntervalMs: deps.minSpinIntervalMs,
      playable: entry.playable,
    };
  }

  /** One round of a mini game (dice, limbo, plinko) for `amount`, with the player's parameters. */
  async function playMini(memberId: bigint, input: { gameCode: string; amount: string; params: unknown; requestId: string }) {
    const game = findMiniGame(input.gameCode);
    if (!game) throw new AppError('house.game_not_found', 'no such game');
    const table = await playableMini(game.code);
    const params = game.parse(input.params);
    if (params === undefined) throw new AppError('house.bet_invalid', 'these are not parameters this game accepts', { field: 'params' });
    const bet = parseCents(input.amount);
    if (bet === undefined || bet < MINI_BET.min || bet > MINI_BET.max) throw new AppError('house.bet_invalid', 'the bet is outside the table limits', { field: 'amount', min: formatCents(MINI_BET.min), max: formatCents(MINI_BET.max) });
    const played = await playPaidRound(memberId, { vendor: table.vendor, gameCode: game.code, requestId: input.requestId }, (stream) => {
      const round = game.play(params, stream);
      const win = payout(bet, round.multiplier);
      return { outcome: { kind: game.code as MiniGameCode, bet: formatCents(bet), multiplier: formatMultiplier(round.multiplier), win: formatCents(win), result: round.outcome as MiniOutcome['result'] }, bet, win };
    });
    return { round: { id: played.id, gameCode: game.code, ...played.outcome }, balance: played.balance, fairness: played.fairness };
  }

  async function playableMini(code: string) {
    const game = await deps.catalogueGame(HOUSE_VENDOR_CODE, code);
    if (!game) throw new AppError('house.game_not_found', 'no such game');
    if (!game.playable) throw new AppError('house.game_unavailable', 'this game is not available now');
    return { vendor: HOUSE_VENDOR_CODE, game };
  }

  /**
   * A paid round on the member's seeds: the nonce is taken and the round stored (outcome fixed)
   * before any money moves; then the bet and the closing win go through the provider API as the
   * game's vendor. `compute` turns the round's random stream into the outcome, bet and win.
   */
  async function playPaidRound<Outcome extends object>(
    memberId: bigint,
    target: { vendor: string; gameCode: string; requestId: string },
    compute: (stream: ReturnType<typeof createRoundStream>) => { outcome: Outcome; bet: bigint; win: bigint },
  ) {
    if (await repository.findRoundByRequest(db, memberId, target.requestId)) throw new AppError('house.request_conflict', 'this requestId was already used');
    await ensureFairness(memberId);

    // The nonce is taken with the member's seed row locked: concurrent rounds queue here.
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
      });
      // The jackpot draw uses the round's seeds in its own namespace: it never changes the game's outcome.
      const jackpotHit = deps.jackpot?.drawn(seeds, computed.bet) ?? false;
      return { id, ...computed, jackpotHit, fairness: { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.nonce } };
    });

    const { vendor, gameCode } = target;
    const bet = betCall(memberId, taken.id, gameCode, formatCents(taken.bet));
    let betAnswer;
    try {
      betAnswer = await client.bet(vendor, bet);
      if (!betAnswer.ok && betAnswer.code === 'INVALID_TOKEN') {
        await openSession(memberId, vendor, gameCode);
        betAnswer = await client.bet(vendor, bet);
      }
    } catch (error) {
      await rollBack(vendor, taken.id, bet);
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
      await rollBack(vendor, taken.id, bet);
      throw new AppError('house.provider_unavailable', `bet refused: ${betAnswer.status} ${betAnswer.code}`);
    }
    await repository.updateRound(db, taken.id, { bet_transaction_id: bet.transactionId, provider_bet_id: BigInt(betAnswer.body.operatorTransactionId) });

    let balance: string;
    try {
      balance = await deliverWin(vendor, memberId, taken.id, gameCode, formatCents(taken.win));
    } catch (error) {
      // The bet is taken and the win not yet confirmed: the round stays open; the settle job retries it.
      deps.logger.error({ err: error, roundId: taken.id.toString() }, 'house win not delivered; round left open');
      throw new AppError('house.provider_unavailable', 'the win could not be delivered yet');
    }
    if (deps.jackpot) {
      const round = { memberId, roundRef: `house-${taken.id}`, vendor, gameCode, bet: taken.bet, hit: taken.jackpotHit };
      const jackpotWin = await deps.jackpot.afterRound(round).catch((error: unknown) => {
        deps.logger.error({ err: error, roundRef: round.roundRef }, 'jackpot step failed');
        return 0n;
      });
      if (jackpotWin > 0n) balance = formatCents(parseCents(balance)! + jackpotWin);
    }
    return { id: taken.id.toString(), outcome: taken.outcome, balance, fairness: taken.fairness };
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

  /**
   * Finishes rounds left open (the process stopped, or the provider API was unreachable): a round
   * whose bet was confirmed gets its win delivered; one whose bet was never confirmed is rolled
   * back (harmless if the bet never arrived: the rollback leaves a tombstone). Answers the counts.
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
      } else {
        const bet = betCall(round.member_id, round.id, round.game_code, formatCents(round.bet));
        if (await rollBack(round.vendor_code, round.id, bet)) counts.rolledBack += 1;
        else counts.stillOpen += 1;
      }
    }
    return counts;
  }

  function betCall(memberId: bigint, roundId: bigint, gameCode: string, amount: string) {
    const roundRef = `house-${roundId}`;
    return { playerId: memberId.toString(), transactionId: `${roundRef}-bet`, roundId: roundRef, gameCode, amount };
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
      vendor: row.vendor_code,
      gameCode: row.game_code,
      machine: machineFor(row.vendor_code, row.game_code),
      status: row.status,
      bet: formatCents(row.bet),
      win: formatCents(row.win),
      createdAt: row.created_at.toISOString(),
      outcome: row.outcome as RoundOutcome | MiniOutcome,
      fairness: { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.nonce, serverSeed: serverSeed ?? null },
    };
  }

  const jackpotPools = async () => (deps.jackpot ? deps.jackpot.pools() : { pools: [] });

  return { table, jackpotPools, spin, playMini, miniTable, demoSpin, settleOpenRounds, fairness, rotate, round };
}

export type HouseGamesService = ReturnType<typeof createHouseGamesService>;
