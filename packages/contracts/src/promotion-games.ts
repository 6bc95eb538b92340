import { z } from 'zod';
import { MoneySchema } from './wallet.ts';

/**
 * Prize games of the promotion engine (issue 21, spec §1 "prize wheel and golden egg tickets,
 * raffle promotion claims", §7 MCS2_claimRafflePromotion): the prize table an operator publishes,
 * the member's tickets, a draw with what it was drawn from, and the raffle.
 */
export const GAME_PROMOTION_TYPES = ['wheel', 'golden_egg', 'raffle'] as const;
export type GamePromotionType = (typeof GAME_PROMOTION_TYPES)[number];
export function isGamePromotionType(type: string): type is GamePromotionType {
  return (GAME_PROMOTION_TYPES as readonly string[]).includes(type);
}

export const PRIZE_KINDS = ['cash', 'bonus', 'nothing'] as const;
export const PrizeKindSchema = z.enum(PRIZE_KINDS);
export type PrizeKind = z.infer<typeof PrizeKindSchema>;

/** The most prizes a table holds (a wheel shows them all as segments). */
export const GAME_PRIZES_MAX = 12;
/** The eggs shown in a row. */
export const GOLDEN_EGGS = 5;

const AmountSchema = z.string().regex(/^\d{1,9}\.\d{2}$/, 'must be an amount like 10.00');

export const GamePrizeInputSchema = z.object({
  labelPt: z.string().trim().min(1).max(60),
  labelEn: z.string().trim().min(1).max(60),
  kind: PrizeKindSchema,
  /** "0.00" for nothing. */
  amount: AmountSchema,
  /** Bonus prizes only. */
  wageringMultiple: z.number().min(1).max(100).nullable().default(null),
  expiryDays: z.number().int().min(1).max(365).nullable().default(null),
  /** Wheel and eggs: the chance is weight / sum of weights. Raffle: how many winners get this prize. */
  weight: z.number().int().min(1).max(1_000_000),
});
export type GamePrizeInput = z.infer<typeof GamePrizeInputSchema>;

export const GameSettingsInputSchema = z.object({
  /** Tickets every eligible member has from the start. */
  freeTickets: z.number().int().min(0).max(100),
  /** One ticket per this amount of credited deposits during the promotion (null: deposits earn none). */
  depositStep: AmountSchema.nullable(),
  /** One ticket per this amount of valid bet during the promotion (null: bets earn none). */
  betStep: AmountSchema.nullable(),
  /** At most this many tickets per member (null: no limit). */
  maxTickets: z.number().int().min(1).max(10_000).nullable(),
  /** Raffle: when the draw is held. */
  drawAt: z.iso.datetime({ offset: true }).nullable(),
  prizes: z.array(GamePrizeInputSchema).min(1).max(GAME_PRIZES_MAX),
});
export type GameSettingsInput = z.infer<typeof GameSettingsInputSchema>;

export const GamePrizeSchema = z.object({
  seq: z.number().int(),
  label: z.string(),
  kind: PrizeKindSchema,
  amount: MoneySchema,
  wageringMultiple: z.number().nullable(),
  expiryDays: z.number().int().nullable(),
  weight: z.number().int(),
  /** Wheel and eggs: weight / total, in percent with two decimals ("12.50"). Raffle: null. */
  chance: z.string().nullable(),
  /** The numbers that win this prize: [from, to) within 0 … total weight. */
  from: z.number().int(),
  to: z.number().int(),
});
export type GamePrize = z.infer<typeof GamePrizeSchema>;

export const RaffleWinnerSchema = z.object({ place: z.number().int(), account: z.string(), prize: z.string(), amount: MoneySchema, kind: PrizeKindSchema, mine: z.boolean() });
export type RaffleWinner = z.infer<typeof RaffleWinnerSchema>;

export const GameDrawSchema = z.object({
  id: z.string(),
  ticketNo: z.number().int(),
  createdAt: z.string(),
  version: z.number().int(),
  tableHash: z.string(),
  totalWeight: z.number().int(),
  randomValue: z.number().int(),
  choice: z.number().int().nullable(),
  /** The prize table the draw used (its version), with each prize's range. */
  prizes: z.array(GamePrizeSchema),
  prize: GamePrizeSchema,
  /** The reward it made (paid at once), if the prize was not "nothing". */
  rewardId: z.string().nullable(),
  /** True when this request made the draw; false when it answers an earlier one (a replay). */
  created: z.boolean(),
});
export type GameDraw = z.infer<typeof GameDrawSchema>;

export const GameTicketsSchema = z.object({ earned: z.number().int(), used: z.number().int(), available: z.number().int() });
export type GameTickets = z.infer<typeof GameTicketsSchema>;

/** A game promotion as the page shows it; `me` when a member asks. */
export const PromotionGameSchema = z.object({
  promotionId: z.string(),
  type: z.enum(GAME_PROMOTION_TYPES),
  configured: z.boolean(),
  version: z.number().int(),
  tableHash: z.string().nullable(),
  totalWeight: z.number().int(),
  prizes: z.array(GamePrizeSchema),
  rules: z.object({ freeTickets: z.number().int(), depositStep: MoneySchema.nullable(), betStep: MoneySchema.nullable(), maxTickets: z.number().int().nullable() }),
  raffle: z.object({ drawAt: z.string().nullable(), drawnAt: z.string().nullable(), ticketsEntered: z.number().int(), winners: z.array(RaffleWinnerSchema) }).nullable(),
  me: z.object({ tickets: GameTicketsSchema, entered: z.number().int(), draws: z.array(GameDrawSchema) }).nullable(),
});
export type PromotionGame = z.infer<typeof PromotionGameSchema>;

/** The client's id for one intent (like a deposit's request id): a retried or doubled request answers the first. The Idempotency-Key header may say it instead. */
const RequestIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/);
export const GameDrawRequestSchema = z.object({ choice: z.number().int().min(0).max(11).nullable().default(null), requestId: RequestIdSchema.optional() });
export const RaffleEntryRequestSchema = z.object({ tickets: z.number().int().min(1).max(10_000), requestId: RequestIdSchema.optional() });

/** The console's view of a game: its settings and prizes as edited, and what was played. */
export const AdminGameSchema = z.object({
  promotionId: z.string(),
  type: z.enum(GAME_PROMOTION_TYPES),
  settings: GameSettingsInputSchema.nullable(),
  version: z.number().int(),
  tableHash: z.string().nullable(),
  draws: z.number().int(),
  paid: MoneySchema,
  raffle: z.object({ drawAt: z.string().nullable(), drawnAt: z.string().nullable(), ticketsEntered: z.number().int(), winners: z.array(RaffleWinnerSchema) }).nullable(),
});
export type AdminGame = z.infer<typeof AdminGameSchema>;
