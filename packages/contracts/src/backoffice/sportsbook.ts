import { z } from 'zod';
import { SPORTSBOOK_EVENT_STATUSES, SPORTSBOOK_MARKET_STATUSES, SPORTSBOOK_TICKET_STATUSES } from '../sportsbook.ts';
import { MoneySchema } from '../wallet.ts';

/**
 * The sportsbook's operator console (issue 23): /api/backoffice/sportsbook/…. Every change is a
 * feed message of the event's producer ('manual' for events created here) applied by the book's
 * one apply service, so tickets, settlement and the live push see it like any feed. Every change
 * carries a requestId (a UUID the console makes once per submission): the same id again answers
 * the first outcome and changes nothing. Odds are decimal text with up to three places ('1.85').
 */

const RequestId = z.string().uuid({ message: 'sportsbook.request_id_invalid' });
const Name = z.string().trim().min(1, { message: 'sportsbook.name_required' }).max(160, { message: 'sportsbook.name_too_long' });
const Id = z.string().regex(/^[A-Za-z0-9_:.-]{1,120}$/, { message: 'sportsbook.id_invalid' });
/** Decimal odds as text, 1.001 to 1000000 (three places at most). */
export const OddsTextSchema = z.string().regex(/^(?:[1-9]\d{0,6})(?:\.\d{1,3})?$/, { message: 'sportsbook.odds_text_invalid' });
const MarketType = z.string().regex(/^[a-z0-9_]{1,40}$/, { message: 'sportsbook.market_invalid' });
const Specifiers = z.record(z.string().regex(/^[a-z]{1,20}$/), z.string().min(1).max(20)).default({});
const OutcomeId = z.string().regex(/^[a-z0-9_:+-]{1,40}$/, { message: 'sportsbook.outcome_invalid' });
const MarketKey = z.string().min(1).max(120);
const Reason = z.string().trim().min(1, { message: 'sportsbook.reason_required' }).max(500, { message: 'sportsbook.reason_too_long' });

export const SportsbookAdminEventParamsSchema = z.object({ id: Id });
export const SportsbookAdminTicketParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });

// ---- Events and markets ----

export const SportsbookAdminMarketInputSchema = z.object({
  type: MarketType,
  specifiers: Specifiers,
  status: z.enum(['active', 'suspended']).default('active'),
  outcomes: z.array(z.object({ id: OutcomeId, odds: OddsTextSchema })).min(1).max(64),
});
export type SportsbookAdminMarketInput = z.input<typeof SportsbookAdminMarketInputSchema>;

/** An existing sport, category or tournament by id, or a new one by its names (reused when one of that name exists). */
const ByIdOrName = z.union([z.object({ id: Id }).strict(), z.object({ namePt: Name, nameEn: Name.optional() }).strict()]);

export const SportsbookAdminCreateEventSchema = z
  .object({
    requestId: RequestId,
    sport: z.union([z.object({ id: z.string().regex(/^[a-z0-9_]{1,40}$/, { message: 'sportsbook.id_invalid' }) }).strict(), z.object({ id: z.string().regex(/^[a-z0-9_]{1,40}$/), kind: z.enum(['sport', 'esport', 'cockfight']), namePt: Name, nameEn: Name }).strict()]),
    category: ByIdOrName.and(z.object({ countryCode: z.string().regex(/^[A-Z]{2}$/).nullable().optional() })),
    tournament: ByIdOrName,
    home: Name.optional(),
    away: Name.optional(),
    competitors: z.array(Name).min(2).max(64).optional(),
    startAt: z.string().datetime({ offset: true, message: 'sportsbook.start_invalid' }),
    markets: z.array(SportsbookAdminMarketInputSchema).max(100).default([]),
  })
  .refine((body) => (body.home === undefined) === (body.away === undefined), { message: 'sportsbook.home_and_away', path: ['away'] })
  .refine((body) => body.home !== undefined || (body.competitors?.length ?? 0) >= 2, { message: 'sportsbook.participants_required', path: ['home'] });
export type SportsbookAdminCreateEvent = z.input<typeof SportsbookAdminCreateEventSchema>;

export const SportsbookAdminMarketsSchema = z.object({ requestId: RequestId, markets: z.array(SportsbookAdminMarketInputSchema).min(1).max(100) });

/** live (with the score, period and clock), ended (its markets stopped), or cancelled / postponed (the fixture changes; its markets suspended — void them by result). */
export const SportsbookAdminEventStateSchema = z.object({
  requestId: RequestId,
  status: z.enum(['live', 'ended', 'cancelled', 'postponed']),
  homeScore: z.number().int().min(0).max(10_000).optional(),
  awayScore: z.number().int().min(0).max(10_000).optional(),
  period: z.string().trim().min(1).max(20).nullable().optional(),
  clockSeconds: z.number().int().min(0).max(100_000).nullable().optional(),
});

export const SportsbookAdminOddsSchema = z.object({
  requestId: RequestId,
  marketKey: MarketKey,
  /** The outcomes to reprice (the others keep their odds); `active: false` takes one outcome off. */
  outcomes: z.array(z.object({ id: OutcomeId, odds: OddsTextSchema, active: z.boolean().default(true) })).min(1).max(64),
});

/** Without marketKey: every market of the event. */
export const SportsbookAdminMarketStatusSchema = z.object({ requestId: RequestId, marketKey: MarketKey.optional() });

/**
 * A margin (overround) in percent, 0 to 30: the market's odds are repriced so the implied
 * probabilities (1/odds) keep their proportions and add up to 1 + margin. Without marketKey:
 * every open market of the event.
 */
export const SportsbookAdminMarginSchema = z.object({
  requestId: RequestId,
  marketKey: MarketKey.optional(),
  marginPercent: z.string().regex(/^(?:[0-9]|[12][0-9]|30)(?:\.\d{1,2})?$/, { message: 'sportsbook.margin_invalid' }).refine((text) => Number(text) <= 30, { message: 'sportsbook.margin_invalid' }),
});

export const SportsbookAdminOutcomeResultSchema = z.object({
  id: OutcomeId,
  result: z.enum(['won', 'lost']),
  /** 1: the stake back (void); 0.5: half back (Asian quarter lines). */
  voidFactor: z.union([z.literal(0), z.literal(0.5), z.literal(1)]).default(0),
  deadHeatFactor: z.string().regex(/^(?:1(?:\.0{1,6})?|0\.\d{1,6})$/, { message: 'sportsbook.dead_heat_invalid' }).refine((text) => Number(text) > 0, { message: 'sportsbook.dead_heat_invalid' }).default('1'),
});

/**
 * A market's result: `outcomes` (each outcome's result; outcomes not named are not settled — name
 * them all), or `void: true` (the market is cancelled and every bet on it refunded). `correction`
 * rolls the current result back first (the market must be settled). Above the stake-at-risk
 * threshold the answer is 202 with an approval request another operator decides.
 */
export const SportsbookAdminResultSchema = z
  .object({
    requestId: RequestId,
    marketKey: MarketKey,
    outcomes: z.array(SportsbookAdminOutcomeResultSchema).min(1).max(64).optional(),
    void: z.literal(true).optional(),
    correction: z.boolean().default(false),
    reason: Reason,
  })
  .refine((body) => (body.outcomes === undefined) !== (body.void === undefined), { message: 'sportsbook.result_outcomes_or_void', path: ['outcomes'] });
export type SportsbookAdminResult = z.input<typeof SportsbookAdminResultSchema>;

export const SportsbookAdminEventListQuerySchema = z.object({
  q: z.string().trim().max(80).optional(),
  status: z.enum(SPORTSBOOK_EVENT_STATUSES).optional(),
  producer: z.string().regex(/^[a-z0-9_-]{1,40}$/).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const SportsbookAdminEventRowSchema = z.object({
  id: z.string(),
  producer: z.string(),
  sport: z.object({ id: z.string(), namePt: z.string(), nameEn: z.string() }),
  tournament: z.object({ id: z.string(), namePt: z.string(), nameEn: z.string() }),
  category: z.object({ id: z.string(), namePt: z.string(), nameEn: z.string() }),
  home: z.string().nullable(),
  away: z.string().nullable(),
  competitors: z.array(z.string()),
  startAt: z.string(),
  status: z.enum(SPORTSBOOK_EVENT_STATUSES),
  homeScore: z.number().int().nullable(),
  awayScore: z.number().int().nullable(),
  period: z.string().nullable(),
  clockSeconds: z.number().int().nullable(),
  markets: z.number().int(),
  openTickets: z.number().int(),
});
export type SportsbookAdminEventRow = z.infer<typeof SportsbookAdminEventRowSchema>;
export const SportsbookAdminEventListSchema = z.object({ content: z.array(SportsbookAdminEventRowSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const SportsbookAdminOutcomeSchema = z.object({
  id: z.string(),
  odds: z.string(),
  active: z.boolean(),
  /** Open tickets' potential return on this outcome (an accumulator counts on each of its legs' outcomes). */
  liability: MoneySchema,
  stake: MoneySchema,
  tickets: z.number().int(),
});
export const SportsbookAdminMarketSchema = z.object({
  marketKey: z.string(),
  type: z.string(),
  specifiers: z.record(z.string(), z.string()),
  status: z.enum(SPORTSBOOK_MARKET_STATUSES),
  /** The current overround in percent (sum of 1/odds of active outcomes − 1), two places; null without active outcomes. */
  marginPercent: z.string().nullable(),
  /** Total stake of the not-refused tickets with a leg on this market (what the result threshold compares). */
  stakeAtRisk: MoneySchema,
  outcomes: z.array(SportsbookAdminOutcomeSchema),
  /** The latest result written, newest first (settlements, cancellations, rollbacks). */
  results: z.array(z.object({ seq: z.string(), kind: z.string(), producer: z.string(), at: z.string(), outcomes: z.array(z.record(z.string(), z.unknown())).nullable() })),
});
export type SportsbookAdminMarket = z.infer<typeof SportsbookAdminMarketSchema>;
export const SportsbookAdminEventDetailSchema = SportsbookAdminEventRowSchema.extend({
  markets: z.array(SportsbookAdminMarketSchema),
  /** Open tickets with a leg on the event, each counted once. */
  liability: z.object({ tickets: z.number().int(), stake: MoneySchema, potentialReturn: MoneySchema }),
});
export type SportsbookAdminEventDetail = z.infer<typeof SportsbookAdminEventDetailSchema>;

/** What an operator change did: applied now (200) or waiting for approval (202, the request's id). */
export const SportsbookAdminChangeSchema = z.object({
  status: z.enum(['applied', 'pending_approval']),
  eventId: z.string(),
  approvalId: z.string().nullable(),
  /** Markets whose odds or state changed. */
  marketsChanged: z.number().int(),
  /** The same requestId answered again: nothing was applied this time. */
  replayed: z.boolean(),
});
export type SportsbookAdminChange = z.infer<typeof SportsbookAdminChangeSchema>;

// ---- Liability ----

export const SportsbookAdminLiabilityRowSchema = z.object({
  eventId: z.string(),
  name: z.string(),
  sportId: z.string(),
  status: z.enum(SPORTSBOOK_EVENT_STATUSES),
  startAt: z.string(),
  tickets: z.number().int(),
  stake: MoneySchema,
  potentialReturn: MoneySchema,
  /** The largest liability of one outcome of the event (the worst single result for the house). */
  worstOutcome: z.object({ marketKey: z.string(), outcomeId: z.string(), liability: MoneySchema }).nullable(),
});
export const SportsbookAdminLiabilityListSchema = z.object({ content: z.array(SportsbookAdminLiabilityRowSchema) });

// ---- Big-bet alerts ----

export const SportsbookAdminAlertQuerySchema = z.object({ acknowledged: z.enum(['true', 'false']).optional(), page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const SportsbookAdminAlertSchema = z.object({
  ticketId: z.string(),
  account: z.string(),
  createdAt: z.string(),
  status: z.enum(SPORTSBOOK_TICKET_STATUSES),
  betType: z.string(),
  legs: z.number().int(),
  totalStake: MoneySchema,
  potentialReturn: MoneySchema,
  /** Which threshold it crossed. */
  reasons: z.array(z.enum(['stake', 'return'])),
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
});
export const SportsbookAdminAlertListSchema = z.object({
  content: z.array(SportsbookAdminAlertSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  thresholds: z.object({ stake: MoneySchema, potentialReturn: MoneySchema }),
});

// ---- Tickets ----

export const SportsbookAdminTicketQuerySchema = z.object({
  account: z.string().trim().min(1).max(40).optional(),
  status: z.enum(SPORTSBOOK_TICKET_STATUSES).optional(),
  eventId: Id.optional(),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'sportsbook.date_invalid' }).optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'sportsbook.date_invalid' }).optional(),
  minStake: z.string().regex(/^\d{1,12}(?:\.\d{1,2})?$/, { message: 'sportsbook.amount_invalid' }).optional(),
  /** Only tickets flagged for resettlement or review. */
  flagged: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const SportsbookAdminTicketRowSchema = z.object({
  id: z.string(),
  account: z.string(),
  memberId: z.string(),
  createdAt: z.string(),
  status: z.enum(SPORTSBOOK_TICKET_STATUSES),
  betType: z.string(),
  legs: z.number().int(),
  totalStake: MoneySchema,
  potentialReturn: MoneySchema,
  return: MoneySchema.nullable(),
  needsResettlement: z.boolean(),
  reviewReason: z.string().nullable(),
});
export const SportsbookAdminTicketListSchema = z.object({ content: z.array(SportsbookAdminTicketRowSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export const SportsbookAdminTicketDetailSchema = SportsbookAdminTicketRowSchema.extend({
  stakeMode: z.string(),
  oddsPolicy: z.string(),
  isLive: z.boolean(),
  refusalCode: z.string().nullable(),
  settleStatus: z.string().nullable(),
  settledAt: z.string().nullable(),
  legs: z.array(
    z.object({
      index: z.number().int(),
      eventId: z.string(),
      eventName: z.string(),
      marketKey: z.string(),
      outcomeId: z.string(),
      slipOdds: z.string(),
      lockedOdds: z.string(),
      result: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  /** The ticket's round at the provider protocol (vendor SPORTSBOOK): the bet, the win(s), a rollback. */
  transactions: z.array(z.object({ action: z.string(), transactionId: z.string(), amount: MoneySchema.nullable(), at: z.string() })),
});
export type SportsbookAdminTicketDetail = z.infer<typeof SportsbookAdminTicketDetailSchema>;

/** Void an open ticket: it settles with its stake returned. Above the void threshold: 202 and an approval request. */
export const SportsbookAdminVoidSchema = z.object({ requestId: RequestId, reason: Reason });
export const SportsbookAdminVoidResultSchema = z.object({ status: z.enum(['voided', 'pending_approval']), ticketId: z.string(), approvalId: z.string().nullable(), replayed: z.boolean() });

// ---- Feed health and settings ----

export const SportsbookAdminFeedHealthSchema = z.object({
  producers: z.array(
    z.object({
      producer: z.string(),
      /** Newest message applied in the last hour (server time), null when none. */
      lastMessageAt: z.string().nullable(),
      messagesPerMinute: z.number(),
      staleLastHour: z.number().int(),
      refusedLastHour: z.number().int(),
      /** Mean delay between the provider's message time and its application, in ms, over the last five minutes; null when none. */
      lagMs: z.number().int().nullable(),
      events: z.number().int(),
    }),
  ),
  recentRefusals: z.array(z.object({ producer: z.string(), eventId: z.string().nullable(), code: z.string(), detail: z.string(), at: z.string() })),
  flaggedTickets: z.number().int(),
  settlementBacklog: z.number().int(),
});
export type SportsbookAdminFeedHealth = z.infer<typeof SportsbookAdminFeedHealthSchema>;

export const SportsbookAdminSettingsSchema = z.object({
  /** A result (or correction) of a market with more stake at risk than this needs a second operator. */
  resultApproval: MoneySchema,
  /** A manual void of a ticket with a larger total stake needs a second operator. */
  voidApproval: MoneySchema,
  bigBetStake: MoneySchema,
  bigBetReturn: MoneySchema,
});
export type SportsbookAdminSettings = z.infer<typeof SportsbookAdminSettingsSchema>;

export const SPORTSBOOK_RESULT_APPROVAL_KIND = 'sportsbook.market_result';
export const SPORTSBOOK_VOID_APPROVAL_KIND = 'sportsbook.ticket_void';

/** What a result approval request carries (the checker's summary reads it). Stake at risk in centavos. */
export const SportsbookResultPayloadSchema = z.object({
  eventId: z.string(),
  marketKey: z.string(),
  outcomes: z.array(z.object({ id: z.string(), result: z.enum(['won', 'lost']), voidFactor: z.number(), deadHeatFactor: z.string() })).optional(),
  void: z.literal(true).optional(),
  correction: z.boolean(),
  eventName: z.string().optional(),
  stakeAtRisk: z.string().regex(/^\d+$/).optional(),
});
/** What a void approval request carries: the ticket and its total stake in centavos. */
export const SportsbookVoidPayloadSchema = z.object({ ticketId: z.string(), stake: z.string().regex(/^\d+$/).optional() });
