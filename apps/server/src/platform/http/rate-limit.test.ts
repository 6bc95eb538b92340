import { describe, expect, it } from 'vitest';
import { createRateLimit } from './rate-limit.ts';

describe('rate limit', () => {
  it('allows the limit per window, refuses the next with the wait, and opens a new window', () => {
    let at = 0;
    const limiter = createRateLimit({ limit: 2, windowMs: 1000, now: () => at });
    limiter.hit('a');
    limiter.hit('a');
    expect(() => limiter.hit('a')).toThrow(expect.objectContaining({ code: 'rate.limited', details: { retryAfterSeconds: 1 } }));
    limiter.hit('b');
    at = 1000;
    expect(() => limiter.hit('a')).not.toThrow();
  });

  it('keeps memory bounded by forgetting the oldest keys', () => {
    const limiter = createRateLimit({ limit: 1, windowMs: 60_000, maxKeys: 2, now: () => 0 });
    limiter.hit('a');
    limiter.hit('b');
    limiter.hit('c');
    expect(() => limiter.hit('a')).not.toThrow();
    expect(() => limiter.hit('c')).toThrow();
  });
});
