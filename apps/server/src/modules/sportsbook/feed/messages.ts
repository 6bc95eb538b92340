import { z } from 'zod';

/**
 * The feed adapter interface (issue 23; reference §7.1, the Unified Odds Feed's messages): what
 * any provider — the built-in sandbox or a real one — hands the book. Every message names its
 * producer, the event and a timestamp (epoch milliseconds, the provider's message time); the
 * book applies a given (event, producer, kind, timestamp) once. Odds are decimal odds as integer
 * thousandths (1.850 → 1850).
 */

const ID = z.string().regex(/^[A-Za-z0-9_:.-]{1,120}$/);
const PRODUCER = z.string().regex(/^[a-z0-9_-]{1,40}$/);
const NAME = z.string().trim().min(1).max(160);
const TIMESTAMP = z.number().int().min(946_684_800_000).max(4_102_444_800_000);

export const EVENT_STATUSES = ['not_started', 'live', 'ended', 'cancelled', 'postponed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
/** What a feed may set in odds_change; settled and cancelled come only from settlement and cancel messages. */
export const FEED_MARKET_STATUSES = ['active', 'suspended', 'deactivated'] as const;
export const MARKET_STATUSES = [...FEED_MARKET_STATUSES, 'settled', 'cancelled'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

const MarketRef = z.object({
  type: z.string().regex(/^[a-z0-9_]{1,40}$/),
  specifiers: z.record(z.string().regex(/^[a-z]{1,20}$/), z.string().min(1).max(20)).default({}),
});
export type MarketRef = z.infer<typeof MarketRef>;

const Base = { producer: PRODUCER, eventId: ID, timestamp: TIMESTAMP };

/** A period's score ('1H' 1-0, 'S1' 6-4, 'MAP2' 13-9). */
const PeriodScore = z.object({ period: z.string().min(1).max(20), home: z.number().int().min(0).max(10_000), away: z.number().int().min(0).max(10_000) });

export const OddsChangeSchema = z.object({
  ...Base,
  kind: z.literal('odds_change'),
  event: z
    .object({
      status: z.enum(EVENT_STATUSES).optional(),
      homeScore: z.number().int().min(0).max(10_000).optional(),
      awayScore: z.number().int().min(0).max(10_000).optional(),
      period: z.string().min(1).max(20).nullable().optional(),
      clockSeconds: z.number().int().min(0).max(100_000).nullable().optional(),
      scoreDetail: z.array(PeriodScore).max(20).optional(),
    })
    .optional(),
  markets: z
    .array(
      MarketRef.extend({
        status: z.enum(FEED_MARKET_STATUSES),
        outcomes: z
          .array(z.object({ id: z.string().regex(/^[a-z0-9_:+-]{1,40}$/), odds: z.number().int().min(1001).max(1_000_000_000), active: z.boolean().default(true) }))
          .min(1)
          .max(64),
      }),
    )
    .max(500)
    .default([]),
});

export const BetStopSchema = z.object({
  ...Base,
  kind: z.literal('bet_stop'),
  /** A group of markets by type; absent: every market of the event. */
  marketTypes: z.array(z.string().regex(/^[a-z0-9_]{1,40}$/)).min(1).max(20).optional(),
});

const Settled = MarketRef.extend({
  outcomes: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9_:+-]{1,40}$/),
        result: z.enum(['won', 'lost']),
        /** 1: the stake back in full; 0.5: half back, the other half won or lost (Asian quarter lines). */
        voidFactor: z.union([z.literal(0), z.literal(0.5), z.literal(1)]).default(0),
        /** Decimal text, 0 < f ≤ 1 ('1' when no place is shared). */
        deadHeatFactor: z
          .string()
          .regex(/^(?:1(?:\.0{1,6})?|0\.\d{1,6})$/)
          .refine((text) => Number(text) > 0, 'a dead-heat factor above 0')
          .default('1'),
      }),
    )
    .min(1)
    .max(64),
});

export const BetSettlementSchema = z.object({
  ...Base,
  kind: z.literal('bet_settlement'),
  certainty: z.enum(['live_scouted', 'confirmed']).default('confirmed'),
  markets: z.array(Settled).min(1).max(500),
});

export const BetCancelSchema = z
  .object({
    ...Base,
    kind: z.literal('bet_cancel'),
    markets: z.array(MarketRef).min(1).max(500),
    /** Bets placed in [from, to) are refunded; neither: every bet. */
    from: TIMESTAMP.optional(),
    to: TIMESTAMP.optional(),
    reason: z.string().max(200).optional(),
  })
  .refine((message) => message.from === undefined || message.to === undefined || message.to > message.from, { message: 'the window ends after it starts', path: ['to'] });

export const RollbackBetSettlementSchema = z.object({ ...Base, kind: z.literal('rollback_bet_settlement'), markets: z.array(MarketRef).min(1).max(500) });
export const RollbackBetCancelSchema = z.object({ ...Base, kind: z.literal('rollback_bet_cancel'), markets: z.array(MarketRef).min(1).max(500) });

const Named = z.object({ id: ID, namePt: NAME, nameEn: NAME });

export const FixtureChangeSchema = z
  .object({
    ...Base,
    kind: z.literal('fixture_change'),
    sport: Named.extend({ id: z.string().regex(/^[a-z0-9_]{1,40}$/), kind: z.enum(['sport', 'esport', 'cockfight']), sort: z.number().int().min(0).max(10_000).default(0) }),
    category: Named.extend({ countryCode: z.string().regex(/^[A-Z]{2}$/).nullable().default(null) }),
    tournament: Named,
    /** A match: home and away. A contest of more than two: competitors only. */
    home: NAME.optional(),
    away: NAME.optional(),
    competitors: z.array(NAME).min(1).max(64).optional(),
    startAt: TIMESTAMP,
    status: z.enum(['not_started', 'cancelled', 'postponed']).optional(),
  })
  .refine((message) => (message.home === undefined) === (message.away === undefined), { message: 'home and away together', path: ['away'] })
  .refine((message) => message.home !== undefined || (message.competitors?.length ?? 0) > 0, { message: 'home and away, or competitors', path: ['competitors'] });

export const FeedMessageSchema = z.union([OddsChangeSchema, BetStopSchema, BetSettlementSchema, BetCancelSchema, RollbackBetSettlementSchema, RollbackBetCancelSchema, FixtureChangeSchema]);

export type OddsChange = z.input<typeof OddsChangeSchema>;
export type BetStop = z.input<typeof BetStopSchema>;
export type BetSettlement = z.input<typeof BetSettlementSchema>;
export type BetCancel = z.input<typeof BetCancelSchema>;
export type RollbackBetSettlement = z.input<typeof RollbackBetSettlementSchema>;
export type RollbackBetCancel = z.input<typeof RollbackBetCancelSchema>;
export type FixtureChange = z.input<typeof FixtureChangeSchema>;
/** What an adapter hands the book (defaults not yet filled in). */
export type FeedMessage = z.input<typeof FeedMessageSchema>;
/** A message after validation. */
export type ParsedFeedMessage = z.output<typeof FeedMessageSchema>;
export type FeedMessageKind = FeedMessage['kind'];
export type OutcomeSettlement = z.output<typeof Settled>['outcomes'][number];

/** A real provider's adapter: it turns the provider's wire into these messages and hands them to `apply`. */
export interface FeedAdapter {
  readonly producer: string;
  /** Starts delivering messages; resolves when the adapter stops. */
  run(apply: (message: FeedMessage) => Promise<unknown>, signal: AbortSignal): Promise<void>;
}
