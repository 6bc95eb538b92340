import { createHash, randomBytes } from 'node:crypto';

/**
 * Operators can move money, so their sessions are shorter than members' (12 h): re-authenticate
 * after 30 minutes idle and after 8 hours in any case. The migration holds the 8-hour limit too.
 */
export const OPERATOR_SESSION_IDLE_MS = 30 * 60 * 1000;
export const OPERATOR_SESSION_ABSOLUTE_MS = 8 * 60 * 60 * 1000;

/** 256 random bits, base64url; only the SHA-256 is stored (a fast hash suffices at this entropy). */
export function newOperatorToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOperatorToken(token) };
}

export function hashOperatorToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** The token of an `Authorization: Bearer <token>` header, only when it has the shape we issue. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]{43})$/i.exec(authorization ?? '');
  return match?.[1];
}
