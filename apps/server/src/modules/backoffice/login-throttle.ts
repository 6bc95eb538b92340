/**
 * Operator login throttling by account and address together (ASVS 6.3.1 without malicious
 * lockout). Three counters in fixed 15-minute windows:
 * - per username and address (the pair): from the third failure each further attempt from that
 *   address waits longer (30 s, 1, 2, 4… minutes, at most 15): only the guessing address waits;
 * - per username, all addresses: from the third failure a captcha is asked of every address the
 *   operator has not completed a login from before, never a lock;
 * - per address, all usernames: a spraying address is asked for a captcha.
 * So the owner at a known address with the right password and code always gets in.
 */
export const WINDOW_MS = 15 * 60 * 1000;
export const DELAY_FROM_PAIR_FAILURES = 3;
export const FIRST_DELAY_MS = 30 * 1000;
export const MAX_DELAY_MS = 15 * 60 * 1000;
export const CAPTCHA_FROM_USERNAME_FAILURES = 3;
export const CAPTCHA_FROM_ADDRESS_FAILURES = 10;
/** The username failure count at which the operators are alerted (once per window). */
export const ALERT_AT_USERNAME_FAILURES = 5;

export function counterKeys(username: string, ip: string) {
  return { user: `user:${username}`, pair: `pair:${username}|${ip}`, address: `ip:${ip}` };
}

export interface LoginCounter {
  windowStartedAt: Date;
  failures: number;
  blockedUntil: Date | null;
  alertedAt: Date | null;
}

export function failuresIn(counter: LoginCounter | undefined, now: Date): number {
  if (!counter || now.getTime() - counter.windowStartedAt.getTime() >= WINDOW_MS) return 0;
  return counter.failures;
}

/** Seconds the pair must still wait (0 = may try now). */
export function waitSeconds(pair: LoginCounter | undefined, now: Date): number {
  if (!pair?.blockedUntil) return 0;
  return Math.max(0, Math.ceil((pair.blockedUntil.getTime() - now.getTime()) / 1000));
}

/** The delay after the pair's `failures`-th failure: doubling from the third, capped. */
export function delayAfter(failures: number): number {
  if (failures < DELAY_FROM_PAIR_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - DELAY_FROM_PAIR_FAILURES));
}

export function isCaptchaRequired(counters: { user?: LoginCounter; pair?: LoginCounter; address?: LoginCounter }, knownAddress: boolean, now: Date): boolean {
  // At a known address only this address's own failures count: others' guessing never reaches the owner.
  if (knownAddress) return failuresIn(counters.pair, now) >= CAPTCHA_FROM_USERNAME_FAILURES;
  return failuresIn(counters.user, now) >= CAPTCHA_FROM_USERNAME_FAILURES || failuresIn(counters.address, now) >= CAPTCHA_FROM_ADDRESS_FAILURES;
}

/** The counter after one more failure (a new window when the old one has passed). */
export function afterFailure(counter: LoginCounter | undefined, now: Date, options: { delays: boolean }): LoginCounter {
  const failures = failuresIn(counter, now) + 1;
  const fresh = failures === 1;
  const delay = options.delays ? delayAfter(failures) : 0;
  return {
    windowStartedAt: fresh ? now : (counter?.windowStartedAt ?? now),
    failures,
    blockedUntil: delay > 0 ? new Date(now.getTime() + delay) : fresh ? null : (counter?.blockedUntil ?? null),
    alertedAt: fresh ? null : (counter?.alertedAt ?? null),
  };
}
