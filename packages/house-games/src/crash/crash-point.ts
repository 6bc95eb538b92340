import { formatCents } from '@app/kernel';

/**
 * Crash points (the Bustabit scheme). Game hashes come from a SHA-256 chain: hash(n) =
 * SHA-256(hash(n+1)) as hex text, generated from a secret seed and played in reverse, so each
 * round's hash is the pre-image of the previous round's and nobody, the house included, can
 * choose a future hash. The hash that terminates the chain (SHA-256 of the first game's hash) is
 * published before play, and a salt (e.g. a future block hash) is fixed before the first round, so
 * the house could not have picked a favourable chain.
 *
 * A round's crash point: d = HMAC-SHA256(key = game hash as hex text, message = salt); r = the
 * first 52 bits of d; the point is floor(99 × 2⁵² / (2⁵² − r)) hundredths, at least 1.00×.
 * P(point ≥ m) = 0.99 / m for m ≥ 1.01×: a 1 % house edge for any cash-out target; about 2 % of
 * rounds end at 1.00× (where no cash-out can pay). This module is pure (the digests come from the caller) so the
 * browser verifies with WebCrypto what the server computed with node:crypto.
 */
const TWO_52 = 2n ** 52n;
const NUMERATOR = 99n * TWO_52;

/** The crash point in hundredths (100 = 1.00×) from the round's HMAC digest (32 bytes). */
export function crashPointFromDigest(digest: Uint8Array): bigint {
  if (digest.length < 7) throw new RangeError('the digest needs at least 52 bits');
  let r = 0n;
  for (let i = 0; i < 7; i += 1) r = (r << 8n) | BigInt(digest[i]!);
  r >>= 4n; // 56 bits read, 52 kept
  const point = NUMERATOR / (TWO_52 - r);
  return point < 100n ? 100n : point;
}

/** "2.37" from 237n (hundredths print like centavos). */
export const formatCrashPoint = formatCents;

/** The multiplier shown t ms into a round (the curve every client and the server agree on). */
export function multiplierAt(elapsedMs: number): number {
  return Math.floor(100 * Math.pow(Math.E, 0.00006 * Math.max(0, elapsedMs))) / 100;
}

/** How long after the start the curve reaches `hundredths` (the crash or an auto cash-out). */
export function msToReach(hundredths: bigint): number {
  return Math.ceil(Math.log(Number(hundredths) / 100) / 0.00006);
}
