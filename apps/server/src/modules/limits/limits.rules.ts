/**
 * The limit rules with no I/O (docs/limits.md): a decrease (or a first limit) applies at once, an
 * increase or a removal waits COOLING_OFF_MS; the lowest limit of each kind's periods binds.
 */
export const COOLING_OFF_MS = 24 * 60 * 60 * 1000;
/** The share of a money limit at which the member is told (once per limit and period). */
export const ALERT_SHARE_PERCENT = 80n;

export type Key = `${'deposit' | 'loss' | 'wager' | 'session'}:${'day' | 'week' | 'month' | 'session'}`;

export type Decision =
  /** Applies now; an open pending change of this limit is superseded. */
  | { kind: 'now' }
  /** Waits the cooling-off; an open pending change of this limit is superseded by the new one. */
  | { kind: 'pending'; effectiveAt: Date }
  /** Nothing to do (the same value, or the same change already pending). */
  | { kind: 'noop' }
  /** "No limit" asked with none in force: only an open pending change is cancelled. */
  | { kind: 'cancel_pending' };

/**
 * What a change from `current` to `next` does (null: no limit). `pending`: the open change, if any.
 * Equal values are a decrease of nothing: they apply at once (and so cancel a pending increase).
 */
export function decide(current: bigint | null, next: bigint | null, pending: { amount: bigint | null } | null, now: Date): Decision {
  if (next !== null && (current === null || next <= current)) {
    if (current === next && pending === null) return { kind: 'noop' };
    return { kind: 'now' };
  }
  if (next === null && current === null) return pending ? { kind: 'cancel_pending' } : { kind: 'noop' };
  if (pending && pending.amount === next) return { kind: 'noop' };
  return { kind: 'pending', effectiveAt: new Date(now.getTime() + COOLING_OFF_MS) };
}

/** Whether a change pending since `requestedAt`… is due at `now` (never before its effective time). */
export function isDue(effectiveAt: Date, now: Date): boolean {
  return effectiveAt.getTime() <= now.getTime();
}

/** A bet of `amount` is refused when what the period has used plus the bet passes the limit. */
export function exceeds(used: bigint, amount: bigint, limit: bigint): boolean {
  return used + amount > limit;
}

/** Whether `used` reaches the alert share of `limit`. */
export function reachesAlert(used: bigint, limit: bigint): boolean {
  return used * 100n >= limit * ALERT_SHARE_PERCENT;
}
