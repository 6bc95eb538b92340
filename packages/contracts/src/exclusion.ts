import { z } from 'zod';

/**
 * Responsible gaming (issue 27): cool-offs, self-exclusions, account closure and barred persons
 * (apps/server/src/modules/exclusion, docs/exclusion.md).
 */
export const COOLOFF_PERIODS = ['24h', '7d', '30d'] as const;
export const SELF_EXCLUSION_PERIODS = ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m', '10m', '11m', '12m', 'indefinite'] as const;
export const RESTRICTION_KINDS = ['cooloff', 'self_exclusion', 'closure', 'barred'] as const;
export type RestrictionKind = (typeof RESTRICTION_KINDS)[number];

const RequestIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const PasswordSchema = z.string().min(1).max(256);

/** The member's choice, confirmed by re-entering the login password (and, for a self-exclusion, typing the confirmation word). */
export const TakeRestrictionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cooloff'), period: z.enum(COOLOFF_PERIODS), password: PasswordSchema, requestId: RequestIdSchema }),
  z.object({ kind: z.literal('self_exclusion'), period: z.enum(SELF_EXCLUSION_PERIODS), password: PasswordSchema, confirmation: z.string().max(40), requestId: RequestIdSchema }),
]);
export type TakeRestriction = z.infer<typeof TakeRestrictionSchema>;

/** The word the member types to confirm a self-exclusion or a closure (either language's). */
export const EXCLUSION_CONFIRMATION_WORDS = ['EXCLUIR', 'EXCLUDE'] as const;
export const CLOSURE_CONFIRMATION_WORDS = ['ENCERRAR', 'CLOSE'] as const;

export const CloseAccountSchema = z.object({ password: PasswordSchema, confirmation: z.string().max(40), requestId: RequestIdSchema });
export type CloseAccount = z.infer<typeof CloseAccountSchema>;

export const RestrictionViewSchema = z.object({
  id: z.string(),
  kind: z.enum(RESTRICTION_KINDS),
  period: z.string(),
  startsAt: z.string(),
  /** null: indefinite. */
  endsAt: z.string().nullable(),
});
export type RestrictionView = z.infer<typeof RestrictionViewSchema>;

export const ExclusionStateSchema = z.object({
  /** The restriction in force (a member who sees this page has none, but a replay answers it). */
  active: RestrictionViewSchema.nullable(),
  cooloffPeriods: z.array(z.enum(COOLOFF_PERIODS)),
  selfExclusionPeriods: z.array(z.enum(SELF_EXCLUSION_PERIODS)),
  /** The member's cash balance: a closure needs 0.00. */
  balance: z.string(),
});
export type ExclusionState = z.infer<typeof ExclusionStateSchema>;

/** The withdraw-only path of a member who may not log in (neutral refusal screen): account and login password. */
export const WithdrawOnlyLoginSchema = z.object({ account: z.string().min(1).max(64), password: PasswordSchema });
export const WithdrawOnlyOptionsSchema = z.object({
  balance: z.string(),
  /** The registered payout key, masked; null when none is registered (support helps). */
  payoutKey: z.string().nullable(),
  /** Until when the balance may be withdrawn here (a barred closure's window); null: while the restriction lasts. */
  withdrawUntil: z.string().nullable(),
});
export type WithdrawOnlyOptions = z.infer<typeof WithdrawOnlyOptionsSchema>;
export const WithdrawOnlyRequestSchema = WithdrawOnlyLoginSchema.extend({ paymentPassword: z.string().regex(/^\d{6}$/), requestId: RequestIdSchema });
export type WithdrawOnlyRequest = z.infer<typeof WithdrawOnlyRequestSchema>;
export const WithdrawOnlyResultSchema = z.object({ withdrawalId: z.string(), amount: z.string(), status: z.string() });

// ---- console ----
export const AdminRestrictionQuerySchema = z.object({
  kind: z.enum(RESTRICTION_KINDS).optional(),
  account: z.string().max(64).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const AdminRestrictionSchema = RestrictionViewSchema.extend({ account: z.string(), active: z.boolean(), withdrawUntil: z.string().nullable() });
export const AdminRestrictionListSchema = z.object({ rows: z.array(AdminRestrictionSchema), total: z.number().int(), page: z.number().int() });
export type AdminRestrictionList = z.infer<typeof AdminRestrictionListSchema>;

/** A pasted or uploaded list: one CPF a line (or separated by commas/semicolons), with or without punctuation. At most 1 MB. */
export const BarredImportRequestSchema = z.object({ text: z.string().min(1).max(1_000_000) });
export const BarredImportResultSchema = z.object({
  accepted: z.number().int(),
  invalid: z.number().int(),
  duplicates: z.number().int(),
  /** Up to 20 of the lines refused, as given (trimmed to 40 characters). */
  invalidSamples: z.array(z.string()),
  /** Members whose account this import closed. */
  hits: z.number().int(),
});
export type BarredImportResult = z.infer<typeof BarredImportResultSchema>;

export const BarredNoticeSchema = z.object({ channel: z.enum(['platform_message', 'sms']), content: z.string(), sentAt: z.string() });
export const BarredHitSchema = z.object({
  restrictionId: z.string(),
  account: z.string(),
  cpf: z.string(),
  closedAt: z.string(),
  withdrawUntil: z.string().nullable(),
  notices: z.array(BarredNoticeSchema),
});
export const BarredOverviewSchema = z.object({
  listSize: z.number().int(),
  imports: z.array(z.object({ id: z.string(), operator: z.string(), accepted: z.number().int(), invalid: z.number().int(), duplicates: z.number().int(), at: z.string() })),
  hits: z.array(BarredHitSchema),
  lastRun: z.object({ startedAt: z.string(), finishedAt: z.string().nullable(), checked: z.number().int(), hits: z.number().int(), error: z.string().nullable() }).nullable(),
});
export type BarredOverview = z.infer<typeof BarredOverviewSchema>;
