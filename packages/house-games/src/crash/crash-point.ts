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

/** The curve's growth per millisecond: 2× after about 11.6 s, 10× after 38 s, 100× after 77 s. */
const GROWTH_PER_MS = 0.00006;

/** The multiplier in hundredths t ms into a round: the curve every client and the server agree on. */
export function hundredthsAt(elapsedMs: number): bigint {
  return BigInt(Math.floor(100 * Math.exp(GROWTH_PER_MS * Math.max(0, elapsedMs))));
}

/** The multiplier shown t ms into a round (2.37 for 237 hundredths). */
export function multiplierAt(elapsedMs: number): number {
  return Number(hundredthsAt(elapsedMs)) / 100;
}

/** The first whole millisecond at which the curve reaches `hundredths` (a crash or a cash-out target). */
export function msToReach(hundredths: bigint): number {
  let ms = Math.max(0, Math.ceil(Math.log(Number(hundredths) / 100) / GROWTH_PER_MS) - 1);
  while (hundredthsAt(ms) < hundredths) ms += 1;
  return ms;
}

/** Every bet still in is cashed out here (1000.00×), whatever the crash point: it bounds a round's payout. */
export const CRASH_MAX_MULTIPLIER = 100_000n;

/** What has become of a bet still in once the curve reaches `now` on a round that crashes at `crashPoint`. */
export type CrashBetFate = { kind: 'in' } | { kind: 'cashed'; at: bigint } | { kind: 'lost' };

/**
 * The server's rule for a bet that has not cashed out by hand: its automatic target (or the
 * maximum multiplier) pays once the curve reaches it before the crash; at the crash it is lost.
 * Being pure, it gives the same answer whichever process applies it and however late.
 */
export function crashBetFate(autoCashOut: bigint | null, now: bigint, crashPoint: bigint): CrashBetFate {
  const target = autoCashOut !== null && autoCashOut < CRASH_MAX_MULTIPLIER ? autoCashOut : CRASH_MAX_MULTIPLIER;
  if (target < crashPoint && now >= target) return { kind: 'cashed', at: target };
  if (now >= crashPoint) return { kind: 'lost' };
  return { kind: 'in' };
}

/** The win of `amount` centavos cashed out at `hundredths` (rounded down to the centavo). */
export function crashWin(amount: bigint, hundredths: bigint): bigint {
  return (amount * hundredths) / 100n;
}
