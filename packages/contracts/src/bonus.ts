import { z } from 'zod';
import { ApprovalReasonSchema } from './backoffice/approvals.ts';
import { AmountInputSchema, MoneySchema } from './wallet.ts';

/** A bonus grant's life: wagering open, then converted to cash, expired, forfeited (withdrawal) or cancelled. */
export const BONUS_GRANT_STATUSES = ['active', 'converted', 'expired', 'forfeited', 'cancelled'] as const;
export const BonusGrantStatusSchema = z.enum(BONUS_GRANT_STATUSES);
export type BonusGrantStatus = z.infer<typeof BonusGrantStatusSchema>;

export const BonusGrantSchema = z.object({
  id: z.string(),
  amount: MoneySchema,
  /** What the grant holds now: bets spend it after the member's cash, their wins pay it back. */
  balance: MoneySchema,
  /** "10" or "2.5": the stake to wager is amount × this. */
  wageringMultiple: z.string(),
  required: MoneySchema,
  done: MoneySchema,
  status: BonusGrantStatusSchema,
  sourceKind: z.string(),
  sourceId: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** Bonus money moved when the grant closed: to cash (converted) or back to the house. */
  closedAmount: MoneySchema.nullable(),
});
export type BonusGrant = z.infer<typeof BonusGrantSchema>;

/** Percent of a settled round's stake that counts towards wagering, per catalogue game type. */
export const BonusContributionSchema = z.object({ gameType: z.string(), percent: z.number().int().min(0).max(100) });
export type BonusContribution = z.infer<typeof BonusContributionSchema>;

/** The member's bonus-details page. */
export const BonusSummarySchema = z.object({
  /** Bonus money the active grants hold now. */
  balance: MoneySchema,
  grants: z.array(BonusGrantSchema),
  contributions: z.array(BonusContributionSchema),
});
export type BonusSummary = z.infer<typeof BonusSummarySchema>;

/** Open wagering a withdrawal request would forfeit (the member confirms first). */
export const OpenBonusSchema = z.object({ grants: z.number().int(), bonus: MoneySchema, wageringRemaining: MoneySchema });
export type OpenBonus = z.infer<typeof OpenBonusSchema>;

export const AdminBonusGrantSchema = BonusGrantSchema.extend({ memberId: z.string(), account: z.string(), note: z.string().nullable() });
export type AdminBonusGrant = z.infer<typeof AdminBonusGrantSchema>;
export const AdminBonusGrantQuerySchema = z.object({
  account: z.string().trim().max(40).optional(),
  status: BonusGrantStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const AdminBonusGrantListSchema = z.object({ content: z.array(AdminBonusGrantSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminBonusGrantList = z.infer<typeof AdminBonusGrantListSchema>;

/** An operator's manual grant, applied when a second operator approves it (maker-checker). */
export const BonusGrantProposalSchema = z.strictObject({
  account: z.string().trim().min(1).max(40),
  amount: AmountInputSchema,
  wageringMultiple: z.number().min(0).max(1000),
  expiryDays: z.number().int().min(1).max(365),
  reason: ApprovalReasonSchema,
});
export type BonusGrantProposal = z.infer<typeof BonusGrantProposalSchema>;
export const BONUS_GRANT_KIND = 'bonus.manual_grant';
/** What a proposed manual grant stores (the approvals screen words it). */
export const BonusGrantPayloadSchema = z.object({ memberId: z.string(), account: z.string(), amount: MoneySchema, wageringMultiple: z.number(), expiryDays: z.number() });
