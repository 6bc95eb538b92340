import { AppError } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { verifyPassword } from '../../platform/security/passwords.ts';
import * as repository from './accounts.repository.ts';
import { clearAttempts, reserveAttempt } from './payment-password.repository.ts';

export const PAYMENT_PASSWORD_LIMIT = 5;
export const PAYMENT_PASSWORD_WINDOW_MS = 15 * 60_000;

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
    const attempt = await reserveAttempt(deps.db, memberId, limit, windowMs);
    if (!attempt.reserved) throw new AppError('rate.limited', 'too many wrong payment passwords', { retryAfterSeconds: attempt.retryAfterSeconds });
    if (!(await verifyPassword(row.payment_password_hash, pin))) return 'wrong';
    await clearAttempts(deps.db, memberId);
    return 'ok';
  };
}
