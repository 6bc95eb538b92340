/**
 * Wrong second-factor codes are counted per operator: only someone who had the right password
 * reaches this count, so locking the operator's code entry cannot be done by a stranger.
 */
export interface CodeThrottleRule {
  /** Failures are counted in fixed windows of this length, starting at the first failure. */
  windowMs: number;
  /** The failure that reaches this count locks code entry… */
  lockAfterFailures: number;
  /** …for this long. */
  lockMs: number;
}
