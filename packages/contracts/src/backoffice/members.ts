import { z } from 'zod';
import { JournalTypeSchema, MAX_AMOUNT_CENTS, MoneySchema, PointsSchema } from '../wallet.ts';

/**
 * The back office's members screen: search, the member page and its actions (accounts module),
 * the member's money (wallet module), bets (provider module), and manual balance adjustments
 * with a second operator's approval (wallet module). Ids are decimal strings.
 */

/** A member id in a path: digits only, so "1e3", "-1" or "abc" are a 400, never a lookup. */
export const MemberIdParamsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/, 'a member id') });

/**
 * GET /api/backoffice/members?q=: one box. Matched by account (exact, or prefix from 3
 * characters), e-mail (the same), CPF and mobile (digits with or without punctuation; prefix
 * from 3 digits), and address (an IPv4/IPv6 address, a CIDR block, or a partial IPv4 such as
 * "10.1." = 10.1.0.0/16) against the registration address and every login address.
 */
export const MemberSearchQuerySchema = z.object({
  q: z.string().trim().min(1).max(100),
  pageNo: z.coerce.number().int().min(1).max(50).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type MemberSearchQuery = z.infer<typeof MemberSearchQuerySchema>;

export const MEMBER_STATUSES = ['active', 'locked', 'closed'] as const;
export const MemberStatusSchema = z.enum(MEMBER_STATUSES);
export const MEMBER_MATCH_FIELDS = ['account', 'email', 'cpf', 'mobile', 'ip'] as const;

export const MemberSummarySchema = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  /** Account type (spec §3): 0 member, 1, 2, 41, 42 agents, 4 trial. */
  type: z.number().int(),
  status: MemberStatusSchema,
  /** Masked unless the operator's role holds members.pii. */
  cpf: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** Which fields the search matched. */
  matchedBy: z.array(z.enum(MEMBER_MATCH_FIELDS)),
});
export type MemberSummary = z.infer<typeof MemberSummarySchema>;

export const MemberSearchPageSchema = z.object({
  content: z.array(MemberSummarySchema),
  total: z.number().int(),
  /** True when a match kind had more than 500 candidates: narrow the search. */
  truncated: z.boolean(),
});
export type MemberSearchPage = z.infer<typeof MemberSearchPageSchema>;

export const MemberNoteSchema = z.object({ id: z.string(), body: z.string(), operator: z.object({ id: z.string(), username: z.string() }), at: z.string() });
export type MemberNote = z.infer<typeof MemberNoteSchema>;

/** GET /api/backoffice/members/:id. */
export const MemberDetailSchema = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  /** The name on file for payments (payee name), if the member gave it. */
  name: z.string().nullable(),
  type: z.number().int(),
  status: MemberStatusSchema,
  statusReason: z.string().nullable(),
  statusChangedAt: z.string().nullable(),
  /** CPF, mobile and e-mail are masked unless the operator's role holds members.pii (piiMasked says which). */
  cpf: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  piiMasked: z.boolean(),
  birthday: z.string().nullable(),
  language: z.string().nullable(),
  referralCode: z.string().nullable(),
  registeredAt: z.string(),
  registrationIp: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  mustChangePassword: z.boolean(),
  hasPaymentPassword: z.boolean(),
  /** The agent tree above the member, nearest first. */
  upline: z.array(z.object({ id: z.string(), account: z.string(), type: z.number().int(), status: MemberStatusSchema })),
  directDownlines: z.number().int(),
  /** Live sessions (not revoked, idle or expired). */
  sessions: z.array(z.object({ startedAt: z.string(), lastSeenAt: z.string(), ip: z.string().nullable(), userAgent: z.string().nullable() })),
  /** The latest 20 logins. */
  logins: z.array(z.object({ at: z.string(), ip: z.string().nullable(), userAgent: z.string().nullable() })),
  /** Every address the member logged in from (at most 100, newest first). */
  knownIps: z.array(z.object({ ip: z.string(), firstSeenAt: z.string() })),
  /** Newest first (at most 200). */
  notes: z.array(MemberNoteSchema),
});
export type MemberDetail = z.infer<typeof MemberDetailSchema>;

const ReasonSchema = z.string().trim().min(1, { message: 'members.reason_required' }).max(500);
/** POST /api/backoffice/members/:id/lock and …/unlock. */
export const MemberStatusChangeSchema = z.object({ reason: ReasonSchema });
export const MemberStatusResultSchema = z.object({ id: z.string(), status: MemberStatusSchema, sessionsEnded: z.number().int() });
/** POST /api/backoffice/members/:id/password-reset: the temporary password, shown once. */
export const MemberPasswordResetResultSchema = z.object({ temporaryPassword: z.string(), sessionsEnded: z.number().int() });
/** POST /api/backoffice/members/:id/notes. */
export const MemberNoteCreateSchema = z.object({ body: z.string().trim().min(1, { message: 'members.note_required' }).max(2000) });

/** GET /api/backoffice/members/:id/balances (wallet module). */
export const MemberBalancesSchema = z.object({
  cash: MoneySchema,
  bonus: MoneySchema,
  points: PointsSchema,
  /** Money held by transfer-mode vendors. */
  vendors: z.array(z.object({ vendor: z.string(), balance: MoneySchema })),
});
export type MemberBalances = z.infer<typeof MemberBalancesSchema>;

/** GET /api/backoffice/members/:id/ledger (wallet module): every entry on the member's pockets, newest first (the first 100 pages). */
export const MemberLedgerQuerySchema = z.object({
  type: JournalTypeSchema.optional(),
  pageNo: z.coerce.number().int().min(1).max(100).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const MemberLedgerEntrySchema = z.object({
  journalId: z.string(),
  type: z.string(),
  pocket: z.string(),
  amount: z.string(),
  balanceAfter: z.string(),
  reference: z.string().nullable(),
  at: z.string(),
});
export type MemberLedgerEntry = z.infer<typeof MemberLedgerEntrySchema>;
export const MemberLedgerPageSchema = z.object({ content: z.array(MemberLedgerEntrySchema), hasMore: z.boolean() });
export type MemberLedgerPage = z.infer<typeof MemberLedgerPageSchema>;

/** GET /api/backoffice/members/:id/bets (provider module): game rounds, newest first (the first 100 pages). */
export const MemberBetsQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const MemberBetSchema = z.object({
  vendor: z.string(),
  roundId: z.string(),
  gameCode: z.string(),
  gameType: z.string().nullable(),
  bet: MoneySchema,
  win: MoneySchema,
  status: z.enum(['open', 'settled', 'rolled_back']),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type MemberBet = z.infer<typeof MemberBetSchema>;
export const MemberBetsPageSchema = z.object({ content: z.array(MemberBetSchema), hasMore: z.boolean() });
export type MemberBetsPage = z.infer<typeof MemberBetsPageSchema>;

/** Manual adjustments, R$ 1.000.000.000,00 at most either way. */
export const MAX_ADJUSTMENT_CENTS = MAX_AMOUNT_CENTS;

/** Signed integer centavos, not zero, within MAX_ADJUSTMENT_CENTS either way. */
export function isAdjustmentAmount(value: string): boolean {
  if (!/^[+-]?\d{1,12}$/.test(value)) return false;
  const cents = BigInt(value);
  return cents !== 0n && (cents < 0n ? -cents : cents) <= MAX_ADJUSTMENT_CENTS;
}

/**
 * POST /api/backoffice/balance-adjustments with an Idempotency-Key header: the member's cash
 * moves by `amountCents` (signed integer centavos, as a string) once another operator approves.
 */
export const AdjustmentRequestSchema = z.object({
  memberId: MemberIdParamsSchema.shape.id,
  amountCents: z
    .string()
    .trim()
    .regex(/^[+-]?\d{1,12}$/, { message: 'wallet.adjustment_amount_invalid' })
    .refine((value) => isAdjustmentAmount(value), { message: 'wallet.adjustment_amount_invalid' }),
  reason: z.string().trim().min(1, { message: 'wallet.adjustment_reason_required' }).max(500),
});
export type AdjustmentRequest = z.infer<typeof AdjustmentRequestSchema>;
/** What the console sends as Idempotency-Key (one per form submission). */
export const AdjustmentIdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/);

export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const AdjustmentStatusSchema = z.enum(ADJUSTMENT_STATUSES);
export type AdjustmentStatus = z.infer<typeof AdjustmentStatusSchema>;
export const AdjustmentSchema = z.object({
  id: z.string(),
  member: z.object({ id: z.string(), account: z.string() }),
  /** Signed, decimal ("-12.34"). */
  amount: MoneySchema,
  reason: z.string(),
  status: AdjustmentStatusSchema,
  requestedBy: z.object({ id: z.string(), username: z.string() }),
  requestedAt: z.string(),
  decidedBy: z.object({ id: z.string(), username: z.string() }).nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  journalId: z.string().nullable(),
});
export type Adjustment = z.infer<typeof AdjustmentSchema>;
export const AdjustmentListQuerySchema = z.object({
  status: AdjustmentStatusSchema.optional(),
  memberId: MemberIdParamsSchema.shape.id.optional(),
  pageNo: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const AdjustmentPageSchema = z.object({ content: z.array(AdjustmentSchema), total: z.number().int() });
export type AdjustmentPage = z.infer<typeof AdjustmentPageSchema>;
/** POST /api/backoffice/balance-adjustments/:id/reject. */
export const AdjustmentRejectSchema = z.object({ note: z.string().trim().min(1, { message: 'wallet.adjustment_reason_required' }).max(500) });
