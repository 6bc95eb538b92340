import { z } from 'zod';
import { LIVE_BET_STATUSES, LIVE_GAMES, LIVE_ROUND_PHASES, LIVE_TABLE_STATUSES, LiveLimitsSchema, LiveResultSchema, LiveVerificationSchema } from '../live-tables.ts';
import { MoneySchema } from '../wallet.ts';

/**
 * The live tables' operator console (issue 25): /api/backoffice/live/…. Reads need live.read;
 * opening, closing, limits, timings and a new shoe live.manage; chat moderation (remove a message,
 * mute a member) live.moderate. Every change carries a requestId (a UUID the console makes once per
 * submission) kept in its audit row; replaying it changes nothing.
 */
const RequestId = z.string().uuid({ message: 'live_console.request_id_invalid' });
const Reason = z.string().trim().min(1, { message: 'live_console.reason_required' }).max(500, { message: 'live_console.reason_too_long' });
const Id = z.string().regex(/^\d{1,18}$/, { message: 'live_console.id_invalid' });
const TableCode = z.string().regex(/^[a-z0-9-]{2,40}$/, { message: 'live_console.id_invalid' });

export const LiveAdminTableParamsSchema = z.object({ code: TableCode });
export const LiveAdminIdParamsSchema = z.object({ id: Id });

/** Betting window bounds (seconds) an operator may set. */
export const LIVE_BETTING_SECONDS_MIN = 5;
export const LIVE_BETTING_SECONDS_MAX = 60;

export const LiveAdminTableSchema = z.object({
  code: z.string(),
  game: z.enum(LIVE_GAMES),
  namePt: z.string(),
  nameEn: z.string(),
  status: z.enum(LIVE_TABLE_STATUSES),
  limits: LiveLimitsSchema,
  bettingSeconds: z.number().int(),
  roundsPlayed: z.number().int(),
  /** The round now in play, if any. */
  currentRound: z.object({ id: z.string(), number: z.number().int(), phase: z.enum(LIVE_ROUND_PHASES) }).nullable(),
  /** Baccarat: the shoe in play. */
  shoe: z.object({ id: z.string(), hash: z.string(), handsPlayed: z.number().int(), cardsLeft: z.number().int() }).nullable(),
  updatedAt: z.string(),
});
export type LiveAdminTable = z.infer<typeof LiveAdminTableSchema>;
export const LiveAdminTablesSchema = z.object({ tables: z.array(LiveAdminTableSchema) });

/** PATCH /api/backoffice/live/tables/:code: any of status, limits, betting seconds; a closed table finishes its round and opens no new one. */
export const LiveAdminTableChangeSchema = z.object({
  requestId: RequestId,
  reason: Reason,
  status: z.enum(LIVE_TABLE_STATUSES).optional(),
  limits: LiveLimitsSchema.optional(),
  bettingSeconds: z.number().int().min(LIVE_BETTING_SECONDS_MIN).max(LIVE_BETTING_SECONDS_MAX).optional(),
});
export type LiveAdminTableChange = z.infer<typeof LiveAdminTableChangeSchema>;

/** POST /api/backoffice/live/tables/:code/new-shoe: the baccarat shoe ends after the hand in play (its seed revealed) and a new one is shuffled. */
export const LiveAdminNewShoeSchema = z.object({ requestId: RequestId, reason: Reason });

export const LiveAdminRoundsQuerySchema = z.object({
  table: TableCode.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const LiveAdminRoundSchema = z.object({
  id: z.string(),
  tableCode: z.string(),
  game: z.enum(LIVE_GAMES),
  number: z.number().int(),
  phase: z.enum(LIVE_ROUND_PHASES),
  result: LiveResultSchema.nullable(),
  bettingEndsAt: z.string(),
  resultAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  bets: z.number().int(),
  players: z.number().int(),
  staked: MoneySchema,
  paid: MoneySchema,
  /** Bets whose money call is still owed (the leader's sweep retries them). */
  unclosed: z.number().int(),
  verification: LiveVerificationSchema,
});
export type LiveAdminRound = z.infer<typeof LiveAdminRoundSchema>;
export const LiveAdminRoundsSchema = z.object({ rounds: z.array(LiveAdminRoundSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const LiveAdminRoundBetSchema = z.object({
  id: z.string(),
  account: z.string(),
  chips: z.array(z.object({ spot: z.string(), amount: MoneySchema, win: MoneySchema.nullable() })),
  amount: MoneySchema,
  win: MoneySchema.nullable(),
  status: z.enum(LIVE_BET_STATUSES),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export const LiveAdminRoundDetailSchema = z.object({ round: LiveAdminRoundSchema, bets: z.array(LiveAdminRoundBetSchema) });

export const LiveAdminChatQuerySchema = z.object({ table: TableCode.optional(), account: z.string().trim().max(64).optional(), page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const LiveAdminChatMessageSchema = z.object({
  id: z.string(),
  tableCode: z.string(),
  account: z.string(),
  /** As typed (operators see what was filtered). */
  original: z.string(),
  shown: z.string(),
  filtered: z.boolean(),
  removed: z.boolean(),
  at: z.string(),
});
export const LiveAdminChatSchema = z.object({ messages: z.array(LiveAdminChatMessageSchema), total: z.number().int(), page: z.number().int() });

/** POST /api/backoffice/live/chat/:id/remove */
export const LiveAdminRemoveMessageSchema = z.object({ requestId: RequestId, reason: Reason });

export const LiveAdminMuteSchema = z.object({ account: z.string(), until: z.string(), reason: z.string(), by: z.string(), at: z.string() });
export const LiveAdminMutesSchema = z.object({ mutes: z.array(LiveAdminMuteSchema) });
/** POST /api/backoffice/live/mutes: mute an account in every table's chat for `minutes` (0 lifts it). */
export const LiveAdminMuteRequestSchema = z.object({
  requestId: RequestId,
  reason: Reason,
  account: z.string().trim().min(1, { message: 'live_console.account_required' }).max(64),
  minutes: z.number().int().min(0).max(525_600),
});
