/**
 * Client side of the proof-of-work bot check: find the first decimal nonce such that
 * SHA-256(`${challenge}:${nonce}`) starts with `difficultyBits` zero bits. The server
 * (apps/server/src/modules/accounts/human-check/proof-of-work.ts) issues and verifies the
 * challenge; this file only searches, so it runs unchanged in a page, a Web Worker or Node.
 */
import { createPrefixHasher, utf8Bytes } from './sha256.ts';

/** The server never issues more: 2^32 expected attempts is already hours on a phone. */
export const MAX_DIFFICULTY_BITS = 32;

/** The server accepts nonces of 1–20 decimal digits; the search can never get near 20. */
const MAX_NONCE_DIGITS = 20;

/**
 * Without an explicit `yieldEvery`, the search runs in slices of about this many milliseconds.
 * Browsers clamp a chained `setTimeout(0)` to ~4 ms, so short slices would waste most of the
 * time asleep; 25 ms keeps that loss near 15% while input and spinners still feel live.
 */
const SLICE_MILLISECONDS = 25;

/** How often (in attempts) the time-sliced search reads the clock; reading it costs more than a hash. */
const CLOCK_CHECK_MASK = 0xff;

const DIGIT_ZERO = 0x30;
const DIGIT_NINE = 0x39;

export interface SolveChallengeOptions {
  /** Stops the search; the promise then rejects with `signal.reason` (an AbortError by default). */
  signal?: AbortSignal;
  /** Called at every yield with the number of nonces tried so far, e.g. for a progress bar. */
  onProgress?: (tried: number) => void;
  /**
   * Attempts between yields to the event loop. Leave unset in a page (the search then yields
   * about every 25 ms); a Web Worker may pass a large number, since it blocks no UI.
   */
  yieldEvery?: number;
}

/** Number of zero bits at the start of `bytes`, most significant bit of byte 0 first. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte !== 0) return bits + Math.clz32(byte) - 24;
    bits += 8;
  }
  return bits;
}

/** Mean number of attempts a search needs at this difficulty, for progress estimates. */
export function expectedAttempts(difficultyBits: number): number {
  return 2 ** difficultyBits;
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Finds a nonce for `challenge` (the opaque string the server sent) at `difficultyBits`.
 * Nonces are tried in order 0, 1, 2, … and written as plain decimal, the form the server
 * accepts. Rejects with a RangeError for an impossible difficulty, or with the abort reason.
 */
export async function solveChallenge(challenge: string, difficultyBits: number, options: SolveChallengeOptions = {}): Promise<string> {
  if (!Number.isInteger(difficultyBits) || difficultyBits < 0 || difficultyBits > MAX_DIFFICULTY_BITS) {
    throw new RangeError(`difficultyBits must be an integer from 0 to ${MAX_DIFFICULTY_BITS}`);
  }
  const { signal, onProgress, yieldEvery } = options;
  if (yieldEvery !== undefined && (!Number.isInteger(yieldEvery) || yieldEvery < 1)) {
    throw new RangeError('yieldEvery must be a positive integer');
  }
  signal?.throwIfAborted();

  const hash = createPrefixHasher(utf8Bytes(`${challenge}:`));
  const digest = new Uint8Array(32);
  // The nonce is kept as ASCII digits and incremented in place, so no string is built per attempt.
  const digits = new Uint8Array(MAX_NONCE_DIGITS).fill(DIGIT_ZERO);
  let digitCount = 1;
  let sliceStartedAt = Date.now();

  for (let nonce = 0; ; ) {
    hash(digits, digitCount, digest);
    if (leadingZeroBits(digest) >= difficultyBits) return String(nonce);

    nonce += 1;
    let position = digitCount - 1;
    while (position >= 0 && digits[position] === DIGIT_NINE) digits[position--] = DIGIT_ZERO;
    if (position >= 0) {
      digits[position]! += 1;
    } else {
      // 9…9 rolled over to 10…0: every digit is already '0', so prepend a '1'.
      if (digitCount === MAX_NONCE_DIGITS) throw new RangeError('nonce space exhausted');
      digits[0] = DIGIT_ZERO + 1;
      digits[digitCount] = DIGIT_ZERO;
      digitCount += 1;
    }

    const shouldYield =
      yieldEvery !== undefined
        ? nonce % yieldEvery === 0
        : (nonce & CLOCK_CHECK_MASK) === 0 && Date.now() - sliceStartedAt >= SLICE_MILLISECONDS;
    if (shouldYield) {
      onProgress?.(nonce);
      await yieldToEventLoop();
      signal?.throwIfAborted();
      sliceStartedAt = Date.now();
    }
  }
}
