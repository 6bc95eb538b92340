import { isIP } from 'node:net';
import { AppError, type Clock } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { audit } from './audit.ts';
import { afterFailure, ALERT_AT_USERNAME_FAILURES, counterKeys, isCaptchaRequired, waitSeconds } from './login-throttle.ts';
import * as counters from './login-throttle.repository.ts';

/** The captcha the accounts module draws (GET /api/captcha); single use, right or wrong. */
export interface CaptchaVerifier {
  verify(captcha: { id: string; answer: string }): Promise<boolean>;
}

export type LoginFailureReason = 'password' | 'captcha' | 'second_factor';

interface Attempt {
  username: string;
  ip: string;
  /** The operator behind the username, when there is one. */
  operatorId: bigint | null;
}

/**
 * The throttle around an operator login (rules in login-throttle.ts): what an attempt must pass
 * before its password is even checked, and what a failure costs. Every failure is audited, and
 * a username that keeps failing raises one security alert per window for the operators.
 */
export function createLoginGuard(deps: { db: Db; clock: Clock; captcha: CaptchaVerifier }) {
  const { db, clock } = deps;

  const targetOf = (attempt: Attempt) => ({ targetType: 'backoffice_operator', targetId: attempt.operatorId === null ? `username:${attempt.username}` : String(attempt.operatorId) });
  // operatorId stays null: nobody is authenticated; the target names whose login failed.
  const failureEntry = (attempt: Attempt, reason: LoginFailureReason) => ({ operatorId: null, action: 'backoffice.session.login_failed', ...targetOf(attempt), details: { username: attempt.username, reason }, ip: attempt.ip });

  const isKnown = async (attempt: Attempt) => attempt.operatorId !== null && isIP(attempt.ip) !== 0 && counters.isKnownAddress(db, attempt.operatorId, attempt.ip);

  async function recordFailure(attempt: Attempt, reason: LoginFailureReason): Promise<void> {
    const keys = counterKeys(attempt.username, attempt.ip);
    await db.transaction().execute(async (tx) => {
      const now = clock.now();
      const current = await counters.lockCounters(tx, [keys.user, keys.pair, keys.address], now);
      const user = afterFailure(current.get(keys.user), now, { delays: false });
      await counters.saveCounter(tx, keys.pair, afterFailure(current.get(keys.pair), now, { delays: true }));
      await counters.saveCounter(tx, keys.address, afterFailure(current.get(keys.address), now, { delays: false }));
      await audit(tx, failureEntry(attempt, reason));
      if (user.failures >= ALERT_AT_USERNAME_FAILURES && user.alertedAt === null) {
        user.alertedAt = now;
        await audit(tx, { operatorId: null, action: 'backoffice.security.login_failures', ...targetOf(attempt), details: { username: attempt.username, failures: user.failures, lastIp: attempt.ip }, ip: attempt.ip });
      }
      await counters.saveCounter(tx, keys.user, user);
    });
  }

  return {
    recordFailure,

    /** A failure with its own counter elsewhere (the second factor): only audited. */
    async auditFailure(attempt: Attempt, reason: LoginFailureReason): Promise<void> {
      await audit(db, failureEntry(attempt, reason));
    },

    /**
     * Before the password: 429 backoffice.login_locked while this address waits for this
     * username; then the captcha when the counters ask for one (a missing or wrong one counts
     * as a failure, so a bot that ignores it still slows down).
     */
    async admit(attempt: Attempt, captcha: { id: string; answer: string } | undefined): Promise<void> {
      const keys = counterKeys(attempt.username, attempt.ip);
      const now = clock.now();
      const current = await counters.findCounters(db, [keys.user, keys.pair, keys.address]);
      const wait = waitSeconds(current.get(keys.pair), now);
      if (wait > 0) throw new AppError('backoffice.login_locked', 'too many failed logins from this address, wait and try again', { retryAfterSeconds: wait });
      // Any captcha sent is spent, asked for or not: one answer never serves a later attempt.
      const solved = captcha ? await deps.captcha.verify(captcha) : false;
      const known = await isKnown(attempt);
      if (!isCaptchaRequired({ user: current.get(keys.user), pair: current.get(keys.pair), address: current.get(keys.address) }, known, now)) return;
      if (!captcha) {
        await recordFailure(attempt, 'captcha');
        throw new AppError('auth.captcha_required', 'please enter the captcha', { captchaRequired: true });
      }
      if (!solved) {
        await recordFailure(attempt, 'captcha');
        throw new AppError('auth.captcha_invalid', 'the captcha is wrong', { captchaRequired: true });
      }
    },

    /** Whether the next attempt of this pair will need a captcha (told with a wrong password). */
    async isCaptchaRequiredNext(attempt: Attempt): Promise<boolean> {
      const keys = counterKeys(attempt.username, attempt.ip);
      const current = await counters.findCounters(db, [keys.user, keys.pair, keys.address]);
      const known = await isKnown(attempt);
      return isCaptchaRequired({ user: current.get(keys.user), pair: current.get(keys.pair), address: current.get(keys.address) }, known, clock.now());
    },

    /**
     * The right password and code: this address's failures no longer count. The username's stay
     * (and keep asking strangers for a captcha): the owner getting in does not stop the guessing.
     */
    async clear(attempt: Attempt): Promise<void> {
      await counters.deleteCounters(db, [counterKeys(attempt.username, attempt.ip).pair]);
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
