import { z } from 'zod';
import { LOTTERY_AREAS, LOTTERY_DRAW_STATUSES, LOTTERY_FAMILIES, LOTTERY_PRIZE_MODES, LOTTERY_TICKET_STATUSES, LotteryResultSchema } from '../lottery.ts';
import { MoneySchema } from '../wallet.ts';

/**
 * The lottery's operator console (issue 24): /api/backoffice/lottery/…. Reads need lottery.read;
 * schedules, odds tables and liability caps lottery.manage; results and cancellations
 * lottery.settle, each a maker-checker request (approval kinds below) that another operator
 * approves in the approvals module. Every change carries a requestId (a UUID the console makes
 * once per submission) kept in its audit row. Odds are integer thousandths of a payout per unit
 * staked (95.000 → 95000), as in the player's contract.
 */

export const LOTTERY_RESULT_APPROVAL_KIND = 'lottery.draw_result';
export const LOTTERY_CANCEL_APPROVAL_KIND = 'lottery.draw_cancel';

const RequestId = z.string().uuid({ message: 'lottery_console.request_id_invalid' });
const Reason = z.string().trim().min(1, { message: 'lottery_console.reason_required' }).max(500, { message: 'lottery_console.reason_too_long' });
const DrawId = z.string().regex(/^\d{1,18}$/, { message: 'lottery_console.id_invalid' });
const GameCode = z.string().regex(/^[A-Z0-9_]{2,40}$/, { message: 'lottery_console.id_invalid' });
/** A positive amount with two places, at most R$ 10.000.000.000,00. */
const Amount = z.string().regex(/^\d{1,12}\.\d{2}$/, { message: 'lottery_console.amount_invalid' });

/** The bounds of one odds value: 1.000× to 1,000,000.000× (thousandths). */
export const LOTTERY_ODDS_MIN = 1_000;
export const LOTTERY_ODDS_MAX = 1_000_000_000;
/** Close-before bounds: at once to one day before the draw. */
export const LOTTERY_CLOSE_BEFORE_MAX_SECONDS = 86_400;

export const LotteryAdminGameParamsSchema = z.object({ code: GameCode });
export const LotteryAdminDrawParamsSchema = z.object({ id: DrawId });

// ---- Games and schedules ----

export const LotteryAdminGameSchema = z.object({
  code: z.string(),
  family: z.enum(LOTTERY_FAMILIES),
  area: z.enum(LOTTERY_AREAS),
  region: z.enum(['north', 'central', 'south']).nullable(),
  namePt: z.string(),
  nameEn: z.string(),
  enabled: z.boolean(),
  /** Fast draws: minutes between draws; null for weekly scheduled draws. */
  intervalMinutes: z.number().int().nullable(),
  /** Weekly draws: weekday (0 = Sunday) and local time in the game's zone. */
  schedule: z.array(z.object({ weekday: z.number().int(), time: z.string(), timeZone: z.string() })),
  closeBeforeSeconds: z.number().int(),
  prizeModes: z.array(z.enum(LOTTERY_PRIZE_MODES)),
  minStake: MoneySchema,
  maxStake: MoneySchema,
  /** The default liability cap per number and draw (a draw or a number may override it). */
  numberLiability: MoneySchema,
  /** The next draw not yet drawn, if any. */
  nextDraw: z.object({ id: z.string(), drawNo: z.string(), status: z.enum(LOTTERY_DRAW_STATUSES), closesAt: z.string(), drawAt: z.string() }).nullable(),
});
export type LotteryAdminGame = z.infer<typeof LotteryAdminGameSchema>;
export const LotteryAdminGameListSchema = z.object({ games: z.array(LotteryAdminGameSchema) });

/** PATCH a game: switch it on or off, its close-before, its default liability cap per number. */
export const LotteryAdminGameUpdateSchema = z
  .object({
    requestId: RequestId,
    enabled: z.boolean().optional(),
    closeBeforeSeconds: z.number({ message: 'lottery_console.close_before_invalid' }).int({ message: 'lottery_console.close_before_invalid' }).min(0, { message: 'lottery_console.close_before_invalid' }).max(LOTTERY_CLOSE_BEFORE_MAX_SECONDS, { message: 'lottery_console.close_before_invalid' }).optional(),
    numberLiability: Amount.optional(),
  })
  .refine((body) => body.enabled !== undefined || body.closeBeforeSeconds !== undefined || body.numberLiability !== undefined, { message: 'lottery_console.nothing_to_change' });
export type LotteryAdminGameUpdate = z.infer<typeof LotteryAdminGameUpdateSchema>;

// ---- Odds tables ----

export const LotteryAdminOddsQuerySchema = z.object({ gameCode: GameCode.optional(), prizeMode: z.enum(LOTTERY_PRIZE_MODES).optional() });
export const LotteryAdminOddsRowSchema = z.object({
  gameCode: z.string(),
  family: z.enum(LOTTERY_FAMILIES),
  prizeMode: z.enum(LOTTERY_PRIZE_MODES),
  betType: z.string(),
  /** Prize key → payout per unit staked per hit, thousandths. */
  odds: z.record(z.string(), z.number().int()),
  enabled: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type LotteryAdminOddsRow = z.infer<typeof LotteryAdminOddsRowSchema>;
export const LotteryAdminOddsListSchema = z.object({ tables: z.array(LotteryAdminOddsRowSchema) });
export const LotteryAdminOddsParamsSchema = z.object({ code: GameCode, prizeMode: z.enum(LOTTERY_PRIZE_MODES, { message: 'lottery_console.prize_mode_invalid' }), betType: z.string().regex(/^[a-z0-9_]{1,32}$/, { message: 'lottery_console.bet_type_invalid' }) });
/** PUT one odds table: the same prize keys as today, each value inside the bounds. Applies to tickets placed afterwards. */
export const LotteryAdminOddsUpdateSchema = z.object({
  requestId: RequestId,
  odds: z.record(
    z.string().regex(/^[a-z0-9_]{1,32}$/),
    z.number({ message: 'lottery_console.odds_out_of_bounds' }).int({ message: 'lottery_console.odds_out_of_bounds' }).min(LOTTERY_ODDS_MIN, { message: 'lottery_console.odds_out_of_bounds' }).max(LOTTERY_ODDS_MAX, { message: 'lottery_console.odds_out_of_bounds' }),
  ),
  enabled: z.boolean().optional(),
});
export type LotteryAdminOddsUpdate = z.infer<typeof LotteryAdminOddsUpdateSchema>;

// ---- Draws ----

export const LotteryAdminDrawListQuerySchema = z.object({
  gameCode: GameCode.optional(),
  status: z.enum(LOTTERY_DRAW_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const LotteryAdminDrawRowSchema = z.object({
  id: z.string(),
  gameCode: z.string(),
  family: z.enum(LOTTERY_FAMILIES),
  drawNo: z.string(),
  status: z.enum(LOTTERY_DRAW_STATUSES),
  closesAt: z.string(),
  drawAt: z.string(),
  /** Accepted tickets (open or settled; refused and pending ones are not counted). */
  tickets: z.number().int(),
  stake: MoneySchema,
  /** What the open tickets would pay if every number they name hit (the sum of the per-number exposure). */
  potentialPayout: MoneySchema,
  /** What settled tickets returned (wins and refunds). */
  paid: MoneySchema,
  resultVersion: z.number().int(),
});
export type LotteryAdminDrawRow = z.infer<typeof LotteryAdminDrawRowSchema>;
export const LotteryAdminDrawListSchema = z.object({ content: z.array(LotteryAdminDrawRowSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const LotteryAdminResultVersionSchema = z.object({
  version: z.number().int(),
  result: LotteryResultSchema,
  source: z.enum(['feed', 'manual', 'commit_reveal']),
  enteredBy: z.string().nullable(),
  reason: z.string().nullable(),
  inForce: z.boolean(),
  createdAt: z.string(),
});
export const LotteryAdminDrawDetailSchema = LotteryAdminDrawRowSchema.extend({
  gameNamePt: z.string(),
  gameNameEn: z.string(),
  commitHash: z.string().nullable(),
  cancelReason: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  /** Ticket counts by status. */
  ticketsByStatus: z.record(z.string(), z.number().int()),
  /** Every result set, the latest first (the pending proposals are the approvals module's: target draw:<id>). */
  results: z.array(LotteryAdminResultVersionSchema),
});
export type LotteryAdminDrawDetail = z.infer<typeof LotteryAdminDrawDetailSchema>;

// ---- Exposure ----

export const LotteryAdminExposureQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) });
export const LotteryAdminExposureSchema = z.object({
  drawId: z.string(),
  status: z.enum(LOTTERY_DRAW_STATUSES),
  /** The game's default cap, the draw's own cap (or null), and the one in force for numbers without their own. */
  gameCap: MoneySchema,
  drawCap: MoneySchema.nullable(),
  cap: MoneySchema,
  totalStake: MoneySchema,
  totalLiability: MoneySchema,
  /** Numbers by potential payout, highest first. */
  numbers: z.array(
    z.object({
      number: z.string(),
      tickets: z.number().int(),
      /** Stake of the open tickets naming the number. */
      stake: MoneySchema,
      potentialPayout: MoneySchema,
      /** The cap in force for it, its own override (or null), and the share of the cap used (0–100+). */
      cap: MoneySchema,
      capOverride: MoneySchema.nullable(),
      usedPercent: z.number(),
    }),
  ),
  /** How many numbers carry exposure (the list shows the top ones). */
  totalNumbers: z.number().int(),
});
export type LotteryAdminExposure = z.infer<typeof LotteryAdminExposureSchema>;
/** Set (or, with null, remove) the draw's cap, or one number's cap when `number` is given. */
export const LotteryAdminCapSchema = z.object({
  requestId: RequestId,
  number: z.string().regex(/^[a-z0-9:]{1,16}$/, { message: 'lottery_console.number_invalid' }).optional(),
  cap: Amount.nullable(),
});
export type LotteryAdminCap = z.infer<typeof LotteryAdminCapSchema>;

// ---- Results and cancellation (maker-checker) ----

export const LotteryAdminResultRequestSchema = z.object({ requestId: RequestId, result: LotteryResultSchema, reason: Reason });
export type LotteryAdminResultRequest = z.infer<typeof LotteryAdminResultRequestSchema>;
export const LotteryAdminCancelRequestSchema = z.object({ requestId: RequestId, reason: Reason });
export type LotteryAdminCancelRequest = z.infer<typeof LotteryAdminCancelRequestSchema>;
/** A proposal waiting for a second operator (approve it in the approvals module). */
export const LotteryAdminProposalSchema = z.object({ status: z.literal('pending_approval'), approvalId: z.string(), replayed: z.boolean() });

/** The payloads the approvals module stores (and the console words for the checker). */
export const LotteryResultApprovalPayloadSchema = z.object({
  drawId: DrawId,
  result: LotteryResultSchema,
  /** The result version in force when proposed: approval refuses if another result landed since. */
  expectedVersion: z.number().int().min(0),
  correction: z.boolean(),
  gameCode: z.string().optional(),
  drawNo: z.string().optional(),
});
export type LotteryResultApprovalPayload = z.infer<typeof LotteryResultApprovalPayloadSchema>;
export const LotteryCancelApprovalPayloadSchema = z.object({
  drawId: DrawId,
  gameCode: z.string().optional(),
  drawNo: z.string().optional(),
  tickets: z.number().int().optional(),
  stake: MoneySchema.optional(),
});
export type LotteryCancelApprovalPayload = z.infer<typeof LotteryCancelApprovalPayloadSchema>;

// ---- Tickets ----

export const LotteryAdminTicketListQuerySchema = z.object({
  drawId: DrawId.optional(),
  member: z.string().trim().min(1).max(64).optional(),
  status: z.enum(LOTTERY_TICKET_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const LotteryAdminTicketRowSchema = z.object({
  id: z.string(),
  member: z.string(),
  drawId: z.string(),
  drawNo: z.string(),
  gameCode: z.string(),
  betType: z.string(),
  prizeMode: z.enum(LOTTERY_PRIZE_MODES),
  selections: z.array(z.string()),
  combinations: z.number().int(),
  totalStake: MoneySchema,
  status: z.enum(LOTTERY_TICKET_STATUSES),
  return: MoneySchema.nullable(),
  resettlements: z.number().int(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type LotteryAdminTicketRow = z.infer<typeof LotteryAdminTicketRowSchema>;
export const LotteryAdminTicketListSchema = z.object({ content: z.array(LotteryAdminTicketRowSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
