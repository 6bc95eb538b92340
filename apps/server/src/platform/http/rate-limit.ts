import type { FastifyRequest } from 'fastify';
import { AppError } from '@app/kernel';

/**
 * Fixed-window counters per key, in this process's memory. A first line against floods of
 * cheap-to-send requests that each write a row (captchas, challenges, trial accounts); limits
 * that must hold across API processes (login, SMS) are kept in PostgreSQL by their modules.
 */
export function createRateLimit(options: { limit: number; windowMs: number; maxKeys?: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 50_000;
  const windows = new Map<string, { startedAt: number; count: number }>();

  return {
    /** Counts one request for the key; throws rate.limited once the window's limit is spent. */
    hit(key: string) {
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.startedAt >= options.windowMs) {
        // Bounded memory: forget the oldest key (Map keeps insertion order) before adding one.
        if (!window && windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
        window = { startedAt: at, count: 0 };
        windows.delete(key);
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count > options.limit) {
        const retryAfterSeconds = Math.ceil((window.startedAt + options.windowMs - at) / 1000);
        throw new AppError('rate.limited', 'too many requests, try again later', { retryAfterSeconds });
      }
    },
  };
}

/** A preHandler limiting each client address. */
export function limitPerAddress(options: { limit: number; windowMs: number }) {
  const limiter = createRateLimit(options);
  return async (request: FastifyRequest) => limiter.hit(request.ip);
}
