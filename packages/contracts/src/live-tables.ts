import { z } from 'zod';
import { MoneySchema } from './wallet.ts';

/**
 * Live tables (issue 25): baccarat and European roulette rounds shared by every player at a
 * table, run by one leader at a time, their stakes and wins through our provider protocol as
 * vendor LIVE (one provider round per member per table round). The rules (bet spots, payouts,
 * the shoe, the spin) live in @app/house-games (live/), shared by the server and the browser's
 * verifier. Money is decimal strings with two places; times ISO strings plus the server's clock.
 */
export const LIVE_VENDOR_CODE = 'LIVE';
export const LIVE_GAMES = ['baccarat', 'roulette'] as const;
export type LiveGame = (typeof LIVE_GAMES)[number];

export const LiveTableCodeSchema = z.string().regex(/^[a-z0-9-]{2,40}$/);

/**
 * A round's life: betting (the window, server clock) → dealing (no more bets; the deal or the
 * spin is revealed) → result (paid) . A table that is closed, or changing its shoe, has no round
 * in betting.
 */
export const LIVE_ROUND_PHASES = ['betting', 'dealing', 'result'] as const;
export type LiveRoundPhase = (typeof LIVE_ROUND_PHASES)[number];
export const LIVE_TABLE_STATUSES = ['open', 'closed'] as const;
export type LiveTableStatus = (typeof LIVE_TABLE_STATUSES)[number];

/** Cards as rank + suit: ranks A 2–9 T J Q K, suits S H D C ("TD" is the ten of diamonds). */
export const CardSchema = z.string().regex(/^[A2-9TJQK][SHDC]$/);

export const BACCARAT_SPOTS = ['player', 'banker', 'tie', 'player_pair', 'banker_pair'] as const;
export type BaccaratSpot = (typeof BACCARAT_SPOTS)[number];
export const BACCARAT_WINNERS = ['player', 'banker', 'tie'] as const;

/**
 * Roulette spots, one string each (validated by @app/house-games parseRouletteSpot):
 * straight:N, split:A-B, street:N (first number of the row), corner:A-B-C-D (ascending),
 * line:N (first number of the six line), dozen:1|2|3, column:1|2|3, red, black, odd, even,
 * low, high, neighbours:N (N and two numbers either side on the wheel: the amount is split over
 * the five in equal straight-up stakes, so it must divide by 5 centavos).
 */
export const RouletteSpotSchema = z.string().regex(/^(straight:\d{1,2}|split:\d{1,2}-\d{1,2}|street:\d{1,2}|corner:\d{1,2}-\d{1,2}-\d{1,2}-\d{1,2}|line:\d{1,2}|dozen:[123]|column:[123]|red|black|odd|even|low|high|neighbours:\d{1,2})$/);
export const ROULETTE_BET_TYPES = ['straight', 'split', 'street', 'corner', 'line', 'dozen', 'column', 'red', 'black', 'odd', 'even', 'low', 'high', 'neighbours'] as const;
export type RouletteBetType = (typeof ROULETTE_BET_TYPES)[number];

export const LiveSpotSchema = z.union([z.enum(BACCARAT_SPOTS), RouletteSpotSchema]);

export const BaccaratResultSchema = z.object({
  game: z.literal('baccarat'),
  playerCards: z.array(CardSchema).min(2).max(3),
  bankerCards: z.array(CardSchema).min(2).max(3),
  playerTotal: z.number().int().min(0).max(9),
  bankerTotal: z.number().int().min(0).max(9),
  winner: z.enum(BACCARAT_WINNERS),
  playerPair: z.boolean(),
  bankerPair: z.boolean(),
  natural: z.boolean(),
});
export type BaccaratResult = z.infer<typeof BaccaratResultSchema>;

export const RouletteResultSchema = z.object({ game: z.literal('roulette'), number: z.number().int().min(0).max(36), colour: z.enum(['red', 'black', 'green']) });
export type RouletteResult = z.infer<typeof RouletteResultSchema>;

export const LiveResultSchema = z.discriminatedUnion('game', [BaccaratResultSchema, RouletteResultSchema]);
export type LiveResult = z.infer<typeof LiveResultSchema>;

/** Per bet type (baccarat spot, or roulette bet type): the smallest and largest stake on one spot. */
export const LiveLimitSchema = z.object({ min: MoneySchema, max: MoneySchema });
export const LiveLimitsSchema = z.object({
  perType: z.record(z.string(), LiveLimitSchema),
  /** The most one member may stake in one round, every spot together. */
  roundMax: MoneySchema,
});
export type LiveLimits = z.infer<typeof LiveLimitsSchema>;

export const LiveRoundViewSchema = z.object({
  id: z.string(),
  tableCode: LiveTableCodeSchema,
  /** Rounds played at the table before this one plus one. */
  number: z.number().int(),
  phase: z.enum(LIVE_ROUND_PHASES),
  bettingEndsAt: z.string(),
  /** Roulette: SHA-256 of the round's server seed, published when betting opens. Baccarat: the shoe's hash. */
  commitment: z.string(),
  /** Baccarat: the hand's number in its shoe (1-based). */
  handInShoe: z.number().int().nullable(),
  /** Known from phase dealing on (the client animates it); null while betting. */
  result: LiveResultSchema.nullable(),
  /** When the result is shown settled (phase result), ISO; null before. */
  resultAt: z.string().nullable(),
});
export type LiveRoundView = z.infer<typeof LiveRoundViewSchema>;

export const LiveTableSummarySchema = z.object({
  code: LiveTableCodeSchema,
  game: z.enum(LIVE_GAMES),
  name: z.string(),
  status: z.enum(LIVE_TABLE_STATUSES),
  round: LiveRoundViewSchema.nullable(),
  /** Latest results first: roulette numbers, or baccarat winners ('P' | 'B' | 'T') of the shoe. */
  lastResults: z.array(z.string()).max(20),
  /** Members with a stake in the current round (counted, never invented). */
  players: z.number().int().min(0),
  minBet: MoneySchema,
  maxBet: MoneySchema,
  /** The betting window's length (the countdown's full bar). */
  bettingSeconds: z.number().int(),
});
export type LiveTableSummary = z.infer<typeof LiveTableSummarySchema>;

export const LiveLobbySchema = z.object({ tables: z.array(LiveTableSummarySchema), serverTime: z.number() });
export type LiveLobby = z.infer<typeof LiveLobbySchema>;

/** One finished round of a table's history (roads and last results are drawn from these). */
export const LiveHistoryEntrySchema = z.object({ roundId: z.string(), number: z.number().int(), handInShoe: z.number().int().nullable(), result: LiveResultSchema });
export type LiveHistoryEntry = z.infer<typeof LiveHistoryEntrySchema>;

export const LiveChatMessageSchema = z.object({
  id: z.string(),
  /** Masked account name. */
  name: z.string(),
  /** After the profanity filter. */
  text: z.string(),
  at: z.string(),
  mine: z.boolean().optional(),
});
export type LiveChatMessage = z.infer<typeof LiveChatMessageSchema>;

export const LiveShoeViewSchema = z.object({
  id: z.string(),
  /** SHA-256 of the shoe's seed, published before its first hand. */
  hash: z.string(),
  handsPlayed: z.number().int(),
  cardsLeft: z.number().int(),
});
export type LiveShoeView = z.infer<typeof LiveShoeViewSchema>;

/** GET /api/live/tables/:code: everything the table page needs to join. */
export const LiveTableStateSchema = z.object({
  table: z.object({
    code: LiveTableCodeSchema,
    game: z.enum(LIVE_GAMES),
    name: z.string(),
    status: z.enum(LIVE_TABLE_STATUSES),
    limits: LiveLimitsSchema,
    /** Chip values offered on the board. */
    chips: z.array(MoneySchema),
    bettingSeconds: z.number().int(),
  }),
  round: LiveRoundViewSchema.nullable(),
  /** Baccarat: every hand of the current shoe, oldest first. Roulette: the last 100 spins, oldest first. */
  history: z.array(LiveHistoryEntrySchema),
  shoe: LiveShoeViewSchema.nullable(),
  players: z.number().int(),
  chat: z.array(LiveChatMessageSchema),
  serverTime: z.number(),
});
export type LiveTableState = z.infer<typeof LiveTableStateSchema>;

export const LiveChipSchema = z.object({ spot: LiveSpotSchema, amount: z.string().regex(/^\d{1,10}\.\d{2}$/) });
export type LiveChip = z.infer<typeof LiveChipSchema>;

export const LIVE_BET_STATUSES = ['pending', 'placed', 'settled', 'refunded', 'failed'] as const;
export type LiveBetStatus = (typeof LIVE_BET_STATUSES)[number];

/** One accepted bet request: the chips confirmed together. */
export const LiveMyBetSchema = z.object({
  id: z.string(),
  roundId: z.string(),
  chips: z.array(z.object({ spot: z.string(), amount: MoneySchema, win: MoneySchema.nullable() })),
  amount: MoneySchema,
  status: z.enum(LIVE_BET_STATUSES),
  win: MoneySchema.nullable(),
  createdAt: z.string(),
});
export type LiveMyBet = z.infer<typeof LiveMyBetSchema>;

/** POST /api/live/tables/:code/bets — chips confirmed for the round open for bets. */
export const LiveBetRequestSchema = z.object({
  roundId: z.string().regex(/^\d{1,18}$/),
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8–64 letters, digits, - or _'),
  chips: z.array(LiveChipSchema).min(1).max(60),
});
export type LiveBetRequest = z.infer<typeof LiveBetRequestSchema>;
export const LiveBetResponseSchema = z.object({ bet: LiveMyBetSchema, balance: MoneySchema });
export type LiveBetResponse = z.infer<typeof LiveBetResponseSchema>;

/** GET /api/live/tables/:code/me: the member's bets in the live round and the last rounds' ones. */
export const LiveMeSchema = z.object({ current: z.array(LiveMyBetSchema), recent: z.array(LiveMyBetSchema) });
export type LiveMe = z.infer<typeof LiveMeSchema>;

export const LiveChatRequestSchema = z.object({ text: z.string().trim().min(1).max(200) });
export type LiveChatRequest = z.infer<typeof LiveChatRequestSchema>;

/**
 * What proves a round. Roulette: number = the first draw below 37 (rejection sampling) of the
 * HMAC-SHA-256 stream of (serverSeed, clientSeed = table code, nonce = round number); the seed is
 * revealed at the result. Baccarat: the shoe = the 416 cards shuffled by Fisher–Yates on the
 * stream of (shoe seed, clientSeed = table code, nonce = shoe number); the hand dealt from
 * `firstCard` by the third-card rules; the seed is revealed when the shoe ends.
 */
export const LiveVerificationSchema = z.discriminatedUnion('game', [
  z.object({ game: z.literal('roulette'), serverSeedHash: z.string(), serverSeed: z.string().nullable(), clientSeed: z.string(), nonce: z.number().int() }),
  z.object({
    game: z.literal('baccarat'),
    shoeId: z.string(),
    shoeHash: z.string(),
    /** Null until the shoe has ended. */
    shoeSeed: z.string().nullable(),
    clientSeed: z.string(),
    nonce: z.number().int(),
    /** Index in the shuffled shoe of the hand's first card, and how many cards it took. */
    firstCard: z.number().int(),
    cardsUsed: z.number().int(),
  }),
]);
export type LiveVerification = z.infer<typeof LiveVerificationSchema>;

/** GET /api/live/rounds/:id — a finished round (public) with what verifies it; the member's own bets when signed in. */
export const LiveRoundDetailSchema = z.object({
  round: LiveRoundViewSchema,
  tableName: z.string(),
  game: z.enum(LIVE_GAMES),
  verification: LiveVerificationSchema,
  myBets: z.array(LiveMyBetSchema),
});
export type LiveRoundDetail = z.infer<typeof LiveRoundDetailSchema>;

/** The provider round id of a member's play in a table round (betting record → verification). */
export const liveProviderRoundId = (roundId: string | bigint) => `live-${roundId}`;
export const liveRoundIdOf = (providerRoundId: string): string | null => /^live-(\d{1,18})$/.exec(providerRoundId)?.[1] ?? null;

/** /ws topics: one table's page, and the lobby (every table's round changes). */
export const LIVE_LOBBY_TOPIC = 'live.lobby';
export const LIVE_TABLE_TOPIC_PATTERN = /^live\.table:[a-z0-9-]{2,40}$/;
export type LiveTableTopic = `live.table:${string}`;
export const liveTableTopic = (code: string): LiveTableTopic => `live.table:${code}`;

/** /ws messages of the live tables (realtime.ts adds them to the server's union). */
export const LiveWsMessageSchemas = [
  /** Topics live.table:<code> and live.lobby: the round changed phase; `at` is the server's clock when sent (epoch ms). */
  z.object({ type: z.literal('live.round'), tableCode: z.string(), round: LiveRoundViewSchema, at: z.number() }),
  /** Topic live.table:<code>: how many members have a stake in the round (at most every 500 ms). */
  z.object({ type: z.literal('live.players'), tableCode: z.string(), roundId: z.string(), players: z.number().int() }),
  /** Topic live.table:<code>: a chat message, or one removed by an operator. */
  z.object({ type: z.literal('live.chat'), tableCode: z.string(), message: LiveChatMessageSchema }),
  z.object({ type: z.literal('live.chat_removed'), tableCode: z.string(), messageId: z.string() }),
  /** Topics live.table:<code> and live.lobby: an operator opened or closed the table, or changed its limits: re-read it. */
  z.object({ type: z.literal('live.table_changed'), tableCode: z.string() }),
] as const;
