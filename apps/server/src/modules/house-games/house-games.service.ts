import { findMiniGame, formatMultiplier, payout, playRound, PLINKO_ROWS, PLINKO_TABLES, serialiseRound, type RoundOutcome } from '@app/house-games';
import type { MiniGameCode, MiniOutcome } from '@app/contracts';
import { AppError, formatCents, parseCents } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import { createClientSeed, createFairnessSession, createRoundStream, createServerSeed, hashServerSeed, type SeedState } from './fairness/provably-fair.ts';
import * as repository from './house-games.repository.ts';
import type { Jackpot } from './jackpot/jackpot.service.ts';
import type { PaidRounds, RoundTarget } from './paid-round.ts';
import { isStoredMinesOutcome, publicMinesOutcome } from './mines/mines-view.ts';
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
  /** The paid-round steps (nonce, bet, win, rollback) shared with Mines. */
  rounds: PaidRounds;
  minSpinIntervalMs: number;
  /** The progressive jackpot every paid round draws for and contributes to (absent in some tests). */
  jackpot?: Jackpot;
  /** The catalogue's view of a game (names, vendor, demo flag, wallet mode, playable). */
  catalogueGame: (vendor: string, gameCode: string) => Promise<CatalogueGame | undefined>;
}) {
  const { db, rounds } = deps;

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
   * A paid round on the member's seeds: stored with its outcome fixed, then its bet and closing
   * win through the provider API as the game's vendor. `compute` turns the round's random stream
   * into the outcome, bet and win.
   */
  async function playPaidRound<Outcome extends object>(
    memberId: bigint,
    target: RoundTarget,
    compute: (stream: ReturnType<typeof createRoundStream>) => { outcome: Outcome; bet: bigint; win: bigint },
  ) {
    const taken = await rounds.takeRound(memberId, target, compute);
    await rounds.placeBet(memberId, target, taken);
    const balance = await rounds.closeRound(memberId, target, taken);
    return { id: taken.id.toString(), outcome: taken.outcome, balance, fairness: taken.fairness };
  }

  async function fairness(memberId: bigint) {
    await rounds.ensureFairness(memberId);
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
    await rounds.ensureFairness(memberId);
    return db.transaction().execute(async (tx) => {
      const row = (await repository.lockFairness(tx, memberId))!;
      // A Mines board in progress is fixed by the active seeds: revealing them would reveal its mines.
      if (await repository.hasPlayingRound(tx, memberId)) throw new AppError('house.round_in_progress', 'finish the round in progress before rotating the seeds');
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
      outcome: isStoredMinesOutcome(row.outcome) ? publicMinesOutcome(row.outcome, row.status) : (row.outcome as RoundOutcome | MiniOutcome),
      fairness: { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.nonce, serverSeed: serverSeed ?? null },
    };
  }

  const jackpotPools = async () => (deps.jackpot ? deps.jackpot.pools() : { pools: [] });

  return { table, jackpotPools, spin, playMini, miniTable, demoSpin, settleOpenRounds: rounds.settleOpenRounds, fairness, rotate, round };
}

export type HouseGamesService = ReturnType<typeof createHouseGamesService>;
