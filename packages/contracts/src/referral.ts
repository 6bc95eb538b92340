import { z } from 'zod';
import { MoneySchema } from './wallet.ts';

/**
 * The member referral programme (issue 26, spec §1 "referral/invite programme"): a member shares
 * their code (R-XXXXXXXX), link and QR code; a friend who registers from it and passes the
 * operator's thresholds (first deposit, valid bet) earns the member one reward, cash or bonus money.
 * Agents' codes (4–20 letters and digits, never a hyphen) keep placing new members in their team.
 */

/** A member's programme code: 'R-' and 8 letters and digits without I, O, 0 or 1. */
export const MEMBER_REFERRAL_CODE = /^R-[A-HJ-NP-Z2-9]{8}$/;

export const REFERRAL_REWARD_TYPES = ['cash', 'bonus'] as const;
export type ReferralRewardType = (typeof REFERRAL_REWARD_TYPES)[number];

/** pending: not qualified yet; flagged: waits for an operator's review; capped: the referrer's cap was reached. */
export const REFERRAL_STATUSES = ['pending', 'paid', 'flagged', 'rejected', 'capped', 'expired'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** Why a referral waits for review: the referee shares the referrer's CPF, device or address. */
export const REFERRAL_FLAG_REASONS = ['same_cpf', 'same_device', 'same_ip'] as const;
export type ReferralFlagReason = (typeof REFERRAL_FLAG_REASONS)[number];

/** GET /api/referral/state (public): availablePromo REFERRAL.enabled — the side menu's invite entry. */
export const ReferralStateSchema = z.object({ enabled: z.boolean() });
export type ReferralState = z.infer<typeof ReferralStateSchema>;

/** The rules as the player sees them. */
export const ReferralRulesViewSchema = z.object({
  minFirstDeposit: MoneySchema,
  minValidBet: MoneySchema,
  rewardAmount: MoneySchema,
  rewardType: z.enum(REFERRAL_REWARD_TYPES),
  /** Bonus money: wager amount × this before it turns to cash. */
  wageringMultiple: z.number(),
  maxReferees: z.number().int().nullable(),
  maxAmount: MoneySchema.nullable(),
  windowDays: z.number().int().nullable(),
});
export type ReferralRulesView = z.infer<typeof ReferralRulesViewSchema>;

export const ReferralRefereeSchema = z.object({
  /** Masked (ab***9). */
  account: z.string(),
  registeredAt: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  /** The first credited deposit, if any, and whether it reaches the threshold. */
  firstDeposit: MoneySchema.nullable(),
  depositMet: z.boolean(),
  validBet: MoneySchema,
  validBetMet: z.boolean(),
  reward: MoneySchema.nullable(),
});
export type ReferralReferee = z.infer<typeof ReferralRefereeSchema>;

/** GET /api/referral: the member's invite page. */
export const ReferralOverviewSchema = z.object({
  enabled: z.boolean(),
  code: z.string(),
  /** <site>/register?referralCode=<code> */
  link: z.string(),
  qrUrl: z.string(),
  rules: ReferralRulesViewSchema.nullable(),
  counters: z.object({ invited: z.number().int(), qualified: z.number().int(), earned: MoneySchema }),
  referees: z.array(ReferralRefereeSchema),
});
export type ReferralOverview = z.infer<typeof ReferralOverviewSchema>;
