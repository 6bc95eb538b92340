import { z } from 'zod';
import { MoneySchema, PointsSchema } from './wallet.ts';

/**
 * Points and the points mall (spec §1, §2 /pointMall, §3, §4, §7 MCS2_getPointBalance…
 * MCS2_convertPoint, §9). Points are whole numbers as strings; money as decimal strings.
 */
export const POINTS_SOURCES = ['deposit', 'live', 'lottery', 'pvp', 'slots', 'sports', 'fish'] as const;
export const PointsRateSourceSchema = z.enum(POINTS_SOURCES);
export type PointsRateSource = z.infer<typeof PointsRateSourceSchema>;

export const POINTS_ITEM_KINDS = ['cash', 'bonus', 'physical'] as const;
export const PointsItemKindSchema = z.enum(POINTS_ITEM_KINDS);
export type PointsItemKind = z.infer<typeof PointsItemKindSchema>;

export const REDEMPTION_STATUSES = ['in_process', 'approved', 'rejected'] as const;
export const RedemptionStatusSchema = z.enum(REDEMPTION_STATUSES);
export type RedemptionStatus = z.infer<typeof RedemptionStatusSchema>;

export const PointsRequirementKindSchema = z.enum(['none', 'deposits', 'valid_bet']);
export type PointsRequirementKind = z.infer<typeof PointsRequirementKindSchema>;

export const MOVEMENT_SOURCES = ['deposit', 'play', 'redeem', 'redeem_return', 'convert', 'mission', 'checkin'] as const;
export const PointsMovementSourceSchema = z.enum(MOVEMENT_SOURCES);

/** A rate: points per R$ 1,00, 0 to 100,000 with up to four decimals (points_rate's check constraint). */
export const PointsRatioSchema = z.string().regex(/^(100000(\.0{1,4})?|\d{1,5}(\.\d{1,4})?)$/, { message: 'points.rate_invalid' });

export const PointsRateSchema = z.object({ source: PointsRateSourceSchema, pointsPerReal: PointsRatioSchema });
export type PointsRate = z.infer<typeof PointsRateSchema>;

export const PointsConvertConfigSchema = z.object({
  /** convertPoints points are worth convertAmount. */
  convertPoints: PointsSchema,
  convertAmount: MoneySchema,
  minPoints: PointsSchema,
  enabled: z.boolean(),
});
export type PointsConvertConfig = z.infer<typeof PointsConvertConfigSchema>;

/** MCS2_getPointConfig: the exchange-rate table and the conversion rule. */
export const PointsConfigSchema = z.object({ rates: z.array(PointsRateSchema), convert: PointsConvertConfigSchema });
export type PointsConfig = z.infer<typeof PointsConfigSchema>;

/** MCS2_getPointBalance. */
export const PointsBalanceSchema = z.object({ points: PointsSchema, earned: PointsSchema, spent: PointsSchema });
export type PointsBalance = z.infer<typeof PointsBalanceSchema>;

/** A mall item as the member sees it (MCS2_getPointReward). */
export const PointsItemSchema = z.object({
  id: z.string(),
  kind: PointsItemKindSchema,
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  pointsCost: PointsSchema,
  requirementKind: PointsRequirementKindSchema,
  requirementAmount: MoneySchema,
  value: MoneySchema,
  /** null: unlimited. */
  stock: z.number().int().nullable(),
  perMemberLimit: z.number().int().nullable(),
  /** What this member has redeemed of it (rejections not counted). */
  redeemed: z.number().int(),
  /** How many more this member may redeem now (stock, limit, points); null: no bound but points. */
  available: z.number().int(),
  /** The member's progress towards the amount requirement. */
  requirementDone: MoneySchema,
  requirementMet: z.boolean(),
});
export type PointsItem = z.infer<typeof PointsItemSchema>;
export const PointsItemListSchema = z.object({ items: z.array(PointsItemSchema) });

export const RedeemRequestSchema = z.object({
  itemId: z.string().regex(/^[1-9]\d{0,17}$/),
  quantity: z.number().int().min(1).max(100),
  paymentPassword: z.string().regex(/^\d{6}$/, { message: 'wallet.payment_password_invalid' }),
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/).optional(),
});
export type RedeemRequest = z.infer<typeof RedeemRequestSchema>;

/** A redemption (redeem history: reference number, apply time, type, name, quantity, status). */
export const RedemptionSchema = z.object({
  id: z.string(),
  reference: z.string(),
  createdAt: z.string(),
  kind: PointsItemKindSchema,
  name: z.string(),
  quantity: z.number().int(),
  points: PointsSchema,
  value: MoneySchema,
  status: RedemptionStatusSchema,
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type Redemption = z.infer<typeof RedemptionSchema>;
export const RedemptionListSchema = z.object({ list: z.array(RedemptionSchema) });

export const PointsMovementSchema = z.object({
  id: z.string(),
  amount: z.string().regex(/^-?\d{1,18}$/),
  source: PointsMovementSourceSchema,
  reference: z.string(),
  basis: MoneySchema.nullable(),
  createdAt: z.string(),
});
export type PointsMovement = z.infer<typeof PointsMovementSchema>;
export const PointsMovementListSchema = z.object({ list: z.array(PointsMovementSchema), hasMore: z.boolean() });

export const ConvertRequestSchema = z.object({
  points: z.string().regex(/^[1-9]\d{0,15}$/, { message: 'points.amount_invalid' }),
  paymentPassword: z.string().regex(/^\d{6}$/, { message: 'wallet.payment_password_invalid' }),
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/).optional(),
});
export type ConvertRequest = z.infer<typeof ConvertRequestSchema>;
export const ConvertResultSchema = z.object({ id: z.string(), points: PointsSchema, amount: MoneySchema, balance: PointsSchema });
export type ConvertResult = z.infer<typeof ConvertResultSchema>;

// ---- Operator console ----

export const AdminPointsItemInputSchema = z.object({
  kind: PointsItemKindSchema,
  namePt: z.string().trim().min(1).max(120),
  nameEn: z.string().trim().min(1).max(120),
  descriptionPt: z.string().max(1000).default(''),
  descriptionEn: z.string().max(1000).default(''),
  imageUrl: z.string().trim().max(500).nullable().default(null),
  pointsCost: z.string().regex(/^[1-9]\d{0,15}$/, { message: 'points.amount_invalid' }),
  requirementKind: PointsRequirementKindSchema.default('none'),
  requirementAmount: MoneySchema.default('0.00'),
  value: MoneySchema.default('0.00'),
  bonusWagering: z.number().min(0).max(1000).default(1),
  stock: z.number().int().min(0).max(1_000_000).nullable(),
  perMemberLimit: z.number().int().min(1).max(10_000).nullable(),
  active: z.boolean().default(true),
  sort: z.number().int().min(-10_000).max(10_000).default(0),
});
export type AdminPointsItemInput = z.infer<typeof AdminPointsItemInputSchema>;
export const AdminPointsItemSchema = AdminPointsItemInputSchema.extend({ id: z.string(), redeemed: z.number().int(), createdAt: z.string() });
export type AdminPointsItem = z.infer<typeof AdminPointsItemSchema>;
export const AdminPointsItemListSchema = z.object({ items: z.array(AdminPointsItemSchema) });

export const AdminRedemptionSchema = RedemptionSchema.extend({ memberId: z.string(), account: z.string(), itemId: z.string(), decidedBy: z.string().nullable() });
export type AdminRedemption = z.infer<typeof AdminRedemptionSchema>;
export const AdminRedemptionListSchema = z.object({ list: z.array(AdminRedemptionSchema) });
export const RedemptionDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({ decision: z.literal('reject'), reason: z.string().trim().min(1).max(500) }),
]);
export type RedemptionDecision = z.infer<typeof RedemptionDecisionSchema>;

export const AdminPointsConfigInputSchema = z.object({
  rates: z.array(PointsRateSchema).max(POINTS_SOURCES.length),
  convert: z.object({
    convertPoints: z.string().regex(/^[1-9]\d{0,15}$/),
    convertAmount: MoneySchema,
    minPoints: z.string().regex(/^[1-9]\d{0,15}$/),
    enabled: z.boolean(),
  }),
});
export type AdminPointsConfigInput = z.infer<typeof AdminPointsConfigInputSchema>;
