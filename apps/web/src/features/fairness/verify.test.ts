import { createHash, createHmac, webcrypto } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MiniOutcome, MinesOutcome } from '@app/contracts';
import { blockMessage, createBlockStream, findMiniGame, findSlotGame, minePositions, minesMultiplier, payout, playRound, SLOT_GAMES, type MiniRound, type RoundResult } from '@app/house-games';
import { compareMinesWithStored, compareMiniWithStored, compareWithStored, formatMultiplier, miniParamsOf, parseMultiplier, sha256Hex, verifyMinesRound, verifyMiniRound, verifySlotRound, type MiniRecomputed } from './verify.ts';

const SERVER_SEED = '3f9a1c0e5b7d24688e1f0a9b3c5d7e9f00112233445566778899aabbccddeeff';
const SERVER_SEED_HASH = createHash('sha256').update(SERVER_SEED, 'utf8').digest('hex');
const CLIENT_SEED = 'my lucky seed!';
const MACHINE = SLOT_GAMES[0]!.code;

/** The server's way (node:crypto), independent of the verifier under test. */
function expectedRound(nonce: number, lineBet = 20n, machine = MACHINE): RoundResult {
  const game = findSlotGame(machine)!;
  const stream = createBlockStream((cursor) => createHmac('sha256', SERVER_SEED).update(blockMessage(CLIENT_SEED, nonce, cursor), 'utf8').digest());
  return playRound(game, { lineBet }, stream);
}

const money = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
const input = (overrides: Partial<Parameters<typeof verifySlotRound>[0]> = {}) => ({
  serverSeed: SERVER_SEED,
  serverSeedHash: SERVER_SEED_HASH,
  clientSeed: CLIENT_SEED,
  nonce: 7,
  machine: MACHINE,
  lineBet: '0.20',
  ...overrides,
});

beforeAll(() => {
  // jsdom may leave WebCrypto out; Node's is the same API the browser has.
  if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
});

describe('verifySlotRound', () => {
  it('hashes a seed as the server commits to it', async () => {
    expect(await sha256Hex(SERVER_SEED)).toBe(SERVER_SEED_HASH);
  });

  it.each(SLOT_GAMES.map((game) => game.code))('recomputes the round the server played on %s', async (machine) => {
    const expected = expectedRound(7, 20n, machine);
    const result = await verifySlotRound(input({ machine }));
    if (!result.valid) throw new Error(`expected a valid result, got ${result.reason}`);
    expect(result.outcome.stops).toEqual(expected.base.stops);
    expect(result.outcome.window).toEqual(expected.base.window);
    expect(result.outcome.totalWin).toBe(money(expected.totalWin));
    expect(result.outcome.lineBet).toBe('0.20');
    expect(result.outcome.freeSpins).toHaveLength(expected.freeSpins.length);
    expect(result.outcome.lineWins).toEqual(expected.base.lineWins.map((win) => ({ ...win, pay: money(win.pay) })));
    expect(compareWithStored(result.outcome, { stops: expected.base.stops, window: expected.base.window, totalWin: money(expected.totalWin) }).matches).toBe(true);
  });

  it('accepts the line bet in centavos and an upper-case hash', async () => {
    const expected = expectedRound(3, 5n);
    const result = await verifySlotRound(input({ nonce: 3, lineBet: 5n, serverSeedHash: SERVER_SEED_HASH.toUpperCase() }));
    expect(result.valid && result.outcome.stops).toEqual(expected.base.stops);
  });

  it('computes more blocks and replays when a round with free spins outruns the first batch', async () => {
    let nonce = 0;
    while (expectedRound(nonce).freeSpins.length === 0) nonce += 1;
    const expected = expectedRound(nonce);
    const result = await verifySlotRound(input({ nonce }), { firstBatch: 1 });
    if (!result.valid) throw new Error(result.reason);
    expect(result.outcome.freeSpins.length).toBe(expected.freeSpins.length);
    expect(result.outcome.freeSpins.map((spin) => spin.stops)).toEqual(expected.freeSpins.map((spin) => spin.stops));
    expect(result.outcome.totalWin).toBe(money(expected.totalWin));
  });

  it('says hash_mismatch when the seed is not the one committed to', async () => {
    const otherHash = createHash('sha256').update('f'.repeat(64), 'utf8').digest('hex');
    expect(await verifySlotRound(input({ serverSeedHash: otherHash }))).toEqual({ valid: false, reason: 'hash_mismatch' });
    expect(await verifySlotRound(input({ serverSeedHash: 'not a hash' }))).toEqual({ valid: false, reason: 'hash_mismatch' });
  });

  it.each([
    ['a short server seed', { serverSeed: 'abc123' }],
    ['an upper-case server seed', { serverSeed: SERVER_SEED.toUpperCase() }],
    ['a non-hex server seed', { serverSeed: 'z'.repeat(64) }],
    ['an empty client seed', { clientSeed: '' }],
    ['a client seed with accents', { clientSeed: 'sementé' }],
    ['a client seed over 64 characters', { clientSeed: 'x'.repeat(65) }],
    ['a negative nonce', { nonce: -1 }],
    ['a fractional nonce', { nonce: 1.5 }],
  ])('says invalid_seeds for %s', async (_label, overrides) => {
    expect(await verifySlotRound(input(overrides))).toEqual({ valid: false, reason: 'invalid_seeds' });
  });

  it('says unknown_machine and invalid_bet', async () => {
    expect(await verifySlotRound(input({ machine: 'no-such-slot' }))).toEqual({ valid: false, reason: 'unknown_machine' });
    expect(await verifySlotRound(input({ lineBet: '0.00' }))).toEqual({ valid: false, reason: 'invalid_bet' });
    expect(await verifySlotRound(input({ lineBet: 'abc' }))).toEqual({ valid: false, reason: 'invalid_bet' });
  });
});

describe('compareWithStored', () => {
  const stored = { stops: [1, 2, 3, 4, 5], window: [['A', 'B', 'C'], ['A', 'B', 'C'], ['A', 'B', 'C'], ['A', 'B', 'C'], ['A', 'B', 'C']], totalWin: '1.20' };

  it('matches the same stops, window and total win (however the amount is written)', () => {
    expect(compareWithStored({ ...stored, totalWin: '1.2' }, stored)).toEqual({ matches: true, stops: true, window: true, totalWin: true });
  });

  it('tells which part differs', () => {
    expect(compareWithStored({ ...stored, stops: [1, 2, 3, 4, 6] }, stored)).toMatchObject({ matches: false, stops: false, window: true });
    expect(compareWithStored({ ...stored, window: [...stored.window.slice(0, 4), ['A', 'B', 'WI']] }, stored)).toMatchObject({ matches: false, window: false });
    expect(compareWithStored({ ...stored, totalWin: '1.21' }, stored)).toMatchObject({ matches: false, totalWin: false });
  });
});

/** The server's playMini (node:crypto stream): game.play(game.parse(params), stream). */
function expectedMini(gameCode: string, params: Record<string, string | number>, nonce: number): MiniRound<unknown> {
  const game = findMiniGame(gameCode)!;
  const stream = createBlockStream((cursor) => createHmac('sha256', SERVER_SEED).update(blockMessage(CLIENT_SEED, nonce, cursor), 'utf8').digest());
  return game.play(game.parse(params), stream);
}

/** "1.9801" from ten-thousandths, written here independently of the verifier. */
const multiplierText = (value: bigint) => `${value / 10_000n}.${(value % 10_000n).toString().padStart(4, '0')}`;

/** The MiniOutcome the server would have stored for a bet of `bet` centavos. */
function storedMini(kind: MiniOutcome['kind'], params: Record<string, string | number>, nonce: number, bet = 100n): MiniOutcome {
  const round = expectedMini(kind, params, nonce);
  return { kind, bet: money(bet), multiplier: multiplierText(round.multiplier), win: money(payout(bet, round.multiplier)), result: round.outcome as MiniOutcome['result'] };
}

const miniInput = (overrides: Partial<Parameters<typeof verifyMiniRound>[0]> = {}) => ({
  serverSeed: SERVER_SEED,
  serverSeedHash: SERVER_SEED_HASH,
  clientSeed: CLIENT_SEED,
  nonce: 7,
  gameCode: 'dados',
  params: { direction: 'over', target: '50.00' },
  ...overrides,
});

const MINI_CASES: [MiniOutcome['kind'], Record<string, string | number>][] = [
  ['dados', { direction: 'over', target: '50.00' }],
  ['dados', { direction: 'under', target: '2.00' }],
  ['dados', { direction: 'over', target: '98.00' }],
  ['limbo', { target: '2.00' }],
  ['limbo', { target: '1.01' }],
  ['limbo', { target: '1000000.00' }],
  ['plinko', { rows: 8, risk: 'low' }],
  ['plinko', { rows: 12, risk: 'medium' }],
  ['plinko', { rows: 16, risk: 'high' }],
];

describe('verifyMiniRound', () => {
  it.each(MINI_CASES)('recomputes the %s round the server played with %j, nonce by nonce', async (gameCode, params) => {
    for (const nonce of [0, 1, 2, 3, 7, 42, 999]) {
      const expected = expectedMini(gameCode, params, nonce);
      const result = await verifyMiniRound(miniInput({ gameCode, params, nonce }));
      if (!result.valid) throw new Error(`expected a valid result, got ${result.reason}`);
      expect(result.round.kind).toBe(gameCode);
      expect(result.round.result).toEqual(expected.outcome);
      expect(result.round.multiplier).toBe(multiplierText(expected.multiplier));
      expect(compareMiniWithStored(result.round, storedMini(gameCode, params, nonce)).matches).toBe(true);
    }
  });

  it('wins and loses as the server does (dice over 50: 1.9801× or 0)', async () => {
    const outcomes = new Set<string>();
    for (let nonce = 0; nonce < 20; nonce += 1) {
      const result = await verifyMiniRound(miniInput({ nonce }));
      if (!result.valid) throw new Error(result.reason);
      const dice = result.round.result as { roll: string; won: boolean };
      expect(result.round.multiplier).toBe(dice.won ? '1.9801' : '0.0000');
      expect(dice.won).toBe(Number(dice.roll) > 50);
      outcomes.add(result.round.multiplier);
    }
    expect(outcomes).toEqual(new Set(['1.9801', '0.0000']));
  });

  it('takes the parameters as the server does (numbers or strings, one decimal place)', async () => {
    const fromText = await verifyMiniRound(miniInput({ gameCode: 'plinko', params: { rows: '16', risk: 'medium' } }));
    const fromNumber = await verifyMiniRound(miniInput({ gameCode: 'plinko', params: { rows: 16, risk: 'medium' } }));
    expect(fromText).toEqual(fromNumber);
    const dice = await verifyMiniRound(miniInput({ params: { direction: 'under', target: '49.5' } }));
    expect(dice.valid && (dice.round.result as { target: string }).target).toBe('49.50');
  });

  it('says hash_mismatch and invalid_seeds as for slots', async () => {
    const otherHash = createHash('sha256').update('f'.repeat(64), 'utf8').digest('hex');
    expect(await verifyMiniRound(miniInput({ serverSeedHash: otherHash }))).toEqual({ valid: false, reason: 'hash_mismatch' });
    expect(await verifyMiniRound(miniInput({ serverSeed: 'abc' }))).toEqual({ valid: false, reason: 'invalid_seeds' });
    expect(await verifyMiniRound(miniInput({ nonce: -1 }))).toEqual({ valid: false, reason: 'invalid_seeds' });
  });

  it('says unknown_game and invalid_params', async () => {
    expect(await verifyMiniRound(miniInput({ gameCode: 'roleta' }))).toEqual({ valid: false, reason: 'unknown_game' });
    expect(await verifyMiniRound(miniInput({ gameCode: 'tesouro-do-farao' }))).toEqual({ valid: false, reason: 'unknown_game' });
    for (const [gameCode, params] of [
      ['dados', { direction: 'over', target: '98.01' }],
      ['dados', { direction: 'sideways', target: '50' }],
      ['limbo', { target: '1.00' }],
      ['limbo', { target: '2.005' }],
      ['plinko', { rows: 10, risk: 'low' }],
      ['plinko', { rows: 8, risk: 'extreme' }],
    ] as const) {
      expect(await verifyMiniRound(miniInput({ gameCode, params })), `${gameCode} ${JSON.stringify(params)}`).toEqual({ valid: false, reason: 'invalid_params' });
    }
  });
});

describe('compareMiniWithStored', () => {
  const recomputed: MiniRecomputed = { kind: 'dados', result: { direction: 'over', target: '50.00', roll: '73.41', won: true }, multiplier: '1.9801' };
  const stored: MiniOutcome = { kind: 'dados', bet: '1.00', multiplier: '1.9801', win: '1.98', result: { direction: 'over', target: '50.00', roll: '73.41', won: true } };

  it('matches the same game, result, multiplier and a win the multiplier pays (however the numbers are written)', () => {
    expect(compareMiniWithStored(recomputed, stored)).toEqual({ matches: true, kind: true, result: true, multiplier: true, win: true });
    const limbo: MiniRecomputed = { kind: 'limbo', result: { target: '2.00', result: '3.27', won: true }, multiplier: '2.0000' };
    expect(compareMiniWithStored(limbo, { kind: 'limbo', bet: '0.5', multiplier: '2', win: '1', result: { target: '2.00', result: '3.27', won: true } }).matches).toBe(true);
  });

  it('tells which part differs', () => {
    expect(compareMiniWithStored(recomputed, { ...stored, kind: 'limbo' })).toMatchObject({ matches: false, kind: false });
    expect(compareMiniWithStored(recomputed, { ...stored, result: { ...stored.result, roll: '73.42' } as MiniOutcome['result'] })).toMatchObject({ matches: false, result: false, multiplier: true });
    const withExtra = { ...stored.result, extra: 1 };
    expect(compareMiniWithStored(recomputed, { ...stored, result: withExtra })).toMatchObject({ matches: false, result: false });
    expect(compareMiniWithStored(recomputed, { ...stored, multiplier: '1.9800' })).toMatchObject({ matches: false, multiplier: false });
    expect(compareMiniWithStored(recomputed, { ...stored, win: '1.99' })).toMatchObject({ matches: false, win: false, multiplier: true });
  });

  it('compares plinko paths step by step', () => {
    const plinko: MiniRecomputed = { kind: 'plinko', result: { rows: 8, risk: 'low', path: [0, 1, 1, 0, 1, 0, 0, 1], slot: 4, multiplier: '0.50' }, multiplier: '0.5000' };
    const storedPlinko: MiniOutcome = { kind: 'plinko', bet: '1.00', multiplier: '0.5000', win: '0.50', result: { rows: 8, risk: 'low', path: [0, 1, 1, 0, 1, 0, 0, 1], slot: 4, multiplier: '0.50' } };
    expect(compareMiniWithStored(plinko, storedPlinko).matches).toBe(true);
    expect(compareMiniWithStored(plinko, { ...storedPlinko, result: { ...storedPlinko.result, path: [1, 0, 1, 0, 1, 0, 0, 1] } as MiniOutcome['result'] }).result).toBe(false);
  });
});

describe('mini helpers', () => {
  it('writes and reads multipliers in ten-thousandths', () => {
    expect(formatMultiplier(19_801n)).toBe('1.9801');
    expect(formatMultiplier(0n)).toBe('0.0000');
    expect(formatMultiplier(10_000_000_000n)).toBe('1000000.0000');
    expect(parseMultiplier('1.9801')).toBe(19_801n);
    expect(parseMultiplier('2')).toBe(20_000n);
    expect(parseMultiplier('0.4')).toBe(4_000n);
    expect(parseMultiplier('1.98011')).toBeNull();
    expect(parseMultiplier('abc')).toBeNull();
  });

  it('reads a stored round’s parameters back from its result', () => {
    expect(miniParamsOf(storedMini('dados', { direction: 'under', target: '33.30' }, 1))).toEqual({ direction: 'under', target: '33.30' });
    expect(miniParamsOf(storedMini('limbo', { target: '7.77' }, 1))).toEqual({ target: '7.77' });
    expect(miniParamsOf(storedMini('plinko', { rows: 12, risk: 'high' }, 1))).toEqual({ rows: 12, risk: 'high' });
    // A result of another game's shape gives nothing to replay.
    expect(miniParamsOf({ kind: 'dados', result: { target: '2.00', result: '3.00', won: true } })).toBeNull();
  });
});

describe('verifyMinesRound', () => {
  const serverStream = (nonce: number) => createBlockStream((cursor) => createHmac('sha256', SERVER_SEED).update(blockMessage(CLIENT_SEED, nonce, cursor), 'utf8').digest());
  const seeds = { serverSeed: SERVER_SEED, serverSeedHash: SERVER_SEED_HASH, clientSeed: CLIENT_SEED };

  /** The round as the server stores it: `reveals` safe cells, then cashed out (or `hit` a mine). */
  function storedMines(mines: number[], reveals: number, ending: { hit?: number } = {}): MinesOutcome {
    const safe = Array.from({ length: 25 }, (_, cell) => cell).filter((cell) => !mines.includes(cell)).slice(0, reveals);
    const lost = ending.hit !== undefined;
    const multiplier = lost ? 0n : minesMultiplier(mines.length, reveals);
    return {
      kind: 'mines',
      bet: '2.00',
      multiplier: formatMultiplier(multiplier),
      win: money(payout(200n, multiplier)),
      result: { mineCount: mines.length, revealed: safe, hit: ending.hit ?? null, mines, state: lost ? 'lost' : 'cashed_out' },
    };
  }

  it.each([1, 5, 24])('places the %i mines where the server did, and a stored round paid as its picks earn matches', async (mineCount) => {
    const expected = minePositions(serverStream(9), mineCount);
    const result = await verifyMinesRound({ ...seeds, nonce: 9, mineCount });
    if (!result.valid) throw new Error(result.reason);
    expect(result.round).toEqual({ kind: 'mines', mineCount, mines: expected });
    expect(compareMinesWithStored(result.round, storedMines(expected, 1)).matches).toBe(true);
    expect(compareMinesWithStored(result.round, storedMines(expected, 0, { hit: expected[0] })).matches).toBe(true);
  });

  it('notices moved mines, a gem on a mine, an inflated multiplier or win, and a board still hidden', async () => {
    const result = await verifyMinesRound({ ...seeds, nonce: 3, mineCount: 3 });
    if (!result.valid) throw new Error(result.reason);
    const honest = storedMines(result.round.mines, 2);
    expect(compareMinesWithStored(result.round, honest)).toEqual({ matches: true, mines: true, picks: true, multiplier: true, win: true });
    const moved = [...result.round.mines.slice(1), [0, 1, 2, 3].find((cell) => !result.round.mines.includes(cell))!].sort((a, b) => a - b);
    expect(compareMinesWithStored(result.round, { ...honest, result: { ...honest.result, mines: moved } }).mines).toBe(false);
    expect(compareMinesWithStored(result.round, { ...honest, result: { ...honest.result, revealed: [result.round.mines[0]!, ...honest.result.revealed.slice(1)] } }).picks).toBe(false);
    expect(compareMinesWithStored(result.round, { ...honest, multiplier: '9.0000' }).multiplier).toBe(false);
    expect(compareMinesWithStored(result.round, { ...honest, win: '99.00' }).win).toBe(false);
    expect(compareMinesWithStored(result.round, { ...honest, result: { ...honest.result, mines: null } }).matches).toBe(false);
  });

  it('refuses a mine count out of range and a seed that is not the committed one', async () => {
    expect(await verifyMinesRound({ ...seeds, nonce: 0, mineCount: 0 })).toEqual({ valid: false, reason: 'invalid_params' });
    expect(await verifyMinesRound({ ...seeds, nonce: 0, mineCount: 25 })).toEqual({ valid: false, reason: 'invalid_params' });
    expect(await verifyMinesRound({ ...seeds, serverSeedHash: 'f'.repeat(64), nonce: 0, mineCount: 3 })).toEqual({ valid: false, reason: 'hash_mismatch' });
  });
});
