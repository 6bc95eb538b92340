import { z } from 'zod';
import { WalletModeSchema } from '../catalogue.ts';
import { SETTING_SCHEMAS } from './settings.ts';

const PaymentsSettingsSchema = SETTING_SCHEMAS.payments;

/**
 * Maker-checker for sensitive operator actions (issue 20): one operator proposes, another with
 * the kind's permission approves (the change applies then) or rejects. Each kind's payload is
 * what the console words the change from.
 */
export const APPROVAL_KINDS = ['catalogue.vendor_wallet_mode', 'catalogue.vendor_secret', 'system.payment_limits', 'agents.settlement_period', 'agents.settlement_rerun', 'sportsbook.market_result', 'sportsbook.ticket_void', 'lottery.draw_result', 'lottery.draw_cancel'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'failed'] as const;
export const ApprovalStatusSchema = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof ApprovalStatusSchema>;

/** Why the maker asks: shown to the checker and kept in the audit. */
export const ApprovalReasonSchema = z.string().trim().min(1, { message: 'backoffice.approval_reason_required' }).max(500);

const Operator = z.object({ id: z.string(), username: z.string() });

export const ApprovalRequestSchema = z.object({
  id: z.string(),
  kind: z.string(),
  /** What the change is about (a vendor code, 'payments', a run id…). */
  target: z.string(),
  payload: z.record(z.string(), z.unknown()),
  reason: z.string(),
  status: ApprovalStatusSchema,
  requestedBy: Operator,
  requestedAt: z.string(),
  decidedBy: Operator.nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** What the approval did, or `{ error }` when it failed. */
  result: z.record(z.string(), z.unknown()).nullable(),
  /** Can the operator asking approve or reject it (another operator's pending request of a kind its role may decide). */
  canDecide: z.boolean(),
  /** Answered once to the approving operator and never stored (a rotated provider secret). */
  once: z.record(z.string(), z.string()).optional(),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequestSchema>;

export const ApprovalQuerySchema = z.object({
  status: ApprovalStatusSchema.optional(),
  kind: z.enum(APPROVAL_KINDS).optional(),
  target: z.string().trim().min(1).max(100).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type ApprovalQuery = z.infer<typeof ApprovalQuerySchema>;
export const ApprovalPageSchema = z.object({ content: z.array(ApprovalRequestSchema), total: z.number().int() });
export type ApprovalPage = z.infer<typeof ApprovalPageSchema>;

export const ApprovalRejectSchema = z.object({ note: z.string().trim().min(1, { message: 'backoffice.approval_note_required' }).max(500) });

// ---- Proposals, sent to the owning module's routes ----

/** POST /api/backoffice/catalogue/vendors/:code/wallet-mode */
export const VendorWalletModeProposalSchema = z.strictObject({ walletMode: WalletModeSchema, reason: ApprovalReasonSchema });
/** POST /api/backoffice/catalogue/vendors/:code/secret */
export const VendorSecretProposalSchema = z.strictObject({ reason: ApprovalReasonSchema });
/** POST /api/backoffice/settings/payments/proposal: the whole payments setting as it should be. */
export const PaymentLimitsProposalSchema = z.strictObject({ value: z.unknown(), reason: ApprovalReasonSchema });
/** POST /api/backoffice/agents/settlements/periods: the period of `kind` that contains `at`, a wall-clock time in the operator's zone. */
export const SettlementPeriodProposalSchema = z.strictObject({
  kind: z.enum(['hourly', 'daily', 'dividend']),
  at: z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/, { message: 'agents.period_invalid' }),
  reason: ApprovalReasonSchema,
});
export type SettlementPeriodProposal = z.infer<typeof SettlementPeriodProposalSchema>;

// ---- Payloads as stored (what the console words) ----

export const VendorWalletModePayloadSchema = z.object({ vendor: z.string(), vendorName: z.string(), from: WalletModeSchema, to: WalletModeSchema });
export const VendorSecretPayloadSchema = z.object({ vendor: z.string(), vendorName: z.string() });
export const PaymentLimitsPayloadSchema = z.object({ before: PaymentsSettingsSchema, after: PaymentsSettingsSchema });
export const SettlementPeriodPayloadSchema = z.object({ kind: z.enum(['hourly', 'daily', 'dividend']), periodStart: z.string(), periodEnd: z.string() });
export const SettlementRerunPayloadSchema = z.object({ runId: z.string(), kind: z.string(), periodStart: z.string(), periodEnd: z.string(), lineIds: z.array(z.string()).nullable() });
