import { z } from 'zod';
import { MoneySchema } from './wallet.ts';

/** Sportsbook tickets (issue 23): placing a slip and reading my bets. Odds are integer thousandths (1.850 → 1850). */

export const SPORTSBOOK_SYSTEM_PRESETS = ['trixie', 'patent', 'yankee', 'lucky_15', 'super_yankee', 'canadian', 'lucky_31', 'heinz', 'lucky_63', 'super_heinz', 'goliath'] as const;
export const SPORTSBOOK_TICKET_STATUSES = ['pending_delay', 'pending_debit', 'open', 'refused', 'won', 'partially_won', 'lost', 'void', 'cashed_out'] as const;
export const SportsbookTicketStatusSchema = z.enum(SPORTSBOOK_TICKET_STATUSES);

export const SportsbookBetTypeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('single') }),
  z.object({ kind: z.literal('accumulator') }),
  z.object({ kind: z.literal('system'), sizes: z.array(z.number().int().min(1).max(20)).min(1).max(20) }),
  z.object({ kind: z.literal('system_preset'), preset: z.enum(SPORTSBOOK_SYSTEM_PRESETS) }),
]);
export type SportsbookBetType = z.infer<typeof SportsbookBetTypeSchema>;

export const SportsbookLegInputSchema = z.object({
  eventId: z.string().regex(/^[A-Za-z0-9_:.-]{1,120}$/),
  marketKey: z.string().min(1).max(120),
  outcomeId: z.string().regex(/^[a-z0-9_:+-]{1,40}$/),
  /** The odds the slip showed, in thousandths. */
  odds: z.number().int().min(1).max(1_000_000_000),
});

export const PlaceTicketRequestSchema = z.object({
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8–64 letters, digits, - or _'),
  betType: SportsbookBetTypeSchema,
  /** unit: per combination; total: the whole ticket's, split evenly. */
  stakeMode: z.enum(['unit', 'total']).default('unit'),
  stake: z.string().regex(/^\d{1,10}\.\d{2}$/, 'a decimal amount with two places'),
  /** What to do if the odds moved: none refuses, any takes the new odds, higher takes a rise only. */
  oddsPolicy: z.enum(['none', 'any', 'higher']).default('none'),
  legs: z.array(SportsbookLegInputSchema).max(20),
});
export type PlaceTicketRequest = z.infer<typeof PlaceTicketRequestSchema>;

export const SportsbookTicketLegSchema = z.object({
  eventId: z.string(),
  marketKey: z.string(),
  outcomeId: z.string(),
  /** Locked at acceptance, never changed afterwards. */
  odds: z.number().int(),
  oddsVersion: z.string(),
});

/**
 * One settlement of a ticket (GET /api/sportsbook/tickets/:id): the first, and after a corrected
 * result the reversed one and the next. reversedAt is set once its credit was taken back.
 */
export const SportsbookTicketSettlementSchema = z.object({
  n: z.number().int().min(1),
  status: z.enum(['won', 'partially_won', 'lost', 'void']),
  return: MoneySchema,
  /** When its return was paid (null while being paid). */
  paidAt: z.string().nullable(),
  /** When a corrected result took it back (null: in force, or its reversal is still being paid). */
  reversedAt: z.string().nullable(),
  /** A corrected result is taking it back (its reversal stored). */
  reversed: z.boolean(),
});
export type SportsbookTicketSettlement = z.infer<typeof SportsbookTicketSettlementSchema>;

export const SportsbookTicketSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  status: SportsbookTicketStatusSchema,
  refusalCode: z.string().nullable(),
  betType: SportsbookBetTypeSchema,
  stakeMode: z.enum(['unit', 'total']),
  stake: MoneySchema,
  totalStake: MoneySchema,
  betCount: z.number().int(),
  oddsPolicy: z.enum(['none', 'any', 'higher']),
  maxPayout: MoneySchema,
  potentialReturn: MoneySchema,
  isLive: z.boolean(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  /** What the settled ticket paid (0.00 for lost, the stake for void); null until it is settled. */
  return: MoneySchema.nullable(),
  settledAt: z.string().nullable(),
  /** A result was rolled back or corrected after settlement: the ticket awaits resettlement. */
  needsResettlement: z.boolean(),
  legs: z.array(SportsbookTicketLegSchema),
  /** Paid out by cash-outs so far (full or partial); absent or 0.00 when none. */
  cashedOut: MoneySchema.optional(),
  /** The stake still in play after partial cash-outs (equals totalStake when none). */
  remainingStake: MoneySchema.optional(),
  /** Its settlements, first to last, with the reversals corrected results made (one ticket's read only; absent before the first). */
  settlements: z.array(SportsbookTicketSettlementSchema).optional(),
});
export type SportsbookTicket = z.infer<typeof SportsbookTicketSchema>;

export const SportsbookTicketListQuerySchema = z.object({
  /** open: not yet decided (pending or open); settled: decided (refused tickets are not listed). */
  status: z.enum(['open', 'settled']).default('open'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const SportsbookTicketListSchema = z.object({ tickets: z.array(SportsbookTicketSchema) });
export const SportsbookTicketParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/**
 * The book's public reads (no login): sports with their live and upcoming counts, event lists
 * with their main market, and one event with all its markets. Market and outcome names are
 * stable keys the web translates (`sportsbook.market.totals`, `sportsbook.outcome.totals.over`
 * with the market's specifiers as parameters); participants are as the feed gives them. Odds
 * here are decimal strings with three places ("1.850").
 */
export const SPORTSBOOK_EVENT_STATUSES = ['not_started', 'live', 'ended', 'cancelled', 'postponed'] as const;
export const SPORTSBOOK_MARKET_STATUSES = ['active', 'suspended', 'deactivated', 'settled', 'cancelled'] as const;
const SPORT_ID = /^[a-z0-9_]{1,40}$/;
const EVENT_ID = /^[A-Za-z0-9_:.-]{1,120}$/;

export const SportsbookSportSchema = z.object({
  id: z.string(),
  kind: z.enum(['sport', 'esport', 'cockfight']),
  namePt: z.string(),
  nameEn: z.string(),
  live: z.number().int(),
  upcoming: z.number().int(),
});
export const SportsbookSportListSchema = z.object({ sports: z.array(SportsbookSportSchema) });

export const SportsbookOutcomeViewSchema = z.object({
  id: z.string(),
  /** e.g. '1x2.home', 'totals.over', 'correct_score.score' — translate with `params`. */
  nameKey: z.string(),
  /** The market's specifiers (and the score of a correct-score outcome). */
  params: z.record(z.string(), z.string()),
  odds: z.string().regex(/^\d+\.\d{3}$/),
  active: z.boolean(),
});
export const SportsbookMarketViewSchema = z.object({
  /** The key a ticket leg names ('totals?total=2.5'). */
  marketKey: z.string(),
  type: z.string(),
  /** e.g. 'totals' — translate with `specifiers`. */
  nameKey: z.string(),
  specifiers: z.record(z.string(), z.string()),
  status: z.enum(SPORTSBOOK_MARKET_STATUSES),
  oddsVersion: z.string(),
  outcomes: z.array(SportsbookOutcomeViewSchema),
});
export type SportsbookMarketView = z.infer<typeof SportsbookMarketViewSchema>;

const NamedSchema = z.object({ id: z.string(), namePt: z.string(), nameEn: z.string() });
export const SportsbookEventSummarySchema = z.object({
  id: z.string(),
  sport: NamedSchema.extend({ kind: z.enum(['sport', 'esport', 'cockfight']) }),
  category: NamedSchema.extend({ countryCode: z.string().nullable() }),
  tournament: NamedSchema,
  home: z.string().nullable(),
  away: z.string().nullable(),
  competitors: z.array(z.string()),
  startAt: z.string(),
  status: z.enum(SPORTSBOOK_EVENT_STATUSES),
  homeScore: z.number().int().nullable(),
  awayScore: z.number().int().nullable(),
  period: z.string().nullable(),
  clockSeconds: z.number().int().nullable(),
  /** The sport's main market (1x2 for football, the winner otherwise), or null when the event has none. */
  mainMarket: SportsbookMarketViewSchema.nullable(),
});
export type SportsbookEventSummary = z.infer<typeof SportsbookEventSummarySchema>;

export const SportsbookEventListQuerySchema = z.object({
  sport: z.string().regex(SPORT_ID).optional(),
  /** A whole centre at once: every e-sport (CS2, LoL, Dota 2…) or every cockfight, paged together. */
  kind: z.enum(['sport', 'esport', 'cockfight']).optional(),
  state: z.enum(['live', 'upcoming']).default('upcoming'),
  /** 1–100; larger values are clamped to 100. */
  limit: z.coerce.number().int().min(1).max(9999).default(30).transform((value) => Math.min(value, 100)),
  cursor: z.string().max(400).regex(/^[A-Za-z0-9_-]+$/).optional(),
});
export const SportsbookEventListSchema = z.object({ events: z.array(SportsbookEventSummarySchema), nextCursor: z.string().nullable() });

export const SportsbookEventParamsSchema = z.object({ id: z.string().regex(EVENT_ID) });
export const SportsbookEventDetailSchema = SportsbookEventSummarySchema.omit({ mainMarket: true }).extend({
  scoreDetail: z.array(z.object({ period: z.string(), home: z.number(), away: z.number() })),
  /** All markets, grouped by type in the book's order. */
  marketGroups: z.array(z.object({ type: z.string(), nameKey: z.string(), markets: z.array(SportsbookMarketViewSchema) })),
});
export type SportsbookEventDetail = z.infer<typeof SportsbookEventDetailSchema>;

/**
 * Live push (issue 23) over /ws. One message type, `sportsbook.changes`, for both topics:
 * `sportsbook.event:<id>` carries every market change of that event, `sportsbook.live` carries
 * every event's state change and its main market's changes (the list pages). Changes of one
 * topic are batched over a short window (≈ 25–50 ms); a market appears at most once per message
 * with its latest state. Merge by `oddsVersion` (a market's version only grows: ignore a change
 * whose version is not above what the screen shows). A `marketKey` the screen does not know is a
 * new market: re-read the event. Odds are decimal strings with three places, as in the reads.
 */
export const SportsbookOutcomeChangeSchema = z.object({ id: z.string(), odds: z.string().regex(/^\d+\.\d{3}$/), active: z.boolean() });
export const SportsbookMarketChangeSchema = z.object({
  marketKey: z.string(),
  type: z.string(),
  status: z.enum(SPORTSBOOK_MARKET_STATUSES),
  oddsVersion: z.string(),
  /** Present when the prices or an outcome's active flag changed; absent for a status-only change (bet stop, settlement…). */
  outcomes: z.array(SportsbookOutcomeChangeSchema).optional(),
});
export type SportsbookMarketChange = z.infer<typeof SportsbookMarketChangeSchema>;
/** The event's live state, present when the message that committed it set any of it (each field as it is now). */
export const SportsbookEventStateChangeSchema = z.object({
  status: z.enum(SPORTSBOOK_EVENT_STATUSES),
  homeScore: z.number().int().nullable(),
  awayScore: z.number().int().nullable(),
  period: z.string().nullable(),
  clockSeconds: z.number().int().nullable(),
});
export const SportsbookEventChangeSchema = z.object({
  eventId: z.string(),
  /** When the feed change was committed (epoch ms, server clock); the earliest of the batch for this event. */
  committedAt: z.number(),
  state: SportsbookEventStateChangeSchema.optional(),
  markets: z.array(SportsbookMarketChangeSchema),
});
export type SportsbookEventChange = z.infer<typeof SportsbookEventChangeSchema>;
export const SportsbookBookChangesSchema = z.object({
  topic: z.string(),
  events: z.array(SportsbookEventChangeSchema),
  /** When the batch left the server (epoch ms). */
  sentAt: z.number(),
});
export type SportsbookBookChanges = z.infer<typeof SportsbookBookChangesSchema>;

/**
 * Cash-out (issue 23; reference §7): GET /api/sportsbook/tickets/:id/cash-out quotes one of my open
 * tickets from the current odds with the configured margin. `price` is the full cash-out amount
 * now; a partial cash-out takes any amount from `minPartial` to `maxPartial` (the ticket keeps the
 * rest, smaller by the same factor). Unavailable quotes carry the translated reason code (e.g.
 * sportsbook.cashout_leg_suspended, sportsbook.cashout_disabled) and null amounts.
 */
export const SportsbookCashOutQuoteQuerySchema = z.object({
  /** A partial amount to preview: the quote then also says what the ticket keeps. */
  amount: z.string().regex(/^\d{1,10}\.\d{2}$/, 'a decimal amount with two places').optional(),
});
export const SportsbookCashOutQuoteSchema = z.object({
  ticketId: z.string(),
  available: z.boolean(),
  reason: z.string().nullable(),
  /** The full cash-out amount now (what to send back as acceptedPrice). */
  price: MoneySchema.nullable(),
  minPartial: MoneySchema.nullable(),
  maxPartial: MoneySchema.nullable(),
  /** The ticket's stake and potential return as it stands (after earlier partial cash-outs). */
  remainingStake: MoneySchema,
  potentialReturn: MoneySchema,
  /** With ?amount: what the ticket keeps after taking that amount. */
  partial: z.object({ amount: MoneySchema, remainingStake: MoneySchema, potentialReturn: MoneySchema }).nullable(),
  quotedAt: z.string(),
});
export type SportsbookCashOutQuote = z.infer<typeof SportsbookCashOutQuoteSchema>;

/**
 * POST /api/sportsbook/tickets/:id/cash-out: takes the quoted full `acceptedPrice`, or `amount` of
 * it (partial). Paid at the accepted price or refused: if the fresh price is below it the answer is
 * 409 sportsbook.cashout_price_changed with the new quote in error.details.quote. The same
 * requestId answers the first outcome (a double click pays once).
 */
export const SportsbookCashOutRequestSchema = z.object({
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8–64 letters, digits, - or _'),
  acceptedPrice: z.string().regex(/^\d{1,10}\.\d{2}$/, 'a decimal amount with two places'),
  /** Absent: the whole ticket. */
  amount: z.string().regex(/^\d{1,10}\.\d{2}$/, 'a decimal amount with two places').optional(),
});
export type SportsbookCashOutRequest = z.infer<typeof SportsbookCashOutRequestSchema>;
export const SportsbookCashOutResultSchema = z.object({
  requestId: z.string(),
  kind: z.enum(['full', 'partial']),
  /** What was paid to the wallet. */
  paid: MoneySchema,
  /** The ticket after it: status cashed_out for a full one, still open (smaller) for a partial one. */
  ticket: SportsbookTicketSchema,
});
export type SportsbookCashOutResult = z.infer<typeof SportsbookCashOutResultSchema>;
