import { createHash, createHmac, randomBytes } from 'node:crypto';
import { blockMessage, createBlockStream, type RandomStream } from '@app/house-games';
import { AppError } from '@app/kernel';

/**
 * Provably fair randomness for house games (the Stake-style per-player seed scheme).
 *
 * - Server seed: 32 random bytes from node:crypto, as 64 lowercase hex characters. Only its
 *   commitment `SHA-256(serverSeed)` (hex of the SHA-256 of the ASCII hex string) is shown
 *   before play; the seed itself is revealed only by rotation, and a revealed seed is never used
 *   again.
 * - Client seed: 1–64 printable ASCII characters (0x20–0x7e), chosen by the player, random by
 *   default. Changing it rotates the server seed, so a (serverSeed, clientSeed) pair never mixes
 *   with another client seed and the nonce restarts at 0.
 * - Nonce: 0 for the first bet on a seed pair, +1 per bet.
 * - Bytes: block `cursor` (0, 1, 2, …) of a round is
 *   `HMAC-SHA256(key = serverSeed as its ASCII hex string, message = "${clientSeed}:${nonce}:${cursor}")`,
 *   32 bytes each, consumed 4 at a time; a round needing more than 8 draws moves to the next
 *   cursor.
 * - uint32: each 4-byte group read big-endian.
 *   Float (display and verifier only): `uint32 / 2^32`, which equals Stake's
 *   `b0/256 + b1/256² + b2/256³ + b3/256⁴` exactly, in [0, 1).
 * - Integers in [0, n) (every game outcome, e.g. a reel stop): **rejection sampling** on the
 *   uint32. With `limit = 2^32 − (2^32 mod n)`, a draw `u < limit` maps to `u mod n` (each value
 *   has exactly `limit / n` preimages, so the mapping is exactly uniform); a draw `u ≥ limit` is
 *   discarded and the next 4 bytes are read. `floor(float × n)` is not used for outcomes because
 *   it is biased by up to n / 2^32. For reel strips of ≤ 100 symbols a rejection happens with
 *   probability < 2.4·10⁻⁸ per draw, and the verifier repeats it identically.
 */

/** The bytes of one round: everything a verifier needs to recompute it. */
export interface RoundSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export type { RandomStream };

const HEX_SEED = /^[0-9a-f]{64}$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]{1,64}$/;

export function createServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** The commitment shown before play: SHA-256 hex of the server seed's ASCII hex string. */
export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/** A default client seed: 16 random bytes as 32 hex characters. */
export function createClientSeed(): string {
  return randomBytes(16).toString('hex');
}

export function isValidClientSeed(clientSeed: string): boolean {
  return PRINTABLE_ASCII.test(clientSeed);
}

function assertRoundSeeds({ serverSeed, clientSeed, nonce }: RoundSeeds): void {
  if (!HEX_SEED.test(serverSeed)) throw new AppError('validation.failed', 'server seed must be 64 lowercase hex characters', { field: 'serverSeed' });
  if (!isValidClientSeed(clientSeed)) throw new AppError('validation.failed', 'client seed must be 1–64 printable ASCII characters', { field: 'clientSeed' });
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new AppError('validation.failed', 'nonce must be a non-negative integer', { field: 'nonce' });
}

/** The 32 bytes of block `cursor` of a round. */
export function roundBlock(seeds: RoundSeeds, cursor: number): Buffer {
  return createHmac('sha256', seeds.serverSeed).update(blockMessage(seeds.clientSeed, seeds.nonce, cursor), 'utf8').digest();
}

/** The random stream of one round; the same seeds always give the same draws. */
export function createRoundStream(seeds: RoundSeeds): RandomStream {
  assertRoundSeeds(seeds);
  const { serverSeed, clientSeed, nonce } = seeds;
  return createBlockStream((cursor) => createHmac('sha256', serverSeed).update(blockMessage(clientSeed, nonce, cursor), 'utf8').digest());
}

/** What the player may see about the active seed pair (never the server seed itself). */
export interface PublicSeedState {
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next bet will use. */
  nonce: number;
}

/** The full state, for persistence by the (future) repository; the server seed is secret. */
export interface SeedState extends PublicSeedState {
  serverSeed: string;
}

/** A retired seed pair: the revealed server seed lets the player verify every nonce below `nextNonce`. */
export interface RevealedSeedPair {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** Bets used nonces 0 … nextNonce − 1. */
  nextNonce: number;
}

export interface RotationResult {
  revealed: RevealedSeedPair;
  active: PublicSeedState;
}

/** The commitment and stream of one bet, taken before the outcome is computed. */
export interface BetSeeds {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  stream: RandomStream;
}

export interface FairnessSession {
  publicState(): PublicSeedState;
  /** Full state for storage; never send it to the player. */
  exportState(): SeedState;
  /**
   * Takes the next nonce and returns the stream for that bet. The seeds are captured at this
   * moment, so nothing the player does afterwards (a client seed change, a rotation) can alter
   * the outcome of the bet.
   */
  nextBet(): BetSeeds;
  /** Reveals the current server seed and commits a new one; the nonce restarts at 0. */
  rotate(): RotationResult;
  /** Sets a new client seed; rotates the server seed so a seed pair never spans two client seeds. */
  changeClientSeed(clientSeed: string): RotationResult;
}

export interface FairnessSessionOptions {
  /** A stored state to resume; a fresh pair is created when absent. */
  state?: SeedState;
  /** Commitments of seeds already revealed for this player; a resumed state must not be one of them. */
  revealedHashes?: Iterable<string>;
}

/** One player's seed pair (in memory; persistence belongs to the service layer). */
export function createFairnessSession(options: FairnessSessionOptions = {}): FairnessSession {
  const revealed = new Set(options.revealedHashes ?? []);
  let state: SeedState;
  if (options.state) {
    const { serverSeed, serverSeedHash, clientSeed, nonce } = options.state;
    assertRoundSeeds({ serverSeed, clientSeed, nonce });
    if (hashServerSeed(serverSeed) !== serverSeedHash) throw new AppError('validation.failed', 'server seed does not match its commitment', { field: 'serverSeedHash' });
    // A seed that was ever revealed is known to the player: playing on with it would let them
    // compute every future outcome before betting.
    if (revealed.has(serverSeedHash)) throw new AppError('validation.failed', 'server seed was already revealed', { field: 'serverSeed' });
    state = { serverSeed, serverSeedHash, clientSeed, nonce };
  } else {
    state = freshState(createClientSeed());
  }

  function freshState(clientSeed: string): SeedState {
    let serverSeed = createServerSeed();
    while (revealed.has(hashServerSeed(serverSeed))) serverSeed = createServerSeed();
    return { serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed, nonce: 0 };
  }

  function rotateTo(clientSeed: string): RotationResult {
    const old = state;
    revealed.add(old.serverSeedHash);
    state = freshState(clientSeed);
    return {
      revealed: { serverSeed: old.serverSeed, serverSeedHash: old.serverSeedHash, clientSeed: old.clientSeed, nextNonce: old.nonce },
      active: publicOf(state),
    };
  }

  return {
    publicState: () => publicOf(state),
    exportState: () => ({ ...state }),
    nextBet(): BetSeeds {
      const { serverSeed, serverSeedHash, clientSeed, nonce } = state;
      state = { ...state, nonce: nonce + 1 };
      return { serverSeedHash, clientSeed, nonce, stream: createRoundStream({ serverSeed, clientSeed, nonce }) };
    },
    rotate: () => rotateTo(state.clientSeed),
    changeClientSeed(clientSeed: string): RotationResult {
      if (!isValidClientSeed(clientSeed)) throw new AppError('validation.failed', 'client seed must be 1–64 printable ASCII characters', { field: 'clientSeed' });
      return rotateTo(clientSeed);
    },
  };
}

function publicOf(state: SeedState): PublicSeedState {
  return { serverSeedHash: state.serverSeedHash, clientSeed: state.clientSeed, nonce: state.nonce };
}

export interface VerifyRoundInput extends RoundSeeds {
  serverSeedHash: string;
}

export type VerifyRoundResult<T> = { valid: true; outcome: T } | { valid: false; reason: 'hash_mismatch' | 'invalid_seeds' };

/**
 * Recomputes a past round: checks the revealed server seed against the commitment shown before
 * the bet, then replays the round with `play` on the same stream.
 */
export function verifyRound<T>(input: VerifyRoundInput, play: (stream: RandomStream) => T): VerifyRoundResult<T> {
  const { serverSeed, serverSeedHash, clientSeed, nonce } = input;
  if (!HEX_SEED.test(serverSeed) || !isValidClientSeed(clientSeed) || !Number.isSafeInteger(nonce) || nonce < 0) return { valid: false, reason: 'invalid_seeds' };
  if (hashServerSeed(serverSeed) !== serverSeedHash.toLowerCase()) return { valid: false, reason: 'hash_mismatch' };
  return { valid: true, outcome: play(createRoundStream({ serverSeed, clientSeed, nonce })) };
}
