import { createHash, randomBytes } from 'node:crypto';

/** ASVS 7.3: re-authenticate after 30 min idle (also Brazil's rule) and 12 h in any case. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so a busy session is not a write per request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

/** 256 random bits, base64url; only the SHA-256 is stored (a fast hash suffices at this entropy). */
export function newSessionToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSessionToken(token) };
}

export function hashSessionToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** Well-formed tokens only reach the database; anything else is simply not a session. */
export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

export interface SessionTimes {
  lastSeenAt: Date;
  absoluteExpiresAt: Date;
  revokedAt: Date | null;
}

export function isSessionActive(session: SessionTimes, now: Date): boolean {
  if (session.revokedAt) return false;
  if (now.getTime() >= session.absoluteExpiresAt.getTime()) return false;
  return now.getTime() - session.lastSeenAt.getTime() < SESSION_IDLE_MS;
}
