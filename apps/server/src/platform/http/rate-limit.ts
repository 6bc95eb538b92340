import type { FastifyRequest } from 'fastify';
import { AppError } from '@app/kernel';
import { executeSql, type Db } from '../db.ts';

/**
 * Fixed-window counters per key, shared by every API process: a first line against floods of
 * cheap-to-send requests that each write a row (captchas, challenges, trial accounts, chat
 * visitors). Counted in PostgreSQL (platform_rate_window, unlogged, migration 0095) with one
 * upsert per request, so N processes behind a load balancer allow the limit once, not N times.
 *
 * Windows are aligned on the clock (epoch / windowMs), the same for every process. A refused
 * request still counts, but the stored count stops at limit + 1, and the window ends when it
 * ends: callers sharing an address (a household, a mobile carrier's NAT) are refused at most
 * until the window turns over, never longer however often they retry. Old windows are deleted
 * by each limiter once per window (opportunistic pruning; no job needed).
 */
const HIT_SQL = `
insert into platform_rate_window as w (bucket, key, window_start, hits)
values ($1, $2, $3::timestamptz, 1)
on conflict (bucket, key, window_start) do update set hits = least(w.hits, $4::int) + 1
returning hits`;

const PRUNE_SQL = 'delete from platform_rate_window where bucket = $1 and window_start < $2::timestamptz';

export interface RateLimitOptions {
  /** Names the counter: limiters with the same bucket share counts (e.g. `accounts.trial`). */
  bucket: string;
  limit: number;
  windowMs: number;
  now?: () => number;
}

export function createRateLimit(db: Db, options: RateLimitOptions) {
  const now = options.now ?? Date.now;
  let prunedWindow = Number.NEGATIVE_INFINITY;

  function prune(windowStart: number) {
    if (windowStart <= prunedWindow) return;
    prunedWindow = windowStart;
    // Best effort: a failed delete is retried in the next window.
    executeSql(db, PRUNE_SQL, [options.bucket, new Date(windowStart).toISOString()]).catch(() => undefined);
  }

  return {
    /** Counts one request for the key; throws rate.limited once the window's limit is spent. */
    async hit(key: string) {
      const at = now();
      const windowStart = Math.floor(at / options.windowMs) * options.windowMs;
      const { rows } = await executeSql<{ hits: number }>(db, HIT_SQL, [options.bucket, key, new Date(windowStart).toISOString(), options.limit]);
      prune(windowStart);
      if (rows[0]!.hits > options.limit) {
        const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + options.windowMs - at) / 1000));
        throw new AppError('rate.limited', 'too many requests, try again later', { retryAfterSeconds });
      }
    },
  };
}

/** A preHandler limiting each client address (as the API sees it after TRUST_PROXY_HOPS). */
export function limitPerAddress(db: Db, options: RateLimitOptions) {
  const limiter = createRateLimit(db, options);
  return async (request: FastifyRequest) => limiter.hit(request.ip);
}
