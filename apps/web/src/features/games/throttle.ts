/**
 * Leading-edge throttle per key: the first call in a window goes through, the rest are dropped
 * until `ms` have passed (spec §4/§9: favourite toggle once per second).
 */
export function createKeyedThrottle(ms: number, now: () => number = () => Date.now()) {
  const last = new Map<string, number>();
  return (key: string): boolean => {
    const time = now();
    const previous = last.get(key);
    if (previous !== undefined && time - previous < ms) return false;
    last.set(key, time);
    return true;
  };
}
