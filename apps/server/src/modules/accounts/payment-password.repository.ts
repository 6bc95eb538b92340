import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

/**
 * Reserves one attempt for the member in one statement: a window older than `windowMs` starts
 * again at 1, a window already at `limit` is left alone. Answers the reserved count, or undefined
 * when the limit was reached, with the seconds left in the window.
 */
export async function reserveAttempt(executor: DbExecutor, memberId: bigint, limit: number, windowMs: number): Promise<{ reserved: true } | { reserved: false; retryAfterSeconds: number }> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const reserved = await sql<{ failures: number }>`
    insert into accounts_payment_password_attempt as attempt (member_id, failures, window_started_at)
    values (${memberId}, 1, now())
    on conflict (member_id) do update set
      failures = case when attempt.window_started_at <= now() - ${window} then 1 else attempt.failures + 1 end,
      window_started_at = case when attempt.window_started_at <= now() - ${window} then now() else attempt.window_started_at end
    where attempt.failures < ${limit} or attempt.window_started_at <= now() - ${window}
    returning failures`.execute(executor);
  if (reserved.rows.length > 0) return { reserved: true };
  const left = await sql<{ seconds: number }>`
    select greatest(1, ceil(extract(epoch from window_started_at + ${window} - now())))::int as seconds
    from accounts_payment_password_attempt where member_id = ${memberId}`.execute(executor);
  return { reserved: false, retryAfterSeconds: left.rows[0]?.seconds ?? 1 };
}

/** The right PIN: earlier wrong ones no longer count. */
export async function clearAttempts(executor: DbExecutor, memberId: bigint): Promise<void> {
  await sql`delete from accounts_payment_password_attempt where member_id = ${memberId}`.execute(executor);
}
