/**
 * Feed timestamps for tests: each event's own clock, one millisecond further at every message,
 * so the apply service never takes a test's message for a stale one.
 */
export function feedClock(start = Date.UTC(2026, 10, 29, 18, 0, 0)) {
  const clocks = new Map<string, number>();
  return {
    start,
    tick(eventId: string): number {
      const next = (clocks.get(eventId) ?? start) + 1;
      clocks.set(eventId, next);
      return next;
    },
  };
}
