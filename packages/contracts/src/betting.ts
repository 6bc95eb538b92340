import { z } from 'zod';
import { GameTypeSchema } from './catalogue.ts';
import { MoneySchema } from './wallet.ts';

/** Betting record (spec personalHistoryCopy): one row per game round a vendor reported. */
export const ROUND_STATUSES = ['open', 'settled', 'rolled_back'] as const;
export const RoundStatusSchema = z.enum(ROUND_STATUSES);
export type RoundStatus = z.infer<typeof RoundStatusSchema>;

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Calendar days in the operator's time zone, inclusive (at most 93 days). */
export const BettingRecordQuerySchema = z.object({
  gameType: GameTypeSchema.optional(),
  from: DaySchema,
  to: DaySchema,
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type BettingRecordQuery = z.infer<typeof BettingRecordQuerySchema>;

export const BettingRoundSchema = z.object({
  vendor: z.string(),
  vendorName: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  gameType: GameTypeSchema.nullable(),
  roundId: z.string(),
  bet: MoneySchema,
  win: MoneySchema,
  /** win − bet; 0.00 for a rolled-back round (the stake went back). */
  net: MoneySchema,
  status: RoundStatusSchema,
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type BettingRound = z.infer<typeof BettingRoundSchema>;

export const BettingRecordPageSchema = z.object({
  content: z.array(BettingRoundSchema),
  pageNum: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /** Over the whole filtered range, not just this page. */
  totals: z.object({ bet: MoneySchema, win: MoneySchema, net: MoneySchema }),
  timeZone: z.string(),
});
export type BettingRecordPage = z.infer<typeof BettingRecordPageSchema>;
