import type { MiniGameCode, MiniOutcome, MinesOutcome, SlotOutcome } from '@app/contracts';
import { blockMessage, createBlockStream, findMiniGame, findSlotGame, formatMultiplier, isMineCount, minePositions, minesMultiplier, MULTIPLIER_SCALE, payout, playRound, serialiseRound, type RandomStream, type RoundResult } from '@app/house-games';
import { toCents } from '../payments/index.ts';

/**
 * The provably fair verifier, run entirely in the browser with WebCrypto: given a revealed server
 * seed, it checks the seed against the commitment (hash) shown before the bet and replays the
 * round exactly as the server did (apps/server/…/fairness/provably-fair.ts):
 *
 * - commitment = hex SHA-256 of the server seed's ASCII hex string;
 * - block `cursor` = HMAC-SHA256(key = the server seed as ASCII bytes, message =
 *   "clientSeed:nonce:cursor"), read by the shared stream as big-endian uint32s;
 * - the slot engine (@app/house-games) turns the stream into stops, window and wins; a mini
 *   game (dice, limbo, plinko) turns it into its result and payout multiplier.
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

/** Blocks from … from + count − 1 of one round. */
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

/** The same shape as the server stores (HouseRound.outcome): the engine package's own serialiser. */
export function serialiseOutcome(result: RoundResult): SlotOutcome {
  return serialiseRound(result);
}

/** Whether the seeds are well formed and the server seed is the one committed to; null when they are. */
async function checkSeeds(input: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number }): Promise<'invalid_seeds' | 'hash_mismatch' | null> {
  const { serverSeed, clientSeed, nonce } = input;
  const serverSeedHash = input.serverSeedHash.trim();
  if (!isServerSeed(serverSeed) || !isClientSeed(clientSeed) || !isNonce(nonce)) return 'invalid_seeds';
  if (!HEX_HASH.test(serverSeedHash) || (await sha256Hex(serverSeed)) !== serverSeedHash.toLowerCase()) return 'hash_mismatch';
  return null;
}

/**
 * Plays a round on the stream of (serverSeed, clientSeed, nonce): `firstBatch` blocks are computed
 * first; a round that asks for more is replayed from the start with twice as many.
 */
export async function replay<T>(seeds: { serverSeed: string; clientSeed: string; nonce: number }, firstBatch: number, play: (stream: RandomStream) => T): Promise<T> {
  const { serverSeed, clientSeed, nonce } = seeds;
  const key = await subtle().importKey('raw', encoder.encode(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const blocks = await computeBlocks(key, clientSeed, nonce, 0, Math.max(1, firstBatch));
  for (;;) {
    const stream = createBlockStream((cursor) => {
      const block = blocks[cursor];
      if (!block) throw new NeedMoreBlocks();
      return block;
    });
    try {
      return play(stream);
    } catch (error) {
      if (!(error instanceof NeedMoreBlocks) || blocks.length >= MAX_BLOCKS) throw error;
      // Same seeds, same draws: replaying from the start with more blocks gives the same round.
      blocks.push(...(await computeBlocks(key, clientSeed, nonce, blocks.length, blocks.length)));
    }
  }
}

/**
 * Checks the revealed server seed against its commitment and replays the slot round. Never
 * throws for bad input: the reason comes back in the result. `firstBatch` (blocks computed before
 * the first replay) exists for tests of the replay path.
 */
export async function verifySlotRound(input: VerifyInput, options: { firstBatch?: number } = {}): Promise<VerifyResult> {
  const seedProblem = await checkSeeds(input);
  if (seedProblem) return { valid: false, reason: seedProblem };
  const game = findSlotGame(input.machine);
  if (!game) return { valid: false, reason: 'unknown_machine' };
  const lineBet = lineBetCents(input.lineBet);
  if (lineBet === null || lineBet <= 0n) return { valid: false, reason: 'invalid_bet' };
  const outcome = await replay(input, options.firstBatch ?? FIRST_BATCH, (stream) => serialiseOutcome(playRound(game, { lineBet }, stream)));
  return { valid: true, outcome };
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

// ——— Mini games (dados, limbo, plinko) ———

export interface MiniVerifyInput {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** The mini game's code (MiniOutcome.kind, a MINI_GAMES code). */
  gameCode: string;
  /** The player's choices as the server took them: dados {direction, target}, limbo {target}, plinko {rows, risk}. */
  params: Readonly<Record<string, string | number>>;
}

export type MiniVerifyFailure = 'invalid_seeds' | 'hash_mismatch' | 'unknown_game' | 'invalid_params';

/** A recomputed mini round: the game's own result and the payout multiplier ("1.9801", as stored). */
export interface MiniRecomputed {
  kind: MiniGameCode;
  result: MiniOutcome['result'];
  multiplier: string;
}

export type MiniVerifyResult = { valid: false; reason: MiniVerifyFailure } | { valid: true; round: MiniRecomputed };

/** A multiplier in ten-thousandths as the server writes it: 19801n → "1.9801" (the engine's own formatter). */
export { formatMultiplier } from '@app/house-games';

/** "1.9801", "2", "0.4" → ten-thousandths; null for anything else. */
export function parseMultiplier(text: string): bigint | null {
  const match = /^(\d{1,12})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * MULTIPLIER_SCALE + BigInt(fraction.padEnd(4, '0'));
}

/** A mini game's code as MiniOutcome.kind names it, or null for anything else. */
export function miniGameCodeOf(code: string): MiniGameCode | null {
  const game = findMiniGame(code);
  return game ? (game.code as MiniGameCode) : null;
}

/**
 * Checks the revealed server seed against its commitment and replays the mini round exactly as
 * the server did: game.play(game.parse(params), stream). Never throws for bad input.
 */
export async function verifyMiniRound(input: MiniVerifyInput): Promise<MiniVerifyResult> {
  const seedProblem = await checkSeeds(input);
  if (seedProblem) return { valid: false, reason: seedProblem };
  const game = findMiniGame(input.gameCode);
  if (!game) return { valid: false, reason: 'unknown_game' };
  const params = game.parse(input.params);
  if (params === undefined) return { valid: false, reason: 'invalid_params' };
  // One block (eight draws) covers dice and limbo; plinko's 16 rows take two.
  const played = await replay(input, 2, (stream) => game.play(params, stream));
  return { valid: true, round: { kind: game.code as MiniGameCode, result: played.outcome as MiniOutcome['result'], multiplier: formatMultiplier(played.multiplier) } };
}

/** The parameters a stored mini round was played with, read back from its result (null when the result is not the game's). */
export function miniParamsOf(outcome: Pick<MiniOutcome, 'kind' | 'result'>): Record<string, string | number> | null {
  const { kind, result } = outcome;
  if (kind === 'dados' && 'roll' in result) return { direction: result.direction, target: result.target };
  if (kind === 'plinko' && 'path' in result) return { rows: result.rows, risk: result.risk };
  if (kind === 'limbo' && 'result' in result && !('roll' in result)) return { target: result.target };
  return null;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  return a === b;
}

/** Same fields with the same values (arrays item by item). */
function sameResult(a: MiniOutcome['result'], b: MiniOutcome['result']): boolean {
  const left = Object.entries(a);
  const right = b as Record<string, unknown>;
  return left.length === Object.keys(b).length && left.every(([key, value]) => key in right && sameValue(value, right[key]));
}

export interface MiniStoredComparison {
  /** Game, result, multiplier and win all agree. */
  matches: boolean;
  kind: boolean;
  result: boolean;
  multiplier: boolean;
  /** The stored win is the stored bet paid at the recomputed multiplier. */
  win: boolean;
}

/** Whether a recomputed mini round is the one the server stored (same game, result fields, multiplier and win). */
export function compareMiniWithStored(recomputed: MiniRecomputed, stored: MiniOutcome): MiniStoredComparison {
  const kind = recomputed.kind === stored.kind;
  const result = sameResult(recomputed.result, stored.result);
  const multiplierValue = parseMultiplier(recomputed.multiplier);
  const multiplier = multiplierValue !== null && multiplierValue === parseMultiplier(stored.multiplier);
  const bet = toCents(stored.bet);
  const storedWin = toCents(stored.win);
  const win = multiplierValue !== null && bet !== null && storedWin !== null && payout(bet, multiplierValue) === storedWin;
  return { matches: kind && result && multiplier && win, kind, result, multiplier, win };
}

// ——— Mines ———

export interface MinesVerifyInput {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** 1–24, as the round was started with. */
  mineCount: number;
}

/** A recomputed Mines board: where the round's seeds put its mines (ascending cells 0–24). */
export interface MinesRecomputed {
  kind: 'mines';
  mineCount: number;
  mines: number[];
}

export type MinesVerifyResult = { valid: false; reason: 'invalid_seeds' | 'hash_mismatch' | 'invalid_params' } | { valid: true; round: MinesRecomputed };

/** What the verifier answers for any house game. */
export type AnyVerifyResult = VerifyResult | MiniVerifyResult | MinesVerifyResult;

/**
 * Checks the revealed server seed against its commitment and places the mines again exactly as
 * the server did when the round started (the shared minePositions). Never throws for bad input.
 */
export async function verifyMinesRound(input: MinesVerifyInput): Promise<MinesVerifyResult> {
  const seedProblem = await checkSeeds(input);
  if (seedProblem) return { valid: false, reason: seedProblem };
  if (!isMineCount(input.mineCount)) return { valid: false, reason: 'invalid_params' };
  // 24 draws: three blocks, a fourth only after a (very rare) rejected draw.
  const mines = await replay(input, 4, (stream) => minePositions(stream, input.mineCount));
  return { valid: true, round: { kind: 'mines', mineCount: input.mineCount, mines } };
}

export interface MinesStoredComparison {
  /** Mines, picks, multiplier and win all agree. */
  matches: boolean;
  /** The stored board has these very mines. */
  mines: boolean;
  /** Every gem the player found is off the recomputed mines, and the mine that ended the round is one. */
  picks: boolean;
  /** The closing multiplier is what those picks earn (0 for a lost or returned round). */
  multiplier: boolean;
  /** The stored win is the stored bet paid at that multiplier. */
  win: boolean;
}

/** Whether a recomputed board is the one the server stored, and the stored round is paid as its picks earn. */
export function compareMinesWithStored(recomputed: MinesRecomputed, stored: MinesOutcome): MinesStoredComparison {
  const board = stored.result;
  const mines = board.mineCount === recomputed.mineCount && board.mines !== null && sameValue(board.mines, recomputed.mines);
  const picks = board.revealed.every((cell) => !recomputed.mines.includes(cell)) && (board.hit === null || recomputed.mines.includes(board.hit));
  const earned = board.state === 'cashed_out' && board.revealed.length > 0 ? minesMultiplier(recomputed.mineCount, board.revealed.length) : 0n;
  const multiplier = parseMultiplier(stored.multiplier) === earned;
  const bet = toCents(stored.bet);
  const win = bet !== null && toCents(stored.win) === payout(bet, earned);
  return { matches: mines && picks && multiplier && win, mines, picks, multiplier, win };
}
