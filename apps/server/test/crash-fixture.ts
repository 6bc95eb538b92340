import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../src/platform/db.ts';
import { crashPoint, generateChain } from '../src/modules/house-games/index.ts';

/**
 * Crash tests need rounds whose crash points they know: this stores a chain whose first rounds
 * crash inside the given ranges (hundredths), found by trying seeds in a fixed order.
 */
export async function seedCrashChain(db: Db, wanted: Array<[bigint, bigint]>, length = 50) {
  const salt = 'test-salt';
  for (let attempt = 0; attempt < 1_000_000; attempt += 1) {
    const seed = createHash('sha256').update(`crash-test-${attempt}`).digest('hex');
    const chain = generateChain(length, seed);
    const points = chain.hashes.slice(0, wanted.length).map((hash) => crashPoint(hash, salt));
    if (points.every((point, i) => point >= wanted[i]![0] && point <= wanted[i]![1])) {
      await db.insertInto('crash_chain').values({ seed, length, terminating_hash: chain.terminatingHash, salt }).execute();
      return { points, hashes: chain.hashes, terminatingHash: chain.terminatingHash, salt };
    }
  }
  throw new Error('no seed found for these crash points');
}

/** Polls until `check` answers something other than undefined. */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}
