import { z } from 'zod';
import { AmountInputSchema, MoneySchema } from './wallet.ts';

/** Responsible-gaming limits (issue 27, docs/limits.md). Money limits per calendar period in the site's time zone. */
export const LIMIT_KINDS = ['deposit', 'loss', 'wager', 'session'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const MONEY_LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type MoneyLimitPeriod = (typeof MONEY_LIMIT_PERIODS)[number];
export type LimitPeriod = MoneyLimitPeriod | 'session';
/** Session-time limit, minutes per session. */
export const SESSION_LIMIT_MIN_MINUTES = 15;
export const SESSION_LIMIT_MAX_MINUTES = 1440;
/** The largest money limit a member may set: R$ 10.000.000,00. */
export const MAX_LIMIT_CENTS = 1_000_000_000n;
/** Reality-check intervals offered (minutes); development also offers 1 (LIMITS_SHORT_CHECKS). */
export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const;
export const DEFAULT_REALITY_CHECK_MINUTES = 60;

const LimitAmountSchema = AmountInputSchema.refine((value) => Math.round(Number(value) * 100) <= Number(MAX_LIMIT_CENTS), { message: 'limits.amount_too_large' });

/** One change asked by the member: a money limit (amount null: remove it) or the session minutes (null: remove). */
export const SetLimitSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['deposit', 'loss', 'wager']), period: z.enum(MONEY_LIMIT_PERIODS), amount: LimitAmountSchema.nullable() }),
  z.object({ kind: z.literal('session'), period: z.literal('session'), minutes: z.number().int().min(SESSION_LIMIT_MIN_MINUTES).max(SESSION_LIMIT_MAX_MINUTES).nullable() }),
]);
export type SetLimit = z.infer<typeof SetLimitSchema>;

/** What registration carries (the regulation asks loss and time limits at sign-up; null: the member chose "no limit"). */
export const RegistrationLimitsSchema = z.object({
  loss: z.object({ period: z.enum(MONEY_LIMIT_PERIODS), amount: LimitAmountSchema }).nullable(),
  sessionMinutes: z.number().int().min(SESSION_LIMIT_MIN_MINUTES).max(SESSION_LIMIT_MAX_MINUTES).nullable(),
});
export type RegistrationLimits = z.infer<typeof RegistrationLimitsSchema>;

export const LimitViewSchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(['day', 'week', 'month', 'session']),
  /** Money limits: "100.00"; session: minutes as a string. Null: no limit in force. */
  value: z.string().nullable(),
  /** Money used in the current period (null for session). */
  used: MoneySchema.nullable(),
  periodEndsAt: z.string().nullable(),
  pending: z.object({ id: z.string(), value: z.string().nullable(), effectiveAt: z.string() }).nullable(),
});
export type LimitView = z.infer<typeof LimitViewSchema>;

export const LimitsOverviewSchema = z.object({
  limits: z.array(LimitViewSchema),
  realityCheckMinutes: z.number().int(),
  realityCheckOptions: z.array(z.number().int()),
  timeZone: z.string(),
});
export type LimitsOverview = z.infer<typeof LimitsOverviewSchema>;

export const RealityCheckSchema = z.object({ minutes: z.number().int().min(1).max(240) });

export const LimitsStatusSchema = z.object({
  sessionStartedAt: z.string(),
  elapsedSeconds: z.number().int(),
  /** Net result of this session's bets and wins (positive: the member is up). */
  netResult: MoneySchema,
  realityCheckMinutes: z.number().int(),
  sessionLimitMinutes: z.number().int().nullable(),
  sessionEnded: z.boolean(),
  /** Limits at 80 % or more, told once per period (each appears in the answer that first saw it). */
  alerts: z.array(z.object({ kind: z.enum(LIMIT_KINDS), period: z.enum(MONEY_LIMIT_PERIODS), value: MoneySchema, used: MoneySchema })),
});
export type LimitsStatus = z.infer<typeof LimitsStatusSchema>;

export const LimitHistoryEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(['day', 'week', 'month', 'session']),
  action: z.string(),
  source: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  at: z.string(),
});
export const AdminMemberLimitsSchema = z.object({
  member: z.object({ id: z.string(), account: z.string() }),
  limits: z.array(LimitViewSchema),
  realityCheckMinutes: z.number().int(),
  history: z.array(LimitHistoryEntrySchema),
});
export type AdminMemberLimits = z.infer<typeof AdminMemberLimitsSchema>;
