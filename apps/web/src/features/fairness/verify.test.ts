import { createHash, createHmac, webcrypto } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { blockMessage, createBlockStream, findSlotGame, playRound, SLOT_GAMES, type RoundResult } from '@app/house-games';
import { compareWithStored, sha256Hex, verifySlotRound } from './verify.ts';

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
