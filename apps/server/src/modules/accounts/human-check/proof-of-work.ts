import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Stateless proof-of-work bot check (the Friendly Captcha / ALTCHA / mCaptcha idea, self-hosted).
 *
 * The server hands out a signed challenge and stores nothing. The browser searches for a decimal
 * nonce with SHA-256(`${challenge}:${nonce}`) starting with `difficultyBits` zero bits
 * (packages/contracts/src/human-check/proof-of-work-solver.ts). On submit the server checks the
 * signature, expiry, purpose and work, and answers the challenge id; the caller records spent ids
 * until they expire so each challenge buys exactly one registration or login attempt.
 *
 * Wire format, base64url without padding, of:
 *   version (1) ‖ id (16, random) ‖ difficultyBits (1) ‖ expiry (4, Unix seconds, big-endian)
 *   ‖ purpose length (1) ‖ purpose (ASCII) ‖ HMAC-SHA256(secret, domain ‖ all of the above) (32)
 * A purpose of 8 characters gives an 84-character string.
 */

/**
 * 17 bits = 131,072 attempts on average, for a typical wait of about half a second on a
 * modest phone.
 *
 * Measured with the pure-TypeScript solver on the 2-core build machine (shared and noisy, so
 * best of several runs): Node 20 ≈ 1.4 M hashes/s; headless Chromium ≈ 1.2 M hashes/s (about
 * 0.1–0.2 s per 17-bit solve); Chromium throttled 4× (Lighthouse's "mid-tier mobile") ≈ 0.19 M
 * hashes/s under load: 17 bits took median 0.4 s, mean 0.66 s over 24 solves, where 18 bits
 * took mean 1.6 s. Search time is geometric, so 1 visitor in 20 waits about three times the
 * mean. Native code (OpenSSL here: ~3 M hashes/s per core) solves 17 bits in ~50 ms, so the
 * work prices bulk sign-ups rather than stopping them; the captcha and rate limits do the rest.
 * Raise it one bit at a time under attack: every bit doubles everyone's wait.
 */
export const DEFAULT_DIFFICULTY_BITS = 17;

/** Long enough to solve on a slow phone and fill in a form, short enough to bound the spent-id table. */
export const DEFAULT_TTL_SECONDS = 600;

/** Far above the ~120 characters a real challenge takes; anything longer is not ours. */
export const MAX_CHALLENGE_LENGTH = 512;

const VERSION = 1;
const ID_BYTES = 16;
const MAC_BYTES = 32;
const HEADER_BYTES = 1 + ID_BYTES + 1 + 4 + 1;
const MAX_PURPOSE_LENGTH = 32;
const MIN_SECRET_BYTES = 32;
const MAX_TTL_SECONDS = 86_400;
const MAX_DIFFICULTY_BITS = 32;
/** Separates these MACs from any other HMAC computed with the same secret. */
const MAC_DOMAIN = 'human-check/proof-of-work/v1\0';

const PURPOSE_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;
const BASE64URL_PATTERN = /^[A-Za-z0-9_-]+$/;
const NONCE_PATTERN = /^[0-9]{1,20}$/;

export interface ProofOfWorkChallenge {
  /** Opaque to the browser: it is only hashed and sent back. */
  challenge: string;
  difficultyBits: number;
  /** ISO 8601; the UI may use it to fetch a fresh challenge before submitting a stale one. */
  expiresAt: string;
}

export type VerifyFailureReason = 'malformed' | 'bad_signature' | 'expired' | 'wrong_purpose' | 'insufficient_work';

export type VerifySolutionResult =
  | { ok: true; /** 32 hex characters; store it until expiry to refuse a second use. */ challengeId: string }
  | { ok: false; reason: VerifyFailureReason };

function assertSecret(secret: Buffer): void {
  if (!Buffer.isBuffer(secret) || secret.length < MIN_SECRET_BYTES) {
    throw new RangeError(`proof-of-work secret must be a Buffer of at least ${MIN_SECRET_BYTES} bytes`);
  }
}

function isValidPurpose(purpose: string): boolean {
  return purpose.length >= 1 && purpose.length <= MAX_PURPOSE_LENGTH && PURPOSE_PATTERN.test(purpose);
}

function mac(secret: Buffer, payload: Buffer): Buffer {
  return createHmac('sha256', secret).update(MAC_DOMAIN).update(payload).digest();
}

function hasLeadingZeroBits(digest: Buffer, bits: number): boolean {
  const wholeBytes = Math.floor(bits / 8);
  for (let i = 0; i < wholeBytes; i++) if (digest[i] !== 0) return false;
  const remainingBits = bits % 8;
  return remainingBits === 0 || digest[wholeBytes]! >> (8 - remainingBits) === 0;
}

/**
 * Issues a challenge. Throws (RangeError) only on server misconfiguration: a short secret, a
 * difficulty outside 1–32, a TTL outside 1 s–1 day or a purpose that is not a short lower-case
 * label such as `register` or `login`.
 */
export function createChallenge(options: {
  secret: Buffer;
  now: Date;
  difficultyBits: number;
  ttlSeconds: number;
  /** What the solution unlocks (`register`, `login`); a solution for one is refused for another. */
  purpose: string;
}): ProofOfWorkChallenge {
  const { secret, now, difficultyBits, ttlSeconds, purpose } = options;
  assertSecret(secret);
  if (!Number.isInteger(difficultyBits) || difficultyBits < 1 || difficultyBits > MAX_DIFFICULTY_BITS) {
    throw new RangeError(`difficultyBits must be an integer from 1 to ${MAX_DIFFICULTY_BITS}`);
  }
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > MAX_TTL_SECONDS) {
    throw new RangeError(`ttlSeconds must be an integer from 1 to ${MAX_TTL_SECONDS}`);
  }
  if (!isValidPurpose(purpose)) throw new RangeError(`invalid purpose ${JSON.stringify(purpose)}`);
  if (Number.isNaN(now.getTime())) throw new RangeError('now is an invalid date');

  const expiresAtSeconds = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const payload = Buffer.alloc(HEADER_BYTES + purpose.length);
  payload.writeUInt8(VERSION, 0);
  randomBytes(ID_BYTES).copy(payload, 1);
  payload.writeUInt8(difficultyBits, 1 + ID_BYTES);
  payload.writeUInt32BE(expiresAtSeconds, 2 + ID_BYTES);
  payload.writeUInt8(purpose.length, HEADER_BYTES - 1);
  payload.write(purpose, HEADER_BYTES, 'ascii');

  return {
    challenge: Buffer.concat([payload, mac(secret, payload)]).toString('base64url'),
    difficultyBits,
    expiresAt: new Date(expiresAtSeconds * 1000).toISOString(),
  };
}

interface DecodedChallenge {
  payload: Buffer;
  signature: Buffer;
  id: Buffer;
  difficultyBits: number;
  expiresAtSeconds: number;
  purpose: string;
}

/** Parses the wire format; undefined for anything we could not have issued. */
function decodeChallenge(challenge: string): DecodedChallenge | undefined {
  if (challenge.length === 0 || challenge.length > MAX_CHALLENGE_LENGTH || !BASE64URL_PATTERN.test(challenge)) return undefined;
  const bytes = Buffer.from(challenge, 'base64url');
  // Node ignores stray trailing bits; insisting on the canonical form keeps one encoding per challenge.
  if (bytes.toString('base64url') !== challenge) return undefined;
  if (bytes.length < HEADER_BYTES + 1 + MAC_BYTES || bytes[0] !== VERSION) return undefined;

  const purposeLength = bytes[HEADER_BYTES - 1]!;
  if (purposeLength < 1 || purposeLength > MAX_PURPOSE_LENGTH || bytes.length !== HEADER_BYTES + purposeLength + MAC_BYTES) return undefined;
  const difficultyBits = bytes[1 + ID_BYTES]!;
  if (difficultyBits < 1 || difficultyBits > MAX_DIFFICULTY_BITS) return undefined;
  const purpose = bytes.toString('latin1', HEADER_BYTES, HEADER_BYTES + purposeLength);
  if (!PURPOSE_PATTERN.test(purpose)) return undefined;

  const payloadEnd = HEADER_BYTES + purposeLength;
  return {
    payload: bytes.subarray(0, payloadEnd),
    signature: bytes.subarray(payloadEnd),
    id: bytes.subarray(1, 1 + ID_BYTES),
    difficultyBits,
    expiresAtSeconds: bytes.readUInt32BE(2 + ID_BYTES),
    purpose,
  };
}

/**
 * Checks a submitted solution. Never throws on client input: anything that is not a challenge
 * we issued, or a nonce of 1–20 decimal digits, answers `malformed`. The signature is checked
 * before expiry, purpose and work, so no field of a forged challenge influences the answer.
 * Single use is the caller's part: refuse a `challengeId` already spent.
 */
export function verifySolution(input: {
  secret: Buffer;
  challenge: string;
  nonce: string;
  now: Date;
  purpose: string;
}): VerifySolutionResult {
  const { secret, challenge, nonce, now, purpose } = input;
  assertSecret(secret);
  if (typeof challenge !== 'string' || typeof nonce !== 'string' || !NONCE_PATTERN.test(nonce)) {
    return { ok: false, reason: 'malformed' };
  }
  const decoded = decodeChallenge(challenge);
  if (!decoded) return { ok: false, reason: 'malformed' };

  if (!timingSafeEqual(mac(secret, decoded.payload), decoded.signature)) return { ok: false, reason: 'bad_signature' };
  if (!(now.getTime() < decoded.expiresAtSeconds * 1000)) return { ok: false, reason: 'expired' };
  if (decoded.purpose !== purpose) return { ok: false, reason: 'wrong_purpose' };

  const digest = createHash('sha256').update(`${challenge}:${nonce}`, 'utf8').digest();
  if (!hasLeadingZeroBits(digest, decoded.difficultyBits)) return { ok: false, reason: 'insufficient_work' };

  return { ok: true, challengeId: decoded.id.toString('hex') };
}
