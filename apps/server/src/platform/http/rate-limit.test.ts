import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testLogger } from '../../../test/test-context.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { createDb, executeSql, type DbHandle } from '../db.ts';
import { createRateLimit } from './rate-limit.ts';

const refused = (retryAfterSeconds: number) => expect.objectContaining({ code: 'rate.limited', details: { retryAfterSeconds } });

describe('rate limit (counted in PostgreSQL)', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = createDb({ connectionString: await createTestDatabase(), max: 4, logger: testLogger });
  });
  afterAll(() => handle.close());

  it('allows the limit per window, refuses the next with the wait, and opens a new window', async () => {
    let at = 1_000_000;
    const limiter = createRateLimit(handle.db, { bucket: 'test.basic', limit: 2, windowMs: 1000, now: () => at });
    await limiter.hit('a');
    await limiter.hit('a');
    await expect(limiter.hit('a')).rejects.toThrow(refused(1));
    await limiter.hit('b');
    at += 1000;
    await expect(limiter.hit('a')).resolves.toBeUndefined();
  });

  it('shares the count between limiters of two processes on one bucket, and keeps buckets apart', async () => {
    const at = 60_000 * 40;
    const first = createRateLimit(handle.db, { bucket: 'test.shared', limit: 3, windowMs: 60_000, now: () => at });
    const second = createRateLimit(handle.db, { bucket: 'test.shared', limit: 3, windowMs: 60_000, now: () => at });
    const other = createRateLimit(handle.db, { bucket: 'test.other', limit: 3, windowMs: 60_000, now: () => at });
    await first.hit('10.0.0.1');
    await second.hit('10.0.0.1');
    await first.hit('10.0.0.1');
    await expect(second.hit('10.0.0.1')).rejects.toThrow(refused(60));
    await expect(first.hit('10.0.0.1')).rejects.toThrow(refused(60));
    await expect(other.hit('10.0.0.1')).resolves.toBeUndefined();
  });

  it('counts concurrent hits exactly: the limit is allowed, not more, not less', async () => {
    const at = 60_000 * 50;
    const limiters = [1, 2, 3, 4].map(() => createRateLimit(handle.db, { bucket: 'test.race', limit: 10, windowMs: 60_000, now: () => at }));
    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, (_, n) => limiters[n % 4]!.hit('10.0.0.2')));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
  });

  it('never locks players sharing an address out past the window, however often they retry', async () => {
    let at = 4_000_000;
    const limiter = createRateLimit(handle.db, { bucket: 'test.shared_address', limit: 5, windowMs: 10_000, now: () => at });
    for (let n = 0; n < 5; n += 1) await limiter.hit('100.64.0.1');
    for (let n = 0; n < 50; n += 1) await expect(limiter.hit('100.64.0.1')).rejects.toThrow();
    const { rows } = await executeSql<{ hits: number }>(handle.db, `select hits from platform_rate_window where bucket = 'test.shared_address'`);
    expect(rows).toEqual([{ hits: 6 }]);
    // The next window gives the whole limit again.
    at += 10_000;
    for (let n = 0; n < 5; n += 1) await limiter.hit('100.64.0.1');
    await expect(limiter.hit('100.64.0.1')).rejects.toThrow(refused(10));
  });

  it('deletes its bucket’s past windows as it goes', async () => {
    let at = 5_000_000;
    const limiter = createRateLimit(handle.db, { bucket: 'test.prune', limit: 5, windowMs: 1000, now: () => at });
    await limiter.hit('a');
    at += 1000;
    await limiter.hit('a');
    at += 1000;
    await limiter.hit('b');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { rows } = await executeSql<{ n: bigint }>(handle.db, `select count(*) as n from platform_rate_window where bucket = 'test.prune'`);
    expect(rows[0]!.n).toBe(1n);
  });
});
