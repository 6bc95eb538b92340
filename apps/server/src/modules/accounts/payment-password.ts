import { AppError } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { verifyPassword } from '../../platform/security/passwords.ts';
import * as repository from './accounts.repository.ts';
import { clearAttempts, reserveAttempt } from './payment-password.repository.ts';

export const PAYMENT_PASSWORD_LIMIT = 5;
export const PAYMENT_PASSWORD_WINDOW_MS = 15 * 60_000;
/** How long a refused reservation waits for checks still in flight (a right PIN among them clears the count). */
const IN_FLIGHT_WAIT_MS = 2_000;
const IN_FLIGHT_POLL_MS = 100;

/**
 * The 6-digit payment password check every money path uses (withdrawals, agent transfers). A PIN
 * has only a million values, so five wrong answers in 15 minutes lock the check for the rest of
 * the window (rate.limited with retryAfterSeconds). The attempt is reserved in PostgreSQL before
 * argon2 runs: concurrent guesses and several processes share one count, and a restart keeps it.
 */
export function createPaymentPasswordCheck(deps: { db: Db; limit?: number; windowMs?: number }) {
  const limit = deps.limit ?? PAYMENT_PASSWORD_LIMIT;
  const windowMs = deps.windowMs ?? PAYMENT_PASSWORD_WINDOW_MS;
  return async function checkPaymentPassword(memberId: bigint, pin: string): Promise<'ok' | 'missing' | 'wrong'> {
    const row = await repository.findMemberById(deps.db, memberId);
    if (!row?.payment_password_hash) return 'missing';
    const attempt = await reserveWaitingForInFlight(deps.db, memberId, limit, windowMs);
    if (!attempt.reserved) throw new AppError('rate.limited', 'too many wrong payment passwords', { retryAfterSeconds: attempt.retryAfterSeconds });
    if (!(await verifyPassword(row.payment_password_hash, pin))) return 'wrong';
    await clearAttempts(deps.db, memberId);
    return 'ok';
  };
}

/**
 * A reservation counts a check before its answer is known, so six right PINs sent at once (a
 * nervous double click on a slow phone) would find the count full while the first five are still
 * in argon2. A refused reservation therefore polls for a short while: when one of those in flight
 * proves right it clears the count and this one goes through; when all were wrong the count stays
 * full and the answer is rate.limited as before. Wrong guesses never get more than `limit` checks.
 */
async function reserveWaitingForInFlight(db: Db, memberId: bigint, limit: number, windowMs: number) {
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const attempt = await reserveAttempt(db, memberId, limit, windowMs);
    if (attempt.reserved || Date.now() >= deadline) return attempt;
    await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
  }
}
