import { z } from 'zod';
import { REFERRAL_FLAG_REASONS, REFERRAL_REWARD_TYPES, REFERRAL_STATUSES } from '../referral.ts';
import { MoneySchema } from '../wallet.ts';

/** The console's referral programme (issue 26): rules (referral.manage), referrals and the review queue (referral.review). */

/** Reais with two decimals ("10.00"), up to R$ 1.000.000.000,00. */
const AmountSchema = z.string().trim().regex(/^\d{1,10}\.\d{2}$/, 'must be an amount like 10.00');

export const ReferralRulesInputSchema = z.strictObject({
  enabled: z.boolean(),
  minFirstDeposit: AmountSchema,
  minValidBet: AmountSchema,
  rewardAmount: AmountSchema.refine((value) => Number(value) > 0, 'must be more than 0.00'),
  rewardType: z.enum(REFERRAL_REWARD_TYPES),
  wageringMultiple: z.number().min(0).max(1000),
  bonusValidDays: z.number().int().min(1).max(365),
  maxReferees: z.number().int().min(1).max(1_000_000).nullable(),
  maxAmount: AmountSchema.refine((value) => Number(value) > 0, 'must be more than 0.00').nullable(),
  windowDays: z.number().int().min(1).max(3650).nullable(),
});
export type ReferralRulesInput = z.infer<typeof ReferralRulesInputSchema>;

/** The rules in force (null before an operator sets any: the programme is off). */
export const AdminReferralRulesSchema = z.object({
  rules: ReferralRulesInputSchema.extend({ version: z.string(), createdBy: z.string(), createdAt: z.string() }).nullable(),
});
export type AdminReferralRules = z.infer<typeof AdminReferralRulesSchema>;

export const AdminReferralQuerySchema = z.object({
  status: z.enum(REFERRAL_STATUSES).optional(),
  /** The referrer's account name. */
  referrer: z.string().trim().min(1).max(40).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminReferralQuery = z.infer<typeof AdminReferralQuerySchema>;

export const AdminReferralRowSchema = z.object({
  refereeId: z.string(),
  referee: z.string(),
  referrerId: z.string(),
  referrer: z.string(),
  code: z.string(),
  registeredAt: z.string(),
  registrationIp: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  flagReasons: z.array(z.enum(REFERRAL_FLAG_REASONS)),
  reward: MoneySchema.nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type AdminReferralRow = z.infer<typeof AdminReferralRowSchema>;

export const AdminReferralListSchema = z.object({ content: z.array(AdminReferralRowSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminReferralList = z.infer<typeof AdminReferralListSchema>;

export const ReferralRefereeParamsSchema = z.object({ refereeId: z.string().regex(/^[1-9]\d{0,17}$/, 'must be a referee id') });
