import { z } from 'zod';

/** Issue 27 (docs/compliance.md): risk-alert patterns the compliance job watches. */
export const COMPLIANCE_PATTERNS = ['deposit_after_loss', 'limit_hits', 'long_session', 'failed_deposits', 'big_win', 'rapid_withdraw'] as const;
export type CompliancePattern = (typeof COMPLIANCE_PATTERNS)[number];
export const COMPLIANCE_ALERT_STATUSES = ['open', 'acknowledged'] as const;

/** Days are checked by the server (compliance.range_invalid), so a malformed one answers in words, not a schema error. */
const LooseDay = z.string().max(40);

export const ComplianceAlertQuerySchema = z.object({
  status: z.enum(COMPLIANCE_ALERT_STATUSES).optional(),
  pattern: z.enum(COMPLIANCE_PATTERNS).optional(),
  account: z.string().trim().max(64).optional(),
  from: LooseDay.optional(),
  to: LooseDay.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ComplianceAlertQuery = z.infer<typeof ComplianceAlertQuerySchema>;

export const ComplianceAlertSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  account: z.string(),
  pattern: z.enum(COMPLIANCE_PATTERNS),
  day: z.string(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  status: z.enum(COMPLIANCE_ALERT_STATUSES),
  createdAt: z.string(),
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type ComplianceAlert = z.infer<typeof ComplianceAlertSchema>;

export const ComplianceAlertListSchema = z.object({
  content: z.array(ComplianceAlertSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ComplianceAlertList = z.infer<typeof ComplianceAlertListSchema>;

export const ComplianceAcknowledgeSchema = z.object({
  note: z.string().trim().min(1, { message: 'validation.required' }).max(1000, { message: 'validation.too_long' }),
});

export const ComplianceExtractQuerySchema = z.object({
  day: LooseDay,
  format: z.enum(['csv', 'json']).default('json'),
  family: z.enum(['bets', 'wallet', 'bettors']).default('bets'),
});

export const ComplianceHistoryQuerySchema = z.object({
  from: LooseDay.optional(),
  to: LooseDay.optional(),
});

export const ComplianceSettingsSchema = z.object({
  lossDepositMinutes: z.number().int().min(1).max(1440),
  lossShareBp: z.number().int().min(0).max(10_000),
  lossDepositRepeat: z.number().int().min(1).max(100),
  sessionHours: z.number().int().min(1).max(48),
  sessionGapMinutes: z.number().int().min(1).max(240),
  failedDeposits: z.number().int().min(1).max(1000),
  bigWinCents: z.number().int().min(1).max(1_000_000_000_00),
  rapidWithdrawMinutes: z.number().int().min(1).max(1440),
  rapidPlayShareBp: z.number().int().min(0).max(10_000),
  limitHits: z.number().int().min(1).max(1000),
});
export type ComplianceSettings = z.infer<typeof ComplianceSettingsSchema>;
