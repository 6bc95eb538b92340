import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { LotteryResult } from '@app/contracts';
import { LotteryDomainError } from './domain-errors.ts';

/**
 * The fast draws' commit-reveal (docs/lottery-rules.md §6). The secret is drawn before the draw
 * opens and only its hash is published; after the close the secret is revealed and anyone can
 * recompute both the hash and the five balls. Everything works on the secret's 32 BYTES (the
 * hex is only how they are written): hashing the 64-character text gives another hash.
 */

const SECRET_PATTERN = /^[0-9a-f]{64}$/;
export const FAST_BALLS = 5;
/** Bytes from 250 up are skipped: 250 = 25 × 10, so byte % 10 is exactly uniform. */
export const FAST_BYTE_LIMIT = 250;

function secretBytes(secretHex: string): Buffer {
  if (typeof secretHex !== 'string' || !SECRET_PATTERN.test(secretHex)) {
    throw new LotteryDomainError('lottery.secret_invalid', 'a draw secret is 64 lowercase hex characters');
  }
  return Buffer.from(secretHex, 'hex');
}

/** 32 random bytes from node:crypto, as 64 lowercase hex characters. */
export function newDrawSecret(): string {
  return randomBytes(32).toString('hex');
}

/** The commitment published when the draw opens: SHA-256 of the secret's 32 bytes, hex. */
export function commitHashOf(secretHex: string): string {
  return createHash('sha256').update(secretBytes(secretHex)).digest('hex');
}

/** The message of HMAC block `block`: `${gameCode}:${drawNo}`, then `…:1`, `…:2` if needed. */
export function fastBlockMessage(gameCode: string, drawNo: string, block: number): string {
  return block === 0 ? `${gameCode}:${drawNo}` : `${gameCode}:${drawNo}:${block}`;
}

/**
 * The balls: HMAC-SHA256(key = the secret's bytes, message) bytes in order, skipping bytes ≥ 250,
 * each kept byte giving ball = byte % 10, until five; a block of 32 bytes almost always suffices
 * (the next block, message suffixed ':1', is there so the rule never runs out).
 */
export function fastBallsFromSecret(secretHex: string, gameCode: string, drawNo: string): number[] {
  const key = secretBytes(secretHex);
  const balls: number[] = [];
  for (let block = 0; balls.length < FAST_BALLS; block += 1) {
    const bytes = createHmac('sha256', key).update(fastBlockMessage(gameCode, drawNo, block), 'utf8').digest();
    for (const byte of bytes) {
      if (byte >= FAST_BYTE_LIMIT) continue;
      balls.push(byte % 10);
      if (balls.length === FAST_BALLS) break;
    }
  }
  return balls;
}

export function fastResultFromSecret(secretHex: string, gameCode: string, drawNo: string): LotteryResult {
  return { family: 'fast_5d', balls: fastBallsFromSecret(secretHex, gameCode, drawNo) };
}

/** The derivation in words and code, for the verify endpoint's `algorithm` field. */
export const FAST_DRAW_ALGORITHM = [
  'commitHash = hex(SHA-256(secret bytes)), where secret is 64 hex characters = 32 bytes.',
  'For block = 0, 1, 2, …: message = `${gameCode}:${drawNo}` for block 0, `${gameCode}:${drawNo}:${block}` after;',
  'bytes = HMAC-SHA256(key = secret bytes, message as UTF-8). Take the bytes in order, skip any byte ≥ 250,',
  'ball = byte % 10, until five balls.',
  "Node.js: const key = Buffer.from(secret, 'hex'); createHmac('sha256', key).update(`${gameCode}:${drawNo}`).digest()",
].join('\n');
