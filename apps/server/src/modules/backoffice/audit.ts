import { isIP } from 'node:net';
import type { DbExecutor } from '../../platform/db.ts';
import { insertAuditRow } from './audit.repository.ts';

export interface AuditEntry {
  /** The acting operator; null for actions the system takes on its own (jobs, automatic rules). */
  operatorId: bigint | null;
  /** Dotted verb, e.g. `payments.withdrawal.approved` (1–100 characters; target type 1–100, id 1–200). */
  action: string;
  /** What was acted on, e.g. `payments_withdrawal`, and its id. */
  targetType: string;
  targetId: string;
  /** Anything a reviewer needs later; bigints are stored as decimal strings. */
  details?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Writes one audit row through the caller's executor: pass the business transaction, so the row
 * commits or rolls back with the change it describes. The table refuses UPDATE and DELETE.
 */
export async function audit(executor: DbExecutor, entry: AuditEntry): Promise<void> {
  await insertAuditRow(executor, {
    operatorId: entry.operatorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    // Money amounts are bigints, which JSON.stringify refuses; an audit must never fail on them.
    detailsJson: JSON.stringify(entry.details ?? {}, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
    ip: storableIp(entry.ip),
  });
}

/**
 * request.ip can come from a forwarded header, i.e. any text; an inet column would refuse it and
 * fail the business change with it. Such an address is stored as unknown rather than guessed.
 */
export function storableIp(ip: string | null | undefined): string | null {
  return ip && isIP(ip) !== 0 ? ip : null;
}
