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

/** Products finer than a game type: the house mini games (dados, limbo, plinko, mines) are listed under CRASH. */
export const ROUND_PRODUCTS = ['mini'] as const;
export type RoundProduct = (typeof ROUND_PRODUCTS)[number];

export const BettingRoundSchema = z.object({
  vendor: z.string(),
  vendorName: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  gameType: GameTypeSchema.nullable(),
  /** The game's own product where it is finer than its type ('mini'); null: the type says it. */
  product: z.enum(ROUND_PRODUCTS).nullable(),
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

/** Spec §3 winner entry; customerName is always masked (e.g. "jo***a"). */
export const WinnerEntrySchema = z.object({ customerName: z.string(), winAmount: MoneySchema, gameName: z.string(), iconUrl: z.string() });
export type WinnerEntry = z.infer<typeof WinnerEntrySchema>;
/** Home biggest-winners board: the largest single-round wins of the last 30 days (9 entries at most). */
export const WinnersBoardSchema = z.object({ list: z.array(WinnerEntrySchema) });
export type WinnersBoard = z.infer<typeof WinnersBoardSchema>;

export const LEADERBOARD_PERIODS = ['day', 'week', 'month'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
/** Players ranked by their total winnings in the period (today, this week, this month in the operator's zone). */
export const LeaderboardSchema = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  from: z.string(),
  entries: z.array(z.object({ rank: z.number().int(), customerName: z.string(), winAmount: MoneySchema, rounds: z.number().int() })),
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;
