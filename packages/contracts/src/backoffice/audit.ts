import { z } from 'zod';

/**
 * GET /api/backoffice/audit: every filter optional and combined with AND. `action` matches a
 * prefix (`payments.withdrawal` finds approve and reject); `target` is a target type or
 * `type:id`; `from` inclusive, `to` exclusive. Newest first.
 */
export const AuditSearchQuerySchema = z.object({
  operator: z.string().trim().toLowerCase().min(1).max(64).optional(),
  action: z.string().trim().min(1).max(100).optional(),
  target: z.string().trim().min(1).max(301).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditSearchQuery = z.infer<typeof AuditSearchQuerySchema>;

export const AuditEntrySchema = z.object({
  /** Decimal string; ids increase in chain order. */
  id: z.string(),
  at: z.string(),
  /** Null for actions the system took on its own (jobs, the command line). */
  operator: z.object({ id: z.string(), username: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** Before and after of a change, reasons, amounts: whatever the action recorded. */
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  /** Hex SHA-256 of the previous row's hash and this row's content. */
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({ content: z.array(AuditEntrySchema), total: z.number().int() });

/** The result of recomputing the audit hash chain from the first row. */
export const AuditChainReportSchema = z.object({
  ok: z.boolean(),
  /** Rows checked. */
  rows: z.number().int(),
  /** The chain's end as recorded in the database: keep it elsewhere to detect a rewrite of the whole chain. */
  head: z.object({ lastId: z.string().nullable(), hash: z.string() }),
  /**
   * The first row that does not verify: `prev_hash` (a row before it was removed or inserted),
   * `hash` (its content or hash was edited); or the head no longer matching the last row
   * (`head`: rows cut off the end). Null when the chain holds.
   */
  firstBroken: z.object({ id: z.string().nullable(), reason: z.enum(['prev_hash', 'hash', 'head']) }).nullable(),
});
export type AuditChainReport = z.infer<typeof AuditChainReportSchema>;

/**
 * GET /api/backoffice/security/alerts (audit.read): usernames that kept failing to log in within
 * the last 24 hours (audit action backoffice.security.login_failures), newest first, at most 20.
 */
export const SecurityAlertsSchema = z.object({
  alerts: z.array(z.object({ at: z.string(), username: z.string(), failures: z.number().int(), lastIp: z.string().nullable() })),
});
export type SecurityAlerts = z.infer<typeof SecurityAlertsSchema>;
