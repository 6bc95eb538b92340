import { z } from 'zod';
import { MoneySchema } from './wallet.ts';

/**
 * Periodic rewards (issue 21): the daily rebate on valid bet by product type with rates per VIP
 * level, and the weekly cashback on net loss. The operator sets a rebate or cashback promotion's
 * rule here; the promotions jobs compute each period and list their runs for the console.
 */
export const PRODUCT_TYPES = ['live', 'slots', 'sports', 'lottery', 'pvp', 'fish'] as const;
export const ProductTypeSchema = z.enum(PRODUCT_TYPES);
export type ProductType = z.infer<typeof ProductTypeSchema>;

/** A percentage with at most three decimals, 0 to 100 ("0.8", "1.250"). */
const PercentSchema = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,3})?$/, 'must be a percentage like 0.8')
  .refine((value) => Number(value) <= 100, 'must be at most 100');

/** A non-negative amount of reais ("0.00", "50.00"). */
const AmountSchema = z.string().regex(/^\d{1,9}\.\d{2}$/, 'must be an amount like 10.00');

export const RebateRateSchema = z.object({
  /** 0 = every member; higher levels apply once VIP levels exist (issue 22). */
  vipLevel: z.number().int().min(0).max(100),
  productType: ProductTypeSchema,
  percent: PercentSchema,
});
export type RebateRate = z.infer<typeof RebateRateSchema>;

export const PeriodicConfigInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rebate'), rates: z.array(RebateRateSchema).max(606) }),
  z.object({
    kind: z.literal('cashback'),
    percent: PercentSchema.refine((value) => Number(value) > 0, 'must be more than zero'),
    /** The week's net loss (stake − payout) must reach this for any cashback. */
    minNetLoss: AmountSchema,
  }),
]);
export type PeriodicConfigInput = z.infer<typeof PeriodicConfigInputSchema>;

export const PeriodicConfigSchema = z.object({
  promotionId: z.string(),
  /** Null until the operator saves a rule: the jobs skip the promotion meanwhile. */
  config: PeriodicConfigInputSchema.nullable(),
  /** The site's time zone: the calendar of the periods. */
  timeZone: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type PeriodicConfig = z.infer<typeof PeriodicConfigSchema>;

export const PERIODIC_RUN_STATUSES = ['running', 'finished', 'failed'] as const;

export const PeriodicRunSchema = z.object({
  id: z.string(),
  promotionId: z.string(),
  kind: z.enum(['rebate', 'cashback']),
  /** The period's first and last day (site time zone), both included. */
  periodFrom: z.string(),
  periodTo: z.string(),
  /** 'schedule' for the job, else the operator's username. */
  startedBy: z.string(),
  status: z.enum(PERIODIC_RUN_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  batches: z.number().int(),
  /** Members this run issued a reward to (a re-run counts only the ones an earlier run missed). */
  membersRewarded: z.number().int(),
  total: MoneySchema,
  error: z.string().nullable(),
});
export type PeriodicRun = z.infer<typeof PeriodicRunSchema>;
export const PeriodicRunListSchema = z.object({ list: z.array(PeriodicRunSchema) });
export type PeriodicRunList = z.infer<typeof PeriodicRunListSchema>;

/** Run (or run again) one period: a day for a rebate, a week starting on a Monday for cashback. */
export const PeriodicRunRequestSchema = z.object({ periodFrom: z.iso.date() });
export type PeriodicRunRequest = z.infer<typeof PeriodicRunRequestSchema>;
