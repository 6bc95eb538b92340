import type { DbExecutor } from '../../platform/db.ts';
import type { LoginCounter } from './login-throttle.ts';

type Row = { key: string; window_started_at: Date; failures: number; blocked_until: Date | null; alerted_at: Date | null };

function toMap(rows: Row[]): Map<string, LoginCounter> {
  return new Map(rows.map((row) => [row.key, { windowStartedAt: row.window_started_at, failures: row.failures, blockedUntil: row.blocked_until, alertedAt: row.alerted_at }]));
}

export async function findCounters(db: DbExecutor, keys: string[]): Promise<Map<string, LoginCounter>> {
  return toMap(await db.selectFrom('backoffice_login_counter').selectAll().where('key', 'in', keys).execute());
}

/**
 * Creates missing counters and locks all of them (in key order, so two failures never deadlock):
 * concurrent failures each count, the caller saves the next values in the same transaction.
 */
export async function lockCounters(db: DbExecutor, keys: string[], now: Date): Promise<Map<string, LoginCounter>> {
  await db
    .insertInto('backoffice_login_counter')
    .values(keys.map((key) => ({ key, window_started_at: now, failures: 0, blocked_until: null, alerted_at: null })))
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  return toMap(await db.selectFrom('backoffice_login_counter').selectAll().where('key', 'in', keys).orderBy('key').forUpdate().execute());
}

export async function saveCounter(db: DbExecutor, key: string, counter: LoginCounter) {
  await db
    .updateTable('backoffice_login_counter')
    .set({ window_started_at: counter.windowStartedAt, failures: counter.failures, blocked_until: counter.blockedUntil, alerted_at: counter.alertedAt })
    .where('key', '=', key)
    .execute();
}

export async function deleteCounters(db: DbExecutor, keys: string[]) {
  await db.deleteFrom('backoffice_login_counter').where('key', 'in', keys).execute();
}

export async function isKnownAddress(db: DbExecutor, operatorId: bigint, ip: string): Promise<boolean> {
  const row = await db.selectFrom('backoffice_known_address').select('operator_id').where('operator_id', '=', operatorId).where('ip', '=', ip).executeTakeFirst();
  return row !== undefined;
}

export async function rememberAddress(db: DbExecutor, operatorId: bigint, ip: string, now: Date) {
  await db
    .insertInto('backoffice_known_address')
    .values({ operator_id: operatorId, ip, first_seen_at: now, last_seen_at: now })
    .onConflict((conflict) => conflict.columns(['operator_id', 'ip']).doUpdateSet({ last_seen_at: now }))
    .execute();
}
