import { z } from 'zod';
import { MoneySchema } from './wallet.ts';

/**
 * VIP levels (issue 22, spec §1 "VIP levels and rank benefits"): the operator defines ranks 0
 * (where every member starts), 1, 2, … with thresholds on cumulative valid bet and credited
 * deposits, a monthly retention rule, upgrade and monthly bonuses (bonus money with wagering),
 * rebate rates per product type and an optional daily withdrawal limit.
 */

/** The rebate's product types (the same list as the promotions rebate's PRODUCT_TYPES). */
export const VIP_PRODUCT_TYPES = ['live', 'slots', 'sports', 'lottery', 'pvp', 'fish'] as const;
export type VipProductType = (typeof VIP_PRODUCT_TYPES)[number];

/** Built-in badge colours; a level may instead show an image (/media/… or https://…). */
export const VIP_BADGE_COLOURS = ['bronze', 'silver', 'gold', 'platinum', 'diamond', 'ruby', 'emerald', 'sapphire', 'black'] as const;
export type VipBadgeColour = (typeof VIP_BADGE_COLOURS)[number];

/** The highest rank an operator may define. */
export const VIP_MAX_RANK = 30;

/** "colour:gold", an image under /media/, or an https URL. */
export const VipBadgeSchema = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) =>
      (value.startsWith('colour:') && (VIP_BADGE_COLOURS as readonly string[]).includes(value.slice(7))) ||
      /^\/media\/[A-Za-z0-9._~/-]+$/.test(value) ||
      /^https:\/\/[^\s"'<>]+$/.test(value),
    'must be a built-in colour (colour:gold), an image under /media/ or an https URL',
  );

/** A non-negative amount of reais with two decimals ("0.00", "5000.00"). */
const VipAmountSchema = z.string().trim().regex(/^\d{1,12}\.\d{2}$/, 'must be an amount like 100.00');
/** A percentage with at most three decimals, 0 to 100 ("0.8", "1.250"). */
const VipPercentSchema = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,3})?$/, 'must be a percentage like 0.8')
  .refine((value) => Number(value) <= 100, 'must be at most 100');
const WageringSchema = z.number().min(0).max(1000);

export const VipBonusSchema = z.object({
  /** 0.00 = none. */
  amount: VipAmountSchema,
  /** The stake to wager before it turns to cash is amount × this. */
  wageringMultiple: WageringSchema,
});
export type VipBonus = z.infer<typeof VipBonusSchema>;

export const VipLevelInputSchema = z.strictObject({
  rank: z.number().int().min(0).max(VIP_MAX_RANK),
  names: z.strictObject({ pt: z.string().trim().min(1).max(40), en: z.string().trim().min(1).max(40) }),
  badge: VipBadgeSchema,
  /** Cumulative valid bet and cumulative credited deposits needed to reach the level (both). */
  minValidBet: VipAmountSchema,
  minDeposit: VipAmountSchema,
  /** Valid bet in the previous calendar month needed to keep the level; 0.00 = always kept. */
  retentionValidBet: VipAmountSchema,
  upgradeBonus: VipBonusSchema,
  monthlyBonus: VipBonusSchema,
  /** Days a paid VIP bonus stays open for wagering. */
  bonusValidDays: z.number().int().min(1).max(365),
  /** Rebate percent of valid bet per product type (read by the promotions rebate). */
  rebates: z.strictObject(Object.fromEntries(VIP_PRODUCT_TYPES.map((type) => [type, VipPercentSchema])) as Record<VipProductType, typeof VipPercentSchema>),
  /** Most a member at this level may withdraw per day; null = no VIP limit. */
  withdrawalLimitPerDay: VipAmountSchema.nullable(),
});
export type VipLevelInput = z.infer<typeof VipLevelInputSchema>;

export const VipLevelSchema = VipLevelInputSchema.extend({ updatedAt: z.string(), updatedBy: z.string() });
export type VipLevel = z.infer<typeof VipLevelSchema>;

/** Public state pieces (spec §3): hasVip, vipLabelName and vipRankLevel. */
export const VipStateSchema = z.object({
  /** The operator has defined levels above the base one: the VIP page and badge show. */
  hasVip: z.boolean(),
  vipLabelName: z.string().nullable(),
  vipRankLevel: z.number().int(),
  badge: z.string().nullable(),
});
export type VipState = z.infer<typeof VipStateSchema>;

export const VipProgressTargetSchema = z.object({
  current: MoneySchema,
  required: MoneySchema,
  remaining: MoneySchema,
  /** 0–100, whole percent, floored. */
  percent: z.number().int().min(0).max(100),
});
export type VipProgressTarget = z.infer<typeof VipProgressTargetSchema>;

/** The member's VIP page. */
export const VipOverviewSchema = z.object({
  rank: z.number().int(),
  since: z.string().nullable(),
  /** Cumulative figures counted towards levels (after a retention step down they count from that level's thresholds). */
  validBet: MoneySchema,
  deposits: MoneySchema,
  next: z.object({ rank: z.number().int(), validBet: VipProgressTargetSchema, deposits: VipProgressTargetSchema }).nullable(),
  /** Valid bet so far this calendar month and what keeps the current level at the month's turn. */
  retention: z.object({ monthValidBet: MoneySchema, required: MoneySchema, monthEnds: z.string() }),
  levels: z.array(VipLevelInputSchema),
  timeZone: z.string(),
});
export type VipOverview = z.infer<typeof VipOverviewSchema>;

export const AdminVipLevelListSchema = z.object({
  levels: z.array(VipLevelSchema.extend({ members: z.number().int() })),
});
export type AdminVipLevelList = z.infer<typeof AdminVipLevelListSchema>;

export const AdminVipMemberSchema = z.object({ memberId: z.string(), account: z.string(), rank: z.number().int(), since: z.string(), validBet: MoneySchema, deposits: MoneySchema });
export const AdminVipMemberListSchema = z.object({ content: z.array(AdminVipMemberSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminVipMemberList = z.infer<typeof AdminVipMemberListSchema>;
export const AdminVipMemberQuerySchema = z.object({ rank: z.coerce.number().int().min(0).max(VIP_MAX_RANK), page: z.coerce.number().int().min(1).max(10_000).default(1) });
