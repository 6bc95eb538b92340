import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
// The solver is the browser's half; the contracts package does not re-export it from its root yet.
import { leadingZeroBits, sha256Utf8, solveChallenge, toHex } from '../../../../../../packages/contracts/src/human-check/index.ts';
import { DEFAULT_DIFFICULTY_BITS, DEFAULT_TTL_SECONDS, MAX_CHALLENGE_LENGTH, createChallenge, verifySolution } from './proof-of-work.ts';

const secret = randomBytes(32);
const now = new Date('2025-03-01T12:00:00.000Z');
const TEST_BITS = 8;

function issue(overrides: Partial<Parameters<typeof createChallenge>[0]> = {}) {
  return createChallenge({ secret, now, difficultyBits: TEST_BITS, ttlSeconds: 300, purpose: 'register', ...overrides });
}

function verify(overrides: Partial<Parameters<typeof verifySolution>[0]> & { challenge: string; nonce: string }) {
  return verifySolution({ secret, now, purpose: 'register', ...overrides });
}

function zeroBitsOf(challenge: string, nonce: string): number {
  return leadingZeroBits(createHash('sha256').update(`${challenge}:${nonce}`).digest());
}

/** First nonce whose work is short of the difficulty, optionally by exactly `shortBy` bits. */
function findWeakNonce(challenge: string, bits: number, exactZeroBits?: number): string {
  for (let nonce = 0; ; nonce++) {
    const zeroBits = zeroBitsOf(challenge, String(nonce));
    if (exactZeroBits === undefined ? zeroBits < bits : zeroBits === exactZeroBits) return String(nonce);
  }
}

/** Re-encodes the challenge after changing its bytes, as an attacker would. */
function tamper(challenge: string, change: (bytes: Buffer) => void): string {
  const bytes = Buffer.from(challenge, 'base64url');
  change(bytes);
  return bytes.toString('base64url');
}

describe('proof-of-work challenge', () => {
  it('is a compact base64url string with its difficulty and expiry', () => {
    const issued = issue();
    expect(issued.challenge).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(issued.challenge.length).toBeLessThan(MAX_CHALLENGE_LENGTH);
    expect(issued.challenge).toHaveLength(84);
    expect(issued.difficultyBits).toBe(TEST_BITS);
    expect(issued.expiresAt).toBe('2025-03-01T12:05:00.000Z');
    expect(issue().challenge).not.toBe(issued.challenge);
  });

  it('is solved by the browser solver and verified, answering the challenge id', async () => {
    const { challenge } = issue();
    const nonce = await solveChallenge(challenge, TEST_BITS);
    const result = verify({ challenge, nonce });
    expect(result).toEqual({ ok: true, challengeId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    // Verifying again gives the same id: refusing a second use is the caller's job.
    expect(verify({ challenge, nonce })).toEqual(result);
    expect(verify({ challenge: issue().challenge, nonce: '0' })).not.toEqual(result);
  });

  it('hashes exactly like node:crypto in the solver, for any text', () => {
    const samples = ['', 'abc', 'é✓😀', "'; drop table", 'x'.repeat(1000)];
    for (let i = 0; i < 100; i++) samples.push(randomBytes(i * 3).toString('latin1') + randomBytes(i).toString('base64'));
    for (const text of samples) expect(toHex(sha256Utf8(text))).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });

  it('accepts work exactly at the difficulty and refuses one bit less', () => {
    const { challenge } = issue({ difficultyBits: 6 });
    expect(verify({ challenge, nonce: findWeakNonce(challenge, 6, 6) }).ok).toBe(true);
    expect(verify({ challenge, nonce: findWeakNonce(challenge, 6, 5) })).toEqual({ ok: false, reason: 'insufficient_work' });
  });

  it('refuses a nonce that does not meet the difficulty', () => {
    const { challenge } = issue();
    expect(verify({ challenge, nonce: findWeakNonce(challenge, TEST_BITS) })).toEqual({ ok: false, reason: 'insufficient_work' });
  });

  it('refuses a tampered challenge as bad_signature', async () => {
    const { challenge } = issue({ difficultyBits: 12, ttlSeconds: 60 });
    const variants = [
      tamper(challenge, (bytes) => (bytes[5]! ^= 0x01)), // id
      tamper(challenge, (bytes) => (bytes[17] = 1)), // lower difficulty
      tamper(challenge, (bytes) => bytes.writeUInt32BE(bytes.readUInt32BE(18) + 3600, 18)), // later expiry
      tamper(challenge, (bytes) => (bytes[bytes.length - 1]! ^= 0x80)), // signature
    ];
    for (const forged of variants) {
      const nonce = await solveChallenge(forged, 1);
      expect(verify({ challenge: forged, nonce })).toEqual({ ok: false, reason: 'bad_signature' });
    }
    const nonce = await solveChallenge(challenge, 12);
    expect(verifySolution({ secret: randomBytes(32), challenge, nonce, now, purpose: 'register' })).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses an expired challenge', async () => {
    const { challenge, expiresAt } = issue({ ttlSeconds: 60 });
    const nonce = await solveChallenge(challenge, TEST_BITS);
    expect(verify({ challenge, nonce, now: new Date(Date.parse(expiresAt) - 1) }).ok).toBe(true);
    expect(verify({ challenge, nonce, now: new Date(expiresAt) })).toEqual({ ok: false, reason: 'expired' });
    expect(verify({ challenge, nonce, now: new Date(Date.parse(expiresAt) + 86_400_000) })).toEqual({ ok: false, reason: 'expired' });
    expect(verify({ challenge, nonce, now: new Date(Number.NaN) })).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a solution for another purpose', async () => {
    const { challenge } = issue({ purpose: 'login' });
    const nonce = await solveChallenge(challenge, TEST_BITS);
    expect(verify({ challenge, nonce, purpose: 'login' }).ok).toBe(true);
    expect(verify({ challenge, nonce, purpose: 'register' })).toEqual({ ok: false, reason: 'wrong_purpose' });
    expect(verify({ challenge, nonce, purpose: '' })).toEqual({ ok: false, reason: 'wrong_purpose' });
  });

  it('answers malformed for garbage, never throwing', async () => {
    const { challenge } = issue();
    const nonce = await solveChallenge(challenge, TEST_BITS);
    const garbageChallenges: unknown[] = [
      '', 'a', 'x'.repeat(10_000), 'A'.repeat(MAX_CHALLENGE_LENGTH + 4), '😀'.repeat(30), "'; drop table members;--",
      `${challenge}=`, `${challenge}A`, challenge.slice(0, -1), ` ${challenge}`, challenge.replace(/[A-Za-z]/, '+'),
      tamper(challenge, (bytes) => (bytes[0] = 2)), // unknown version
      tamper(challenge, (bytes) => (bytes[22] = 40)), // purpose length past the end
      tamper(challenge, (bytes) => (bytes[17] = 0)), // difficulty 0
      tamper(challenge, (bytes) => (bytes[23] = 0x41)), // upper-case purpose
      Buffer.alloc(100).toString('base64url'),
      undefined, null, 42, {}, [challenge],
    ];
    for (const garbage of garbageChallenges) {
      expect(verify({ challenge: garbage as string, nonce }), String(garbage).slice(0, 40)).toEqual({ ok: false, reason: 'malformed' });
    }
    const garbageNonces: unknown[] = [
      '', '-1', '1.5', '1e3', ' 1', '1 ', '０１', '٣', 'x'.repeat(10_000), '1'.repeat(21), "'; drop table", '0x1f', undefined, null, 7,
    ];
    for (const garbage of garbageNonces) {
      expect(verify({ challenge, nonce: garbage as string }), String(garbage).slice(0, 40)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('refuses a misconfiguration when issuing', () => {
    expect(() => issue({ secret: randomBytes(16) })).toThrow(RangeError);
    for (const difficultyBits of [0, 33, 1.5, Number.NaN]) expect(() => issue({ difficultyBits })).toThrow(RangeError);
    for (const ttlSeconds of [0, -1, 86_401, 2.5]) expect(() => issue({ ttlSeconds })).toThrow(RangeError);
    for (const purpose of ['', 'Register', 'sign up', 'x'.repeat(33), 'é']) expect(() => issue({ purpose })).toThrow(RangeError);
    expect(() => issue({ now: new Date(Number.NaN) })).toThrow(RangeError);
  });

  it(`is solved at the default difficulty (${DEFAULT_DIFFICULTY_BITS} bits)`, async () => {
    const { challenge, difficultyBits } = createChallenge({
      secret, now, difficultyBits: DEFAULT_DIFFICULTY_BITS, ttlSeconds: DEFAULT_TTL_SECONDS, purpose: 'register',
    });
    const startedAt = performance.now();
    const nonce = await solveChallenge(challenge, difficultyBits);
    const milliseconds = performance.now() - startedAt;
    console.info(`proof of work: ${difficultyBits} bits, ${Number(nonce) + 1} attempts in ${milliseconds.toFixed(0)} ms ` +
      `(${((Number(nonce) + 1) / milliseconds / 1000).toFixed(2)} M hashes/s)`);
    expect(zeroBitsOf(challenge, nonce)).toBeGreaterThanOrEqual(difficultyBits);
    expect(verify({ challenge, nonce })).toEqual({ ok: true, challengeId: expect.any(String) });
  });
});
