import type { SlotOutcome } from '@app/contracts';
import { blockMessage, createBlockStream, findSlotGame, playRound, type RoundResult, type SpinResult } from '@app/house-games';
import { fromCents, toCents } from '../payments/amount.ts';

/**
 * The provably fair verifier, run entirely in the browser with WebCrypto: given a revealed server
 * seed, it checks the seed against the commitment (hash) shown before the bet and replays the
 * round exactly as the server did (apps/server/…/fairness/provably-fair.ts):
 *
 * - commitment = hex SHA-256 of the server seed's ASCII hex string;
 * - block `cursor` = HMAC-SHA256(key = the server seed as ASCII bytes, message =
 *   "clientSeed:nonce:cursor"), read by the shared stream as big-endian uint32s;
 * - the slot engine (@app/house-games) turns the stream into stops, window and wins.
 *
 * WebCrypto is asynchronous while the engine is synchronous, so HMAC blocks are computed ahead
 * (64 cover a round with ~100 free spins); a round that needs more is replayed with twice as many.
 */

const HEX_SEED = /^[0-9a-f]{64}$/;
const HEX_HASH = /^[0-9a-f]{64}$/i;
const PRINTABLE_ASCII = /^[\x20-\x7e]{1,64}$/;
const FIRST_BATCH = 64;
/** A round never needs this many blocks (at most ~100 free spins × 5 draws); a safety stop only. */
const MAX_BLOCKS = 1 << 16;

export interface VerifyInput {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** The slot machine code (HouseRound.machine, a SLOT_GAMES code). */
  machine: string;
  /** Centavos, or a wire decimal such as "0.20". */
  lineBet: bigint | string;
}

export type VerifyFailure = 'invalid_seeds' | 'hash_mismatch' | 'unknown_machine' | 'invalid_bet';

export type VerifyResult = { valid: false; reason: VerifyFailure } | { valid: true; outcome: SlotOutcome };

export function isServerSeed(value: string): boolean {
  return HEX_SEED.test(value);
}

export function isClientSeed(value: string): boolean {
  return PRINTABLE_ASCII.test(value);
}

export function isNonce(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

function subtle(): SubtleCrypto {
  const api = globalThis.crypto?.subtle;
  // WebCrypto exists only in secure contexts (HTTPS or localhost).
  if (!api) throw new Error('WebCrypto (crypto.subtle) is not available in this context');
  return api;
}

const encoder = new TextEncoder();

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Hex SHA-256 of a string's UTF-8 (for a seed: ASCII) bytes: the server seed's commitment. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await subtle().digest('SHA-256', encoder.encode(text)));
}

function lineBetCents(lineBet: bigint | string): bigint | null {
  if (typeof lineBet === 'bigint') return lineBet;
  return toCents(lineBet);
}

/** Blocks 0 … count − 1 of one round. */
async function computeBlocks(key: CryptoKey, clientSeed: string, nonce: number, from: number, count: number): Promise<Uint8Array[]> {
  const api = subtle();
  const cursors = Array.from({ length: count }, (_, index) => from + index);
  const blocks = await Promise.all(cursors.map((cursor) => api.sign('HMAC', key, encoder.encode(blockMessage(clientSeed, nonce, cursor)))));
  return blocks.map((block) => new Uint8Array(block));
}

class NeedMoreBlocks extends Error {
  constructor() {
    super('the round needs more HMAC blocks');
    this.name = 'NeedMoreBlocks';
  }
}

/** The same shape as the server's serialiseRound: what HouseRound.outcome holds. */
export function serialiseOutcome(result: RoundResult): SlotOutcome {
  const spinView = (spin: SpinResult) => ({
    mode: spin.mode,
    stops: spin.stops,
    window: spin.window,
    lineWins: spin.lineWins.map((win) => ({ line: win.line, symbol: win.symbol, count: win.count, pay: fromCents(win.pay) })),
    scatter: { count: spin.scatter.count, pay: fromCents(spin.scatter.pay) },
    freeSpinsAwarded: spin.freeSpinsAwarded,
    multiplier: spin.multiplier,
    win: fromCents(spin.win),
  });
  const base = spinView(result.base);
  return {
    lineBet: fromCents(result.bet.lineBet),
    lines: result.bet.lines,
    totalBet: fromCents(result.bet.totalBet),
    stops: base.stops,
    window: base.window,
    lineWins: base.lineWins,
    scatter: base.scatter,
    base,
    freeSpins: result.freeSpins.map(spinView),
    freeSpinsAwarded: result.freeSpinsAwarded,
    totalWin: fromCents(result.totalWin),
  };
}

/**
 * Checks the revealed server seed against its commitment and replays the slot round. Never
 * throws for bad input: the reason comes back in the result. `firstBatch` (blocks computed before
 * the first replay) exists for tests of the replay path.
 */
export async function verifySlotRound(input: VerifyInput, options: { firstBatch?: number } = {}): Promise<VerifyResult> {
  const { serverSeed, clientSeed, nonce, machine } = input;
  const serverSeedHash = input.serverSeedHash.trim();
  if (!isServerSeed(serverSeed) || !isClientSeed(clientSeed) || !isNonce(nonce)) return { valid: false, reason: 'invalid_seeds' };
  if (!HEX_HASH.test(serverSeedHash) || (await sha256Hex(serverSeed)) !== serverSeedHash.toLowerCase()) return { valid: false, reason: 'hash_mismatch' };
  const game = findSlotGame(machine);
  if (!game) return { valid: false, reason: 'unknown_machine' };
  const lineBet = lineBetCents(input.lineBet);
  if (lineBet === null || lineBet <= 0n) return { valid: false, reason: 'invalid_bet' };

  const key = await subtle().importKey('raw', encoder.encode(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const blocks = await computeBlocks(key, clientSeed, nonce, 0, Math.max(1, options.firstBatch ?? FIRST_BATCH));
  for (;;) {
    const stream = createBlockStream((cursor) => {
      const block = blocks[cursor];
      if (!block) throw new NeedMoreBlocks();
      return block;
    });
    try {
      return { valid: true, outcome: serialiseOutcome(playRound(game, { lineBet }, stream)) };
    } catch (error) {
      if (!(error instanceof NeedMoreBlocks) || blocks.length >= MAX_BLOCKS) throw error;
      // Same seeds, same draws: replaying from the start with more blocks gives the same round.
      blocks.push(...(await computeBlocks(key, clientSeed, nonce, blocks.length, blocks.length)));
    }
  }
}

export interface StoredComparison {
  /** Stops, window and total win all equal. */
  matches: boolean;
  stops: boolean;
  window: boolean;
  totalWin: boolean;
}

/** Whether a recomputed round is the one the server stored (stops, window and total win). */
export function compareWithStored(recomputed: Pick<SlotOutcome, 'stops' | 'window' | 'totalWin'>, stored: Pick<SlotOutcome, 'stops' | 'window' | 'totalWin'>): StoredComparison {
  const stops = recomputed.stops.length === stored.stops.length && recomputed.stops.every((stop, index) => stop === stored.stops[index]);
  const window =
    recomputed.window.length === stored.window.length &&
    recomputed.window.every((reel, index) => {
      const other = stored.window[index];
      return other !== undefined && reel.length === other.length && reel.every((symbol, row) => symbol === other[row]);
    });
  const recomputedWin = toCents(recomputed.totalWin);
  const totalWin = recomputedWin !== null && recomputedWin === toCents(stored.totalWin);
  return { matches: stops && window && totalWin, stops, window, totalWin };
}
