import { crashPointFromDigest, formatCrashPoint } from '@app/house-games';
import { sha256Hex } from './verify.ts';

/**
 * The crash game's verifier, in the browser with WebCrypto (the scheme: @app/house-games
 * crash-point.ts; the server: apps/server/…/crash/hash-chain.ts):
 *
 * - crash point = crashPointFromDigest(HMAC-SHA256(key = the game hash as hex text, message = salt));
 * - SHA-256 of a game hash (as hex text) is the previous round's hash: the chain is played
 *   backwards, so no round's hash can be chosen after the earlier ones were published;
 * - hashing a game hash position + 1 times gives the chain's terminating hash, published before
 *   the chain's first round.
 */

const GAME_HASH = /^[0-9a-f]{64}$/;

/** Game hashes are lowercase hex: the HMAC key is the text itself, so "A" and "a" are different keys. */
export function isGameHash(value: string): boolean {
  return GAME_HASH.test(value);
}

export function isChainPosition(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

const encoder = new TextEncoder();

function subtle(): SubtleCrypto {
  const api = globalThis.crypto?.subtle;
  // WebCrypto exists only in secure contexts (HTTPS or localhost).
  if (!api) throw new Error('WebCrypto (crypto.subtle) is not available in this context');
  return api;
}

/** The round's crash point as wire text ("2.37"). */
export async function computeCrashPoint(gameHash: string, salt: string): Promise<string> {
  const key = await subtle().importKey('raw', encoder.encode(gameHash), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const digest = await subtle().sign('HMAC', key, encoder.encode(salt));
  return formatCrashPoint(crashPointFromDigest(new Uint8Array(digest)));
}

export type Check = 'match' | 'mismatch';

export interface CrashCheck {
  crashPoint: string;
  /** SHA-256 of the game hash: the previous round's hash. */
  hashOfHash: string;
  /** Against the previous hash given, or null when none was. */
  previous: Check | null;
}

/** The quick checks: the crash point, and the link to the previous round. */
export async function checkCrashRound(gameHash: string, salt: string, previousHash: string | null): Promise<CrashCheck> {
  const [crashPoint, hashOfHash] = await Promise.all([computeCrashPoint(gameHash, salt), sha256Hex(gameHash)]);
  return { crashPoint, hashOfHash, previous: previousHash === null ? null : hashOfHash === previousHash ? 'match' : 'mismatch' };
}

/** How often a long walk reports progress and lets the page paint. */
const WALK_BATCH = 2_000;

export interface WalkOptions {
  signal?: AbortSignal;
  onProgress?: (done: number) => void;
}

/**
 * SHA-256 applied `times` times to a game hash; position + 1 times reaches the terminating hash.
 * A chain can hold millions of rounds, so the walk reports progress, yields to the page between
 * batches and stops when aborted (rejecting with the signal's reason).
 */
export async function walkChain(gameHash: string, times: number, options: WalkOptions = {}): Promise<string> {
  let hash = gameHash;
  for (let done = 0; done < times; done += 1) {
    if (done % WALK_BATCH === 0 && done > 0) {
      options.onProgress?.(done);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    options.signal?.throwIfAborted();
    hash = await sha256Hex(hash);
  }
  options.onProgress?.(times);
  return hash;
}

/** What the verifier's form holds (text as typed). */
export interface CrashFields {
  hash: string;
  salt: string;
  previousHash: string;
  terminatingHash: string;
  position: string;
  /** Also walk the chain to its terminating hash (position + 1 hashes: may take a while). */
  walk: boolean;
}
