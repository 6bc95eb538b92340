import { z } from 'zod';
import { MoneySchema } from './wallet.ts';

/**
 * The promotion engine's wire (issue 21, spec §1, §3, §4): what an operator defines, what a member
 * sees on /promotions with its state, applications with images, and the reward centre.
 */
export const PROMOTION_TYPES = ['deposit_match', 'cashback', 'rebate', 'red_envelope', 'wheel', 'golden_egg', 'raffle', 'application', 'sign_up'] as const;
export const PromotionTypeSchema = z.enum(PROMOTION_TYPES);
export type PromotionType = z.infer<typeof PromotionTypeSchema>;

/** Sign-up and deposit bonuses: restricted by Brazilian regulation, refused while promotions.restrictedTypes is off. */
export const RESTRICTED_PROMOTION_TYPES = ['sign_up', 'deposit_match'] as const satisfies readonly PromotionType[];
export function isRestrictedPromotionType(type: PromotionType): boolean {
  return (RESTRICTED_PROMOTION_TYPES as readonly PromotionType[]).includes(type);
}

export const PROMOTION_STATUSES = ['active', 'paused', 'ended'] as const;
export const PromotionStatusSchema = z.enum(PROMOTION_STATUSES);
export type PromotionStatus = z.infer<typeof PromotionStatusSchema>;

/** A positive amount of reais ("10.00"), at most R$ 100.000.000,00. */
const PositiveMoneySchema = z
  .string()
  .regex(/^\d{1,9}\.\d{2}$/, 'must be an amount like 10.00')
  .refine((value) => Number(value) > 0, 'must be more than zero');

const IsoInstantSchema = z.iso.datetime({ offset: true });

export const PromotionEligibilitySchema = z.object({
  /** VIP levels allowed (empty = all). Kept for issue 22 (VIP); not applied until VIP levels exist. */
  vipLevels: z.array(z.number().int().min(0).max(100)).max(101),
  registeredFrom: IsoInstantSchema.nullable(),
  registeredTo: IsoInstantSchema.nullable(),
  /** Only members who registered on or after the promotion's start. */
  newMembersOnly: z.boolean(),
  /** One participation per CPF across accounts (a member without a CPF on file cannot take part). */
  onePerCpf: z.boolean(),
  /** Only the team of this root agent (its account name). */
  agentAccount: z.string().trim().toLowerCase().min(3).max(32).nullable(),
  /** Credited deposits between the promotion's start and now must reach this. */
  minDeposit: PositiveMoneySchema.nullable(),
  /** Valid bet between the promotion's start and yesterday (rolled-up days) must reach this. */
  minValidBet: PositiveMoneySchema.nullable(),
});
export type PromotionEligibility = z.infer<typeof PromotionEligibilitySchema>;

export const PromotionRewardSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cash'), amount: PositiveMoneySchema }),
  z.object({ kind: z.literal('bonus'), amount: PositiveMoneySchema, wageringMultiple: z.number().min(1).max(100), expiryDays: z.number().int().min(1).max(365) }),
]);
export type PromotionReward = z.infer<typeof PromotionRewardSchema>;

/**
 * Deposit match: the reward is `percent` of a qualifying credited deposit, at most the reward's
 * amount. `firstDepositOnly`: only the member's first credited deposit ever qualifies; otherwise
 * every deposit credited while the member takes part does (the member cap bounds the total).
 */
export const DepositMatchSchema = z.object({
  percent: z.number().int().min(1).max(1000),
  firstDepositOnly: z.boolean(),
});
export type DepositMatch = z.infer<typeof DepositMatchSchema>;

/** Days an issued reward waits in the reward centre before it expires unclaimed. */
export const REWARD_EXPIRY_DAYS_DEFAULT = 30;

/** Where the card image comes from: the site's own /media paths or an https address. */
const ImageUrlSchema = z
  .string()
  .max(500)
  .regex(/^(\/media\/[A-Za-z0-9._\-/]+|https:\/\/[^\s"'<>]+)$/, 'must be a /media/… path or an https address');

export const PromotionTextSchema = z.object({
  title: z.string().trim().min(1).max(120),
  summary: z.string().trim().max(300),
  /** Sanitised by the server's allow-list on save. */
  html: z.string().max(50_000),
  /** This language's own card image (art with words in it); the promotion's image otherwise. */
  imageUrl: ImageUrlSchema.nullable().default(null),
});
export type PromotionText = z.infer<typeof PromotionTextSchema>;

export const PromotionInputSchema = z.object({
  type: PromotionTypeSchema,
  startsAt: IsoInstantSchema,
  endsAt: IsoInstantSchema.nullable(),
  eligibility: PromotionEligibilitySchema,
  budget: PositiveMoneySchema,
  memberCap: PositiveMoneySchema,
  reward: PromotionRewardSchema,
  texts: z.object({ pt: PromotionTextSchema, en: PromotionTextSchema }),
  imageUrl: ImageUrlSchema.nullable(),
  sortOrder: z.number().int().min(-10_000).max(10_000),
  /** Red envelope: how many shares the pot (the budget) is split into; null for other types. */
  envelopeShares: z.number().int().min(1).max(10_000).nullable().default(null),
  /** Deposit match: the percent and which deposits qualify; required for deposit_match, null for other types. */
  depositMatch: DepositMatchSchema.nullable().default(null),
  /** An issued reward not claimed within this many days expires. */
  rewardExpiryDays: z.number().int().min(1).max(365).default(REWARD_EXPIRY_DAYS_DEFAULT),
});
export type PromotionInput = z.infer<typeof PromotionInputSchema>;

export const AdminPromotionSchema = PromotionInputSchema.extend({
  id: z.string(),
  status: PromotionStatusSchema,
  spent: MoneySchema,
  pendingApplications: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type AdminPromotion = z.infer<typeof AdminPromotionSchema>;
export const AdminPromotionListSchema = z.object({ list: z.array(AdminPromotionSchema), restrictedTypesAllowed: z.boolean() });
export type AdminPromotionList = z.infer<typeof AdminPromotionListSchema>;

export const PromotionStatusChangeSchema = z.object({ status: z.enum(['active', 'paused', 'ended']) });

/** Spec §4 activity states. */
export const PROMOTION_MEMBER_STATES = ['join', 'applying', 'rejected', 'issued', 'claimed', 'process', 'joined', 'coming_soon'] as const;
export const PromotionMemberStateSchema = z.enum(PROMOTION_MEMBER_STATES);
export type PromotionMemberState = z.infer<typeof PromotionMemberStateSchema>;

/** The application limits (spec §5, §9). */
export const APPLICATION_COMMENT_MAX = 140;
export const APPLICATION_IMAGES_MAX = 3;
export const APPLICATION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const ApplicationImageRefSchema = z.object({ id: z.string(), contentType: z.enum(['image/png', 'image/jpeg']) });

export const PlayerPromotionSchema = z.object({
  id: z.string(),
  type: PromotionTypeSchema,
  title: z.string(),
  summary: z.string(),
  html: z.string(),
  imageUrl: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  reward: PromotionRewardSchema,
  /** A deposit match's terms (percent, first deposit only); absent for other types. */
  depositMatch: DepositMatchSchema.nullish(),
  /** Null for a visitor who is not logged in (the page offers to log in instead). */
  state: PromotionMemberStateSchema.nullable(),
  /** A rejected application's reason. */
  reason: z.string().nullable(),
  /** Images of a draft application not yet sent. */
  draftImages: z.array(ApplicationImageRefSchema),
});
export type PlayerPromotion = z.infer<typeof PlayerPromotionSchema>;

export const PlayerPromotionListSchema = z.object({
  list: z.array(PlayerPromotionSchema),
  /** Spec §3 public state: promotions the member can join or apply to now. */
  availablePromoCount: z.number().int(),
  availablePromo: z.boolean(),
});
export type PlayerPromotionList = z.infer<typeof PlayerPromotionListSchema>;

/** A red envelope share: its amount, and whether this call took it (false: taken before). */
export const EnvelopeGrabSchema = z.object({ amount: MoneySchema, created: z.boolean() });
export type EnvelopeGrab = z.infer<typeof EnvelopeGrabSchema>;

export const ApplicationSubmitSchema = z.object({ comment: z.string().trim().max(APPLICATION_COMMENT_MAX) });

export const RewardSchema = z.object({
  id: z.string(),
  promotionId: z.string(),
  title: z.string(),
  kind: z.enum(['cash', 'bonus']),
  amount: MoneySchema,
  wageringMultiple: z.number().nullable(),
  expiryDays: z.number().int().nullable(),
  status: z.enum(['claimable', 'claimed', 'expired']),
  issuedAt: z.string(),
  claimedAt: z.string().nullable(),
  /** When an unclaimed reward expires (claimable), or expired (expired). */
  expiresAt: z.string().nullable(),
});
export type Reward = z.infer<typeof RewardSchema>;
export const RewardCentreSchema = z.object({ claimable: z.array(RewardSchema), history: z.array(RewardSchema), unseen: z.number().int() });
export type RewardCentre = z.infer<typeof RewardCentreSchema>;
export const RewardSummarySchema = z.object({ claimable: z.number().int(), unseen: z.number().int(), availablePromoCount: z.number().int() });
export type RewardSummary = z.infer<typeof RewardSummarySchema>;
export const ClaimResultSchema = z.object({ claimed: z.array(RewardSchema), refused: z.array(z.object({ id: z.string(), code: z.string() })) });
export type ClaimResult = z.infer<typeof ClaimResultSchema>;

export const ApplicationReviewItemSchema = z.object({
  id: z.string(),
  promotionId: z.string(),
  promotionTitle: z.string(),
  memberId: z.string(),
  account: z.string(),
  comment: z.string(),
  images: z.array(ApplicationImageRefSchema),
  state: z.enum(['applying', 'approved', 'rejected']),
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type ApplicationReviewItem = z.infer<typeof ApplicationReviewItemSchema>;
export const ApplicationReviewListSchema = z.object({ list: z.array(ApplicationReviewItemSchema) });
export const ApplicationDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({ decision: z.literal('reject'), reason: z.string().trim().min(1).max(500) }),
]);
export type ApplicationDecision = z.infer<typeof ApplicationDecisionSchema>;

/** Rewards of one promotion in one status: how many and their sum. */
const RewardTallySchema = z.object({ count: z.number().int(), amount: MoneySchema });

/**
 * What a promotion cost (the console's cost report): its rewards by status, the cash paid, and
 * the bonus money it granted and what became of it (the bonus module's grants). Net cost is what
 * left the house as cash: cash rewards paid plus bonus converted to cash.
 */
export const PromotionCostSchema = z.object({
  promotionId: z.string(),
  title: z.string(),
  type: PromotionTypeSchema,
  status: PromotionStatusSchema,
  budget: MoneySchema,
  spent: MoneySchema,
  issued: RewardTallySchema,
  claimed: RewardTallySchema,
  expired: RewardTallySchema,
  cashPaid: MoneySchema,
  bonusGranted: MoneySchema,
  bonusConverted: MoneySchema,
  bonusForfeited: MoneySchema,
  bonusExpired: MoneySchema,
  /** Granted bonus still under wagering. */
  bonusOpen: MoneySchema,
  netCost: MoneySchema,
});
export type PromotionCost = z.infer<typeof PromotionCostSchema>;
export const PromotionCostReportSchema = z.object({ list: z.array(PromotionCostSchema) });
export type PromotionCostReport = z.infer<typeof PromotionCostReportSchema>;
