import { z } from 'zod';
import { MoneySchema } from '../wallet.ts';

/**
 * The back-office dashboard and reports (permission reports.read). Days are calendar days in the
 * site's time zone (settings locale.timeZone); amounts are decimal strings of reais.
 *
 * Definitions (docs/ARCHITECTURE.md, "Reports"):
 * - bets / wins: stakes and payouts of settled rounds (every product: vendors' games, house slots,
 *   mini games and crash all record their rounds in provider_round), counted when the round settles
 *   (a later win or rollback counts when it happens); trial accounts never count.
 * - GGR = bets − wins.
 * - NGR = GGR − bonuses − adjustments: bonuses are what the house's bonus_expense account gave
 *   members in bonus journals, adjustments what its adjustments account gave them (operators'
 *   balance adjustments; a debit of a member counts negative), on the journal's day.
 * - active players: real members (not trial) who logged in (opened a session) or had a round
 *   settled that day.
 */

/** Product type of a round: the catalogue's game type when the round opened ('OTHER' if it had none). */
export const REPORT_PRODUCT_OTHER = 'OTHER';

export const REPORT_GROUP_BY = ['day', 'productType', 'vendor'] as const;
export const ReportGroupBySchema = z.enum(REPORT_GROUP_BY);
export type ReportGroupBy = z.infer<typeof ReportGroupBySchema>;

/** The longest range a report covers (inclusive days). */
export const REPORT_MAX_DAYS = 366;

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'reports.range_invalid');

/** from and to: inclusive calendar days, YYYY-MM-DD, at most REPORT_MAX_DAYS apart. */
export const ReportRangeQuerySchema = z.object({ from: DaySchema, to: DaySchema });
export type ReportRangeQuery = z.infer<typeof ReportRangeQuerySchema>;

export const GgrReportQuerySchema = ReportRangeQuerySchema.extend({ groupBy: ReportGroupBySchema.default('day') });
export type GgrReportQuery = z.infer<typeof GgrReportQuerySchema>;

export const PlayFiguresSchema = z.object({
  /** Settled rounds (a rollback of a settled round takes one away). */
  rounds: z.number().int(),
  bets: MoneySchema,
  wins: MoneySchema,
  ggr: MoneySchema,
});
export type PlayFigures = z.infer<typeof PlayFiguresSchema>;

export const GgrRowSchema = PlayFiguresSchema.extend({
  /** The day (YYYY-MM-DD), the product type (catalogue game type or OTHER) or the vendor code. */
  key: z.string(),
  /** The vendor's display name (groupBy vendor); null otherwise. */
  label: z.string().nullable(),
  /** Per day only: bonuses and adjustments have no product or vendor (they are in the totals). */
  bonuses: MoneySchema.nullable(),
  adjustments: MoneySchema.nullable(),
  ngr: MoneySchema.nullable(),
});
export type GgrRow = z.infer<typeof GgrRowSchema>;

export const GgrReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  groupBy: ReportGroupBySchema,
  /** Day rows cover every day of the range (zeros included); other groupings only what was played, most bet first. */
  rows: z.array(GgrRowSchema),
  totals: PlayFiguresSchema.extend({ bonuses: MoneySchema, adjustments: MoneySchema, ngr: MoneySchema }),
});
export type GgrReport = z.infer<typeof GgrReportSchema>;

export const CountSumSchema = z.object({ count: z.number().int(), sum: MoneySchema });
export type CountSum = z.infer<typeof CountSumSchema>;

/** Deposits count when credited; withdrawals when paid. */
export const PaymentsReportRowSchema = z.object({ day: z.string(), deposits: CountSumSchema, withdrawals: CountSumSchema });
export type PaymentsReportRow = z.infer<typeof PaymentsReportRowSchema>;

export const PaymentsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** Every day of the range, oldest first. */
  rows: z.array(PaymentsReportRowSchema),
  totals: z.object({ deposits: CountSumSchema, withdrawals: CountSumSchema }),
});
export type PaymentsReport = z.infer<typeof PaymentsReportSchema>;

export const LEDGER_CHECK_STATES = ['ok', 'problems', 'stale', 'never'] as const;

export const DashboardSchema = z.object({
  /** Today in the site's time zone. */
  day: z.string(),
  timeZone: z.string(),
  generatedAt: z.string(),
  /** Real (not trial) accounts created today. */
  registrations: z.number().int(),
  activePlayers: z.object({
    total: z.number().int(),
    /** Had a round settled today. */
    bettors: z.number().int(),
    /** Opened a session today. */
    loggedIn: z.number().int(),
  }),
  /** Deposits credited today. */
  deposits: CountSumSchema,
  /** Withdrawals not finished (reviewing, approved, paying) whenever requested. */
  withdrawalsPending: CountSumSchema.extend({
    /** Reviewing only: waiting for an operator. */
    reviewing: z.number().int(),
    /** Minutes since the oldest pending request; null when none. */
    oldestWaitingMinutes: z.number().int().nullable(),
  }),
  play: PlayFiguresSchema,
  /** Today's play per product type, most bet first. */
  products: z.array(PlayFiguresSchema.extend({ productType: z.string() })),
  ledgerCheck: z.object({
    /** ok: the last run found nothing and is recent; stale: older than two hours; never: no run yet. */
    status: z.enum(LEDGER_CHECK_STATES),
    finishedAt: z.string().nullable(),
    journals: z.number().int().nullable(),
    entries: z.number().int().nullable(),
    problems: z.number().int(),
  }),
  system: z.object({
    maintenance: z.boolean(),
    regionRules: z.boolean(),
    /** The last worker heartbeat (every minute); null when no worker ever ran. */
    workerSeenAt: z.string().nullable(),
    workerAlive: z.boolean(),
    /** Settled play up to this instant is read from the hourly rollup; after it, from the facts. */
    reportsRolledUntil: z.string(),
  }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
