import { z } from 'zod';

/**
 * Money on the wire is a decimal string with two places ("12.34", "-0.50"); centavos (bigint)
 * everywhere inside. Points are whole numbers, also as strings.
 */
export const MoneySchema = z.string().regex(/^-?\d{1,16}\.\d{2}$/);
export const PointsSchema = z.string().regex(/^-?\d{1,18}$/);

/** The largest amount a member may type: R$ 1.000.000.000,00 (keeps sums far inside bigint). */
export const MAX_AMOUNT_CENTS = 100_000_000_000n;

/** An amount a member types: positive, at most two decimals, no sign, no exponent, no spaces. */
export const AmountInputSchema = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, { message: 'wallet.amount_invalid' })
  .refine((value) => !/^0+(\.0{0,2})?$/.test(value), { message: 'wallet.amount_invalid' });

/** Journal types (ledger operation kinds). Stable strings; the UI translates them. */
export const JOURNAL_TYPES = [
  'bet',
  'win',
  'rollback',
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_payout',
  /** Main wallet → a transfer-mode vendor's wallet (pocket vendor:<code>). */
  'vendor_transfer_in',
  /** Back from the vendor's wallet to the main wallet. */
  'vendor_transfer_out',
  'agent_transfer_downline',
  'agent_transfer_upline',
  'bonus',
  'commission',
  'adjustment',
  'points',
] as const;
/**
 * Every journal type the ledger takes: the member-facing ones above (the account record filters
 * on those) and the house-only 'jackpot' (a bet's share into the progressive pool, its seed, a
 * paid pool back to game revenue), which never has a member leg.
 */
export const LEDGER_JOURNAL_TYPES = [...JOURNAL_TYPES, 'jackpot'] as const;
export type LedgerJournalType = (typeof LEDGER_JOURNAL_TYPES)[number];
export const JournalTypeSchema = z.enum(JOURNAL_TYPES);
export type JournalType = z.infer<typeof JournalTypeSchema>;

export const WalletBalanceSchema = z.object({
  cash: MoneySchema,
  bonus: MoneySchema,
  points: PointsSchema,
  currency: z.string(),
  currencySymbol: z.string(),
});
export type WalletBalance = z.infer<typeof WalletBalanceSchema>;

const DateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Account record (transactionHistory): dates are calendar days in the operator's time zone, inclusive. */
export const TransactionQuerySchema = z.object({
  type: JournalTypeSchema.optional(),
  from: DateSchema,
  to: DateSchema,
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TransactionQuery = z.infer<typeof TransactionQuerySchema>;

export const TransactionViewSchema = z.object({
  id: z.string(),
  type: JournalTypeSchema,
  /** Signed: negative leaves the wallet. */
  amount: MoneySchema,
  balanceAfter: MoneySchema,
  time: z.string(),
  /** What the money was for: a bet id, a transfer's counterpart account, a deposit order… */
  reference: z.string().nullable(),
});
export type TransactionView = z.infer<typeof TransactionViewSchema>;

export const TransactionPageSchema = z.object({
  content: z.array(TransactionViewSchema),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /** The operator time zone the dates were read in, e.g. America/Sao_Paulo. */
  timeZone: z.string(),
});
export type TransactionPage = z.infer<typeof TransactionPageSchema>;

/** Personal profit and loss: at most 93 days per query. */
export const ProfitQuerySchema = z.object({ from: DateSchema, to: DateSchema });
export type ProfitQuery = z.infer<typeof ProfitQuerySchema>;

const ProfitLineSchema = z.object({ bets: MoneySchema, wins: MoneySchema, net: MoneySchema, count: z.number().int() });
export const ProfitReportSchema = z.object({
  timeZone: z.string(),
  days: z.array(ProfitLineSchema.extend({ date: DateSchema })),
  /** Product (game type) as the game vendor reports it, e.g. slots, live, sports; "other" when unknown. */
  products: z.array(ProfitLineSchema.extend({ product: z.string() })),
  total: ProfitLineSchema,
});
export type ProfitReport = z.infer<typeof ProfitReportSchema>;

/** Wallet page (transferFund): main balance and, per transfer-mode vendor, the money held there. */
export const VendorWalletsSchema = z.object({
  main: MoneySchema,
  vendors: z.array(z.object({ vendor: z.string(), displayName: z.string(), balance: MoneySchema })),
});
export type VendorWallets = z.infer<typeof VendorWalletsSchema>;

export const UplineSchema = z.object({ upline: z.object({ account: z.string(), nickname: z.string() }).nullable() });
export type Upline = z.infer<typeof UplineSchema>;

export const AgentTransferRequestSchema = z.object({
  direction: z.enum(['downline', 'upline']),
  /** The downline's account; ignored (may be absent) for a transfer to the upline. */
  account: z.string().trim().min(1).max(64).optional(),
  amount: AmountInputSchema,
  paymentPassword: z.string().regex(/^\d{6}$/, { message: 'wallet.payment_password_invalid' }),
  /** Made once per form submission by the client: a double click or a retry posts once. */
  requestId: z.uuid(),
});
export type AgentTransferRequest = z.infer<typeof AgentTransferRequestSchema>;

export const AgentTransferResponseSchema = z.object({ transferId: z.string(), balance: MoneySchema });
export type AgentTransferResponse = z.infer<typeof AgentTransferResponseSchema>;
