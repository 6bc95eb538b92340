import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

export interface LoginThrottleRule {
  /** Failures are counted in fixed windows of this length, starting at the first failure. */
  windowMs: number;
  /** The failure that reaches this count locks the username… */
  lockAfterFailures: number;
  /** …for this long. */
  lockMs: number;
}

export async function findLockedUntil(db: DbExecutor, username: string): Promise<Date | null> {
  const row = await db.selectFrom('backoffice_login_throttle').select('locked_until').where('username', '=', username).executeTakeFirst();
  return row?.locked_until ?? null;
}

/**
 * Counts one failure in a single upsert, so concurrent failures each count without a
 * read-modify-write race. Every SET expression reads the row as it was before this statement.
 */
export async function recordLoginFailure(db: DbExecutor, username: string, now: Date, rule: LoginThrottleRule): Promise<void> {
  const windowExpired = sql<boolean>`t.window_started_at <= ${new Date(now.getTime() - rule.windowMs)}`;
  const lockUntil = new Date(now.getTime() + rule.lockMs);
  await sql`
    insert into backoffice_login_throttle as t (username, window_started_at, failures, locked_until)
    values (${username}, ${now}, 1, null)
    on conflict (username) do update set
      window_started_at = case when ${windowExpired} then excluded.window_started_at else t.window_started_at end,
      failures = case when ${windowExpired} then 1 else t.failures + 1 end,
      locked_until = case when not (${windowExpired}) and t.failures + 1 >= ${rule.lockAfterFailures} then ${lockUntil} else t.locked_until end`.execute(db);
}

export async function clearLoginFailures(db: DbExecutor, username: string) {
  await db.deleteFrom('backoffice_login_throttle').where('username', '=', username).execute();
}
