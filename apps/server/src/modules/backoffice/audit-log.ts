import type { AuditEntry, AuditSearchQuery } from '@app/contracts';
import type { DbExecutor } from '../../platform/db.ts';
import { searchAuditRows, type AuditFilters } from './audit.repository.ts';

/** GET /api/backoffice/audit: the filters of the query string, one page newest first. */
export async function searchAuditLog(db: DbExecutor, query: AuditSearchQuery): Promise<{ content: AuditEntry[]; total: number }> {
  const filters: AuditFilters = { operator: query.operator, actionPrefix: query.action };
  if (query.target !== undefined) {
    // "withdrawal" or "withdrawal:42": ids may hold colons themselves, so only the first one splits.
    const colon = query.target.indexOf(':');
    filters.targetType = colon < 0 ? query.target : query.target.slice(0, colon);
    if (colon >= 0) filters.targetId = query.target.slice(colon + 1);
  }
  if (query.from !== undefined) filters.from = new Date(query.from);
  if (query.to !== undefined) filters.to = new Date(query.to);
  const { rows, total } = await searchAuditRows(db, filters, { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize });
  return {
    total,
    content: rows.map((row) => ({
      id: row.id.toString(),
      at: row.created_at.toISOString(),
      operator: row.operator_id === null ? null : { id: row.operator_id.toString(), username: row.username ?? '' },
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      details: row.details,
      ip: row.ip,
      hash: row.hash.toString('hex'),
    })),
  };
}
