import { createRequire } from 'node:module';

interface CompletingManager {
  complete(...args: unknown[]): Promise<unknown>;
  fail(...args: unknown[]): Promise<unknown>;
}

let guarded = false;

/**
 * pg-boss 10 calls `complete` and `fail` for a finished job without awaiting them
 * (src/manager.js, `watch`; timgit/pg-boss#577). When the database is away as a job ends, that
 * rejection is unhandled and ends the whole process. Marking those promises handled keeps the
 * worker up; awaited calls still see the rejection. A job whose completion was lost stays active
 * until it expires and then runs again, which every job here tolerates (they are idempotent).
 */
export function guardJobCompletion(onLost: (error: unknown, action: 'complete' | 'fail') => void): void {
  if (guarded) return;
  guarded = true;
  const require = createRequire(import.meta.url);
  const manager = (require('pg-boss/src/manager.js') as { prototype: CompletingManager }).prototype;
  for (const action of ['complete', 'fail'] as const) {
    const original = manager[action];
    manager[action] = function (this: CompletingManager, ...args: unknown[]) {
      const pending = original.apply(this, args);
      pending.catch((error: unknown) => onLost(error, action));
      return pending;
    };
  }
}
