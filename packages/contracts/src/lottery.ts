import { z } from 'zod';
import { MoneySchema } from './wallet.ts';

/**
 * Lottery (issue 24): Vietnamese province draws, SEA 4D draws and fast in-house e-lottery.
 * The rules of every bet type (what a selection is, how many combinations it makes, what it
 * costs, when it wins) are written in docs/lottery-rules.md and shared by the server and the slip
 * through lottery-rules.ts. Money is decimal strings with two places; odds are integer
 * thousandths of a payout per unit staked (80.000 → 80000).
 */

/**
 * A game's family fixes the shape of its result and its bet types:
 * - vn_north: Miền Bắc, 27 prize numbers (special … 7th; the special has 5 digits);
 * - vn_central / vn_south: Miền Trung / Miền Nam, 18 prize numbers (8th … special; 6 digits);
 * - sea_4d: 4D games (1st, 2nd, 3rd, 10 starters, 10 consolations; 4 digits each);
 * - fast_5d: in-house fast draws, five balls 0–9, drawn by commit-reveal.
 */
export const LOTTERY_FAMILIES = ['vn_north', 'vn_central', 'vn_south', 'sea_4d', 'fast_5d'] as const;
export type LotteryFamily = (typeof LOTTERY_FAMILIES)[number];

/** The spec's prize modes (§9) and the lottery area a game is shown under. */
export const LOTTERY_PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export type LotteryPrizeMode = (typeof LOTTERY_PRIZE_MODES)[number];
export const LOTTERY_AREAS = ['VN', 'SEA', 'ELOTT'] as const;
export type LotteryArea = (typeof LOTTERY_AREAS)[number];

/** An odds table: prize key → payout per unit staked per hit, integer thousandths. */
export const LotteryOddsTableSchema = z.record(z.string().regex(/^[a-z0-9_]{1,32}$/), z.number().int().min(0));
export type LotteryOddsTable = z.infer<typeof LotteryOddsTableSchema>;

export const LOTTERY_DRAW_STATUSES = ['scheduled', 'open', 'closed', 'drawn', 'settled', 'cancelled'] as const;
export type LotteryDrawStatus = (typeof LOTTERY_DRAW_STATUSES)[number];

export const LOTTERY_TICKET_STATUSES = ['pending_debit', 'open', 'refused', 'won', 'lost', 'void'] as const;
export type LotteryTicketStatus = (typeof LOTTERY_TICKET_STATUSES)[number];

const GAME_CODE = /^[A-Z0-9_]{2,40}$/;
export const LotteryGameCodeSchema = z.string().regex(GAME_CODE);

/** A result as the family shapes it (validated by lottery-rules.ts). */
export const LotteryResultSchema = z.discriminatedUnion('family', [
  z.object({
    family: z.enum(['vn_north', 'vn_central', 'vn_south']),
    /** Tiers from the special prize down: { tier: 'special' | '1' … '8', numbers: ['12345', …] }. */
    prizes: z.array(z.object({ tier: z.string(), numbers: z.array(z.string().regex(/^\d{2,6}$/)) })),
  }),
  z.object({
    family: z.literal('sea_4d'),
    first: z.string().regex(/^\d{4}$/),
    second: z.string().regex(/^\d{4}$/),
    third: z.string().regex(/^\d{4}$/),
    starters: z.array(z.string().regex(/^\d{4}$/)).length(10),
    consolations: z.array(z.string().regex(/^\d{4}$/)).length(10),
  }),
  z.object({ family: z.literal('fast_5d'), balls: z.array(z.number().int().min(0).max(9)).length(5) }),
]);
export type LotteryResult = z.infer<typeof LotteryResultSchema>;

export const LotteryDrawSchema = z.object({
  id: z.string(),
  gameCode: z.string(),
  /** The draw's number in its game ('20261129-0931' for fast draws, the date for daily ones). */
  drawNo: z.string(),
  status: z.enum(LOTTERY_DRAW_STATUSES),
  /** Bets are refused from this instant on (server time). */
  closesAt: z.string(),
  drawAt: z.string(),
  /** Fast draws: SHA-256 (hex) of the secret, published when the draw opens. */
  commitHash: z.string().nullable(),
  /** Fast draws: the secret, published once drawn; anyone can recompute the result from it. */
  secret: z.string().nullable(),
  result: LotteryResultSchema.nullable(),
  /** How many times the result was corrected after it was first published. */
  corrections: z.number().int(),
});
export type LotteryDraw = z.infer<typeof LotteryDrawSchema>;

export const LotteryGameSchema = z.object({
  code: z.string(),
  family: z.enum(LOTTERY_FAMILIES),
  area: z.enum(LOTTERY_AREAS),
  /** Region inside Vietnam (north, central, south) or null. */
  region: z.enum(['north', 'central', 'south']).nullable(),
  namePt: z.string(),
  nameEn: z.string(),
  /** Fast draws: minutes between draws (1, 3, 5); null for scheduled real-world draws. */
  intervalMinutes: z.number().int().nullable(),
  /** The prize modes this game is offered in; the first is its default. */
  prizeModes: z.array(z.enum(LOTTERY_PRIZE_MODES)),
  /**
   * Bet types offered, in the slip's tab order, with the odds table of the requested prize mode:
   * payout per unit staked per winning hit, integer thousandths, keyed by prize key ('hit' for
   * one-rate types; 'first', 'second', … for 4D big/small; per-sum keys and so on, as
   * docs/lottery-rules.md defines them).
   */
  betTypes: z.array(z.object({ code: z.string(), odds: LotteryOddsTableSchema })),
  /** The next draw still taking bets, or null when none is scheduled. */
  nextDraw: LotteryDrawSchema.nullable(),
});
export type LotteryGame = z.infer<typeof LotteryGameSchema>;
export const LotteryGameListSchema = z.object({ games: z.array(LotteryGameSchema) });
export const LotteryGameListQuerySchema = z.object({
  area: z.enum(LOTTERY_AREAS).optional(),
  prizeMode: z.enum(LOTTERY_PRIZE_MODES).optional(),
});

export const LotteryDrawParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });
export const LotteryResultsQuerySchema = z.object({
  gameCode: LotteryGameCodeSchema,
  limit: z.coerce.number().int().min(1).max(9999).default(30).transform((value) => Math.min(value, 100)),
  before: z.string().regex(/^\d{1,18}$/).optional(),
});
export const LotteryResultListSchema = z.object({ draws: z.array(LotteryDrawSchema), nextBefore: z.string().nullable() });

/** GET /api/lottery/draws/:id/verify: what a player needs to check a fast draw by hand. */
export const LotteryVerificationSchema = z.object({
  drawId: z.string(),
  commitHash: z.string(),
  secret: z.string().nullable(),
  /** The recomputed hash of the secret and whether it matches the commitment. */
  hashMatches: z.boolean().nullable(),
  /** The result recomputed from the secret and whether it matches the published one. */
  recomputed: LotteryResultSchema.nullable(),
  resultMatches: z.boolean().nullable(),
  /** The derivation, in words and as code, as docs/lottery-rules.md states it. */
  algorithm: z.string(),
});

/** One line of a ticket: a bet type and its selections ('07', '123', 'big', 'p1:7' …). */
export const PlaceLotteryTicketRequestSchema = z.object({
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8–64 letters, digits, - or _'),
  drawId: z.string().regex(/^\d{1,18}$/),
  betType: z.string().regex(/^[a-z0-9_]{1,32}$/),
  /** The odds table to bet under; the game's first prize mode when absent. */
  prizeMode: z.enum(LOTTERY_PRIZE_MODES).optional(),
  selections: z.array(z.string().regex(/^[a-z0-9:]{1,16}$/)).min(1).max(100),
  /** Stake per combination. */
  unitStake: z.string().regex(/^\d{1,10}\.\d{2}$/, 'a decimal amount with two places'),
  /** The total the slip showed; the server refuses when its own count differs. */
  expectedTotal: z.string().regex(/^\d{1,12}\.\d{2}$/),
});
export type PlaceLotteryTicketRequest = z.infer<typeof PlaceLotteryTicketRequestSchema>;

export const LotteryTicketSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  drawId: z.string(),
  gameCode: z.string(),
  drawNo: z.string(),
  betType: z.string(),
  selections: z.array(z.string()),
  combinations: z.number().int(),
  unitStake: MoneySchema,
  totalStake: MoneySchema,
  prizeMode: z.enum(LOTTERY_PRIZE_MODES),
  /** The odds table locked at acceptance. */
  odds: LotteryOddsTableSchema,
  status: z.enum(LOTTERY_TICKET_STATUSES),
  refusalCode: z.string().nullable(),
  /** What the settled ticket paid (0.00 lost, the stake when void); null until settled. */
  return: MoneySchema.nullable(),
  /** Winning hits counted at settlement. */
  hits: z.number().int().nullable(),
  /** Settled, then resettled after a corrected result (how many times). */
  resettlements: z.number().int(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type LotteryTicket = z.infer<typeof LotteryTicketSchema>;
export const LotteryTicketListQuerySchema = z.object({
  status: z.enum(['open', 'settled']).default('open'),
  gameCode: LotteryGameCodeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(9999).default(50).transform((value) => Math.min(value, 100)),
});
export const LotteryTicketListSchema = z.object({ tickets: z.array(LotteryTicketSchema) });
export const LotteryTicketParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** Refusal codes of placement; the web translates `lottery.error.<code>`. */
export const LOTTERY_REFUSALS = [
  'draw_not_found',
  'draw_closed',
  'bet_type_unavailable',
  'invalid_selection',
  'total_mismatch',
  'stake_below_min',
  'stake_above_max',
  'number_limit_reached',
  'insufficient_funds',
  'not_verified',
] as const;
export type LotteryRefusal = (typeof LOTTERY_REFUSALS)[number];

/** GET /api/lottery/recent: the member's recently played lottery games, most recent first (spec "recent lottery"). */
export const LotteryRecentListSchema = z.object({
  games: z.array(
    z.object({
      code: z.string(),
      area: z.enum(LOTTERY_AREAS),
      namePt: z.string(),
      nameEn: z.string(),
      lastPlayedAt: z.string(),
      /** The next draw still taking bets, or null. */
      nextDraw: LotteryDrawSchema.nullable(),
    }),
  ),
});
export type LotteryRecentList = z.infer<typeof LotteryRecentListSchema>;
