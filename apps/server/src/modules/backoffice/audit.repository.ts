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
