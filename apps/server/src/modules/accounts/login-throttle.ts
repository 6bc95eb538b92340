/**
 * Anti-automation for login without malicious lockout (ASVS 6.1.1/6.3.1). Three counters:
 * - per account: never locks (an attacker must not be able to lock a victim out); after a few
 *   failures the account asks for a captcha instead;
 * - per account and address: locks that pair for 5 minutes (spec: 'try again after 5 minutes');
 * - per address: after many failures (of any accounts) everyone there is asked for a captcha,
 *   never locked: in Brazil many players share one carrier-NAT address, so other accounts'
 *   failures must never refuse a right password with a solved captcha.
 * Counters live in fixed windows and simply expire, so nothing stays locked for ever.
 */
export const THROTTLE_WINDOW_MS = 30 * 60 * 1000;
export const LOCK_MS = 5 * 60 * 1000;
export const CAPTCHA_AFTER_ACCOUNT_FAILURES = 3;
export const LOCK_AFTER_PAIR_FAILURES = 5;
export const CAPTCHA_AFTER_ADDRESS_FAILURES = 10;

export function throttleKeys(account: string, ip: string) {
  return { account: `account:${account}`, pair: `pair:${account}|${ip}`, address: `ip:${ip}` };
}

export interface ThrottleCounter {
  windowStartedAt: Date;
  failures: number;
  lockedUntil: Date | null;
}

/** Failures counted in the current window (an expired window counts as zero). */
export function currentFailures(counter: ThrottleCounter | undefined, now: Date): number {
  if (!counter || now.getTime() - counter.windowStartedAt.getTime() >= THROTTLE_WINDOW_MS) return 0;
  return counter.failures;
}

export function lockedFor(counter: ThrottleCounter | undefined, now: Date): number {
  if (!counter?.lockedUntil) return 0;
  return Math.max(0, Math.ceil((counter.lockedUntil.getTime() - now.getTime()) / 1000));
}

/** The counter after one more failure; locks once the threshold is reached. */
export function afterFailure(counter: ThrottleCounter | undefined, now: Date, lockThreshold: number | null): ThrottleCounter {
  const failures = currentFailures(counter, now) + 1;
  const windowStartedAt = failures === 1 ? now : (counter?.windowStartedAt ?? now);
  const lockedUntil = lockThreshold !== null && failures >= lockThreshold ? new Date(now.getTime() + LOCK_MS) : (counter?.lockedUntil ?? null);
  return { windowStartedAt, failures, lockedUntil };
}

/** Whether a login for this account from this address must carry a solved captcha. */
export function isCaptchaRequired(counters: { account?: ThrottleCounter; address?: ThrottleCounter }, now: Date): boolean {
  return currentFailures(counters.account, now) >= CAPTCHA_AFTER_ACCOUNT_FAILURES || currentFailures(counters.address, now) >= CAPTCHA_AFTER_ADDRESS_FAILURES;
}
