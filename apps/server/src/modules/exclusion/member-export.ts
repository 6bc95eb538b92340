import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

/** A member's restrictions, the notices sent about them and the last barred-persons check, for the LGPD export (compliance). */
export async function exportMember(db: Db, memberId: bigint) {
  const [restrictions, notices, barredCheck] = await Promise.all([
    sql<Record<string, unknown>>`select kind, period, starts_at, ends_at, withdraw_until, created_at from exclusion_restriction where member_id = ${memberId} order by id`.execute(db),
    sql<Record<string, unknown>>`select channel, content, sent_at from exclusion_notice where member_id = ${memberId} order by id`.execute(db),
    sql<Record<string, unknown>>`select checked_at, outcome from exclusion_barred_check where member_id = ${memberId}`.execute(db),
  ]);
  return { restrictions: restrictions.rows, notices: notices.rows, barredCheck: barredCheck.rows[0] ?? null };
}
