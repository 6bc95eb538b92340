import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

export async function insertAuditRow(
  db: DbExecutor,
  row: { operatorId: bigint | null; action: string; targetType: string; targetId: string; detailsJson: string; ip: string | null },
) {
  await db
    .insertInto('backoffice_audit')
    .values({
      operator_id: row.operatorId,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      details: row.detailsJson,
      ip: row.ip,
    })
    .execute();
}

export interface AuditFilters {
  operator?: string;
  actionPrefix?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
}

/** One page of audit rows, newest first, with the operator's username, and the filtered total. */
export async function searchAuditRows(db: DbExecutor, filters: AuditFilters, page: { limit: number; offset: number }) {
  let query = db.selectFrom('backoffice_audit as a').leftJoin('backoffice_operator as o', 'o.id', 'a.operator_id');
  if (filters.operator !== undefined) query = query.where('o.username', '=', filters.operator);
  // LIKE's wildcards in what the operator typed are taken literally.
  if (filters.actionPrefix !== undefined) query = query.where('a.action', 'like', `${filters.actionPrefix.replace(/[\\%_]/g, '\\$&')}%`);
  if (filters.targetType !== undefined) query = query.where('a.target_type', '=', filters.targetType);
  if (filters.targetId !== undefined) query = query.where('a.target_id', '=', filters.targetId);
  if (filters.from !== undefined) query = query.where('a.created_at', '>=', filters.from);
  if (filters.to !== undefined) query = query.where('a.created_at', '<', filters.to);
  const [rows, total] = await Promise.all([
    query
      .select(['a.id', 'a.created_at', 'a.operator_id', 'o.username', 'a.action', 'a.target_type', 'a.target_id', 'a.details', 'a.ip', 'a.hash'])
      .orderBy('a.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<bigint>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** A row in the text forms the chaining trigger hashes (migration 0026, backoffice_audit_digest). */
export interface CanonicalAuditRow {
  id: string;
  operator_id: string | null;
  action: string;
  target_type: string;
  target_id: string;
  details: string;
  ip: string | null;
  created_at: string;
  prev_hash: Buffer;
  hash: Buffer;
}

/** The next `limit` rows after `afterId` in chain (id) order, in canonical text forms. */
export async function listCanonicalAuditRows(db: DbExecutor, afterId: string | null, limit: number): Promise<CanonicalAuditRow[]> {
  const result = await sql<CanonicalAuditRow>`
    select id::text, operator_id::text, action, target_type, target_id, details::text, ip::text,
           to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at, prev_hash, hash
    from backoffice_audit
    where ${afterId === null ? sql`true` : sql`backoffice_audit.id > ${afterId}::bigint`}
    -- The table's column, not the text output column of the same name (which sorts '10' before '9').
    order by backoffice_audit.id
    limit ${limit}`.execute(db);
  return result.rows;
}

export async function findAuditHead(db: DbExecutor) {
  return db.selectFrom('backoffice_audit_head').select(['last_id', 'last_hash']).executeTakeFirst();
}

/** Security alerts raised since `since` (backoffice.security.*), newest first. */
export async function listSecurityAlerts(db: DbExecutor, since: Date, limit: number) {
  return db
    .selectFrom('backoffice_audit')
    .select(['created_at', 'details'])
    .where('action', '=', 'backoffice.security.login_failures')
    .where('created_at', '>=', since)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
