import type { ColumnType, Generated } from 'kysely';

type Json = ColumnType<Record<string, unknown>, string, string>;

/** Maker-checker requests for sensitive actions (approval.service.ts). */
export interface BackofficeApprovalRequestTable {
  id: Generated<bigint>;
  kind: string;
  target: string;
  payload: Json;
  reason: string;
  status: Generated<'pending' | 'approved' | 'rejected' | 'failed'>;
  requested_by: bigint;
  requested_by_name: string;
  requested_at: Generated<Date>;
  decided_by: bigint | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  decision_note: string | null;
  result: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}
