import type { DbExecutor } from '../../platform/db.ts';
import type { ThrottleCounter } from './login-throttle.ts';

export async function findCounters(db: DbExecutor, keys: string[]): Promise<Map<string, ThrottleCounter>> {
  const rows = await db.selectFrom('accounts_login_throttle').selectAll().where('key', 'in', keys).execute();
  return toMap(rows);
}

/**
 * Locks the counters for update (creating missing ones), so that concurrent failures each
 * count: the caller computes the next values and saves them in the same transaction.
 */
export async function lockCounters(db: DbExecutor, keys: string[], now: Date): Promise<Map<string, ThrottleCounter>> {
  await db
    .insertInto('accounts_login_throttle')
    .values(keys.map((key) => ({ key, window_started_at: now, failures: 0, locked_until: null })))
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const rows = await db.selectFrom('accounts_login_throttle').selectAll().where('key', 'in', keys).orderBy('key').forUpdate().execute();
  return toMap(rows);
}

function toMap(rows: { key: string; window_started_at: Date; failures: number; locked_until: Date | null }[]) {
  return new Map(rows.map((row) => [row.key, { windowStartedAt: row.window_started_at, failures: row.failures, lockedUntil: row.locked_until }]));
}

export async function saveCounter(db: DbExecutor, key: string, counter: ThrottleCounter) {
  const values = { window_started_at: counter.windowStartedAt, failures: counter.failures, locked_until: counter.lockedUntil };
  await db
    .insertInto('accounts_login_throttle')
    .values({ key, ...values })
    .onConflict((conflict) => conflict.column('key').doUpdateSet(values))
    .execute();
}

export async function deleteCounters(db: DbExecutor, keys: string[]) {
  await db.deleteFrom('accounts_login_throttle').where('key', 'in', keys).execute();
}
