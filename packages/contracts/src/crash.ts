import { z } from 'zod';
import { MoneySchema } from './wallet.ts';

/**
 * The multiplayer crash game (house vendor HOUSE, game code `crash`). Multipliers travel as text
 * with two decimals ("2.37"); times as ISO strings, plus the server's clock so a client can
 * animate the curve in step with the server (the server's clock decides every cash-out).
 */
export const CRASH_GAME_CODE = 'crash';

export const CrashPhaseSchema = z.enum(['betting', 'running', 'crashed']);
export type CrashPhase = z.infer<typeof CrashPhaseSchema>;

const MultiplierSchema = z.string().regex(/^\d{1,9}\.\d{2}$/);

export const CrashRoundViewSchema = z.object({
  id: z.string(),
  phase: CrashPhaseSchema,
  /** End of the betting window (phase betting). */
  bettingEndsAt: z.string(),
  /** When the multiplier started rising (phases running and crashed). */
  startedAt: z.string().nullable(),
  /** Revealed only once the round has crashed, with the game hash that proves it. */
  crashPoint: MultiplierSchema.nullable(),
  hash: z.string().nullable(),
});
export type CrashRoundView = z.infer<typeof CrashRoundViewSchema>;

/** A bet as spectators see it: the name is masked. */
export const CrashPlayerSchema = z.object({
  betId: z.string(),
  name: z.string(),
  amount: MoneySchema,
  /** The multiplier the player cashed out at, or null while still in (or lost). */
  cashOut: MultiplierSchema.nullable(),
  win: MoneySchema.nullable(),
});
export type CrashPlayer = z.infer<typeof CrashPlayerSchema>;

export const CrashHistoryEntrySchema = z.object({ id: z.string(), crashPoint: MultiplierSchema, hash: z.string() });
export type CrashHistoryEntry = z.infer<typeof CrashHistoryEntrySchema>;

/** GET /api/crash: what a spectator needs to join the live round. */
export const CrashStateSchema = z.object({
  round: CrashRoundViewSchema.nullable(),
  players: z.array(CrashPlayerSchema),
  history: z.array(CrashHistoryEntrySchema),
  /** The server's clock when it answered (epoch ms), to align the client's curve. */
  serverTime: z.number(),
  limits: z.object({ minBet: MoneySchema, maxBet: MoneySchema, minAutoCashOut: MultiplierSchema, maxMultiplier: MultiplierSchema }),
  /** The chain in play: its terminating hash and salt were published before its first round. */
  chain: z.object({ terminatingHash: z.string(), salt: z.string() }).nullable(),
  tickMs: z.number().int(),
  playable: z.boolean(),
});
export type CrashState = z.infer<typeof CrashStateSchema>;

export const CrashBetStatusSchema = z.enum(['pending', 'placed', 'cashed', 'lost', 'refunded', 'failed']);
export type CrashBetStatus = z.infer<typeof CrashBetStatusSchema>;

/** The member's own bet. */
export const CrashMyBetSchema = z.object({
  id: z.string(),
  roundId: z.string(),
  amount: MoneySchema,
  autoCashOut: MultiplierSchema.nullable(),
  status: CrashBetStatusSchema,
  cashOut: MultiplierSchema.nullable(),
  win: MoneySchema.nullable(),
  createdAt: z.string(),
});
export type CrashMyBet = z.infer<typeof CrashMyBetSchema>;

/** GET /api/crash/me: the member's bet in the live round (if any) and recent ones. */
export const CrashMeSchema = z.object({ current: CrashMyBetSchema.nullable(), recent: z.array(CrashMyBetSchema) });
export type CrashMe = z.infer<typeof CrashMeSchema>;

export const CrashBetRequestSchema = z.object({
  amount: z.string().regex(/^\d{1,10}\.\d{2}$/, 'a decimal amount with two places'),
  /** Cash out automatically at this multiplier (e.g. "2.00"); null for manual only. */
  autoCashOut: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'a multiplier such as 2.00').nullable(),
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8–64 letters, digits, - or _'),
});
export type CrashBetRequest = z.infer<typeof CrashBetRequestSchema>;

export const CrashBetResponseSchema = z.object({ bet: CrashMyBetSchema, balance: MoneySchema });
export type CrashBetResponse = z.infer<typeof CrashBetResponseSchema>;

export const CrashCashOutRequestSchema = z.object({ betId: z.string().regex(/^\d{1,18}$/) });
export type CrashCashOutRequest = z.infer<typeof CrashCashOutRequestSchema>;
export const CrashCashOutResponseSchema = z.object({ bet: CrashMyBetSchema, balance: MoneySchema.nullable() });
export type CrashCashOutResponse = z.infer<typeof CrashCashOutResponseSchema>;

/** GET /api/crash/rounds/:id: a finished round with what is needed to verify it. */
export const CrashRoundDetailSchema = z.object({
  id: z.string(),
  crashPoint: MultiplierSchema,
  hash: z.string(),
  /** The previous round's hash of the same chain: SHA-256(hash) must equal it (null for a chain's first round). */
  previousHash: z.string().nullable(),
  salt: z.string(),
  terminatingHash: z.string(),
  /** Rounds played before this one in its chain: hashing `hash` position + 1 times gives the terminating hash. */
  position: z.number().int(),
  startedAt: z.string().nullable(),
  crashedAt: z.string().nullable(),
  players: z.array(CrashPlayerSchema),
});
export type CrashRoundDetail = z.infer<typeof CrashRoundDetailSchema>;
