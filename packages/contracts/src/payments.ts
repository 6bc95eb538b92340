import { z } from 'zod';
import { AmountInputSchema, MoneySchema } from './wallet.ts';
import { OpenBonusSchema } from './bonus.ts';

/**
 * Deposits and withdrawals by PIX (spec §1 wallet, §2 depositv2 / withdraw, §3–4 withdrawal
 * confirmation). Amounts are decimal strings on the wire, bigint centavos inside.
 */

/** A request id the client makes once per intent, so a double click or a retry creates one record. */
export const RequestIdSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'payments.request_id_invalid' });

export const DEPOSIT_STATUSES = [
  /** Charge created, waiting for the payer. */
  'pending',
  /** The provider says it was paid; crediting is in progress (normally the same instant). */
  'paid',
  /** Credited to the member's cash, exactly once. */
  'credited',
  /** Paid by someone whose CPF is not the member's: waits for an operator (credit or refund). */
  'held',
  /** Returned to the payer (held deposit refused by an operator). */
  'refunded',
  /** Not paid before the charge expired. A late payment still credits (never lost). */
  'expired',
  /** The PSP never created the charge (it did not answer, and later had no charge with our txid): nothing to pay. */
  'failed',
] as const;
export const DepositStatusSchema = z.enum(DEPOSIT_STATUSES);
export type DepositStatus = z.infer<typeof DepositStatusSchema>;

export const DepositOptionsSchema = z.object({
  presets: z.array(MoneySchema),
  min: MoneySchema,
  max: MoneySchema,
  expiresInSeconds: z.number().int(),
  /** The built-in sandbox provider: the page offers a "pay as the sandbox payer" button. */
  sandbox: z.boolean(),
});
export type DepositOptions = z.infer<typeof DepositOptionsSchema>;

export const CreateDepositSchema = z.object({ amount: AmountInputSchema, requestId: RequestIdSchema });
export type CreateDeposit = z.infer<typeof CreateDepositSchema>;

export const DepositSchema = z.object({
  id: z.string(),
  amount: MoneySchema,
  status: DepositStatusSchema,
  /** "Pix Copia e Cola" (EMV BR Code); null only when the PSP never created the charge (status failed). */
  brCode: z.string().nullable(),
  /** The same code as an SVG QR image (data: URL); null with brCode. */
  qrCode: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  creditedAt: z.string().nullable(),
  /**
   * Why a paid deposit was not credited (held or refunded): 'other_payer' — paid from an account
   * that is not in the member's CPF, returned to the payer (issue 27); 'amount_mismatch' — the
   * paid amount differs from the charge, waiting for an operator. Absent or null otherwise.
   */
  reason: z.enum(['other_payer', 'amount_mismatch']).nullable().optional(),
});
export type Deposit = z.infer<typeof DepositSchema>;

export const DepositPageSchema = z.object({ content: z.array(DepositSchema.omit({ brCode: true, qrCode: true })), pageNum: z.number().int(), totalPages: z.number().int() });
export type DepositPage = z.infer<typeof DepositPageSchema>;

/** Where a member's withdrawals are paid: a PIX key or a bank account, in the member's own name and CPF. */
export const PIX_KEY_TYPES = ['cpf', 'phone', 'email', 'evp'] as const;
export const PixKeyTypeSchema = z.enum(PIX_KEY_TYPES);
export type PixKeyType = z.infer<typeof PixKeyTypeSchema>;

export const PayoutAccountInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pix'), keyType: PixKeyTypeSchema, key: z.string().trim().min(1).max(100) }),
  z.object({
    kind: z.literal('bank'),
    /** COMPE bank code (3 digits) of the member's bank. */
    bankCode: z.string().trim().regex(/^\d{3}$/, { message: 'payments.bank_code_invalid' }),
    branch: z.string().trim().regex(/^\d{1,5}$/, { message: 'payments.branch_invalid' }),
    account: z.string().trim().regex(/^\d{1,13}-?[0-9Xx]?$/, { message: 'payments.account_number_invalid' }),
    accountType: z.enum(['checking', 'savings', 'payment']),
  }),
]);
export type PayoutAccountInput = z.infer<typeof PayoutAccountInputSchema>;

/** Changing where money goes asks for the login password again (and is logged). */
export const SavePayoutAccountSchema = z.object({ account: PayoutAccountInputSchema, password: z.string().min(1).max(128) });
export type SavePayoutAccount = z.infer<typeof SavePayoutAccountSchema>;

export const PayoutAccountSchema = z.object({
  kind: z.enum(['pix', 'bank']),
  keyType: PixKeyTypeSchema.nullable(),
  /** Masked for display (e.g. ***.982.247-**). */
  display: z.string(),
  holderName: z.string(),
  holderCpf: z.string(),
  updatedAt: z.string(),
});
export type PayoutAccount = z.infer<typeof PayoutAccountSchema>;

export const WITHDRAWAL_STATUSES = [
  /** Funds held; an operator reviews it. */
  'reviewing',
  /** Approved (by an operator or under the auto-approval threshold); the payout is being sent. */
  'approved',
  /** The provider accepted the payout; waiting for its result. */
  'paying',
  'paid',
  /** Refused by an operator: the held funds are back in the member's cash. */
  'rejected',
  /** The provider refused the payout: the held funds are back in the member's cash. */
  'failed',
] as const;
export const WithdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatusSchema>;

/** Spec §4 withdrawal confirmation: the member says what arrived; silence counts as received. */
export const RECEIPT_STATES = ['received', 'partial', 'not_received', 'auto_received'] as const;
export const ReceiptStateSchema = z.enum(RECEIPT_STATES);
export type ReceiptState = z.infer<typeof ReceiptStateSchema>;

export const WithdrawOptionsSchema = z.object({
  min: MoneySchema,
  max: MoneySchema,
  /** What the member can withdraw now (cash minus any turnover still required). */
  available: MoneySchema,
  /** Wagering still required before a withdrawal (rules come with Promotions; 0.00 until then). */
  turnoverRemaining: MoneySchema,
  payoutAccount: PayoutAccountSchema.nullable(),
  /** The member set a payment password (required to withdraw). */
  hasPaymentPassword: z.boolean(),
  /** Name and CPF are on file (payouts go only to the member's own account). */
  profileComplete: z.boolean(),
  /** Bonus money under wagering that a withdrawal request would forfeit (null when none). */
  openBonus: OpenBonusSchema.nullable().optional(),
  /** The VIP level's daily withdrawal limit and what is left of it today (null when the level has none). */
  dailyLimit: z.object({ limit: MoneySchema, remaining: MoneySchema }).nullable().optional(),
});
export type WithdrawOptions = z.infer<typeof WithdrawOptionsSchema>;

export const CreateWithdrawalSchema = z.object({
  amount: AmountInputSchema,
  paymentPassword: z.string().min(1).max(128),
  requestId: RequestIdSchema,
  /** The member confirmed that open bonus wagering is forfeited (required while there is any). */
  forfeitBonus: z.boolean().optional(),
});
export type CreateWithdrawal = z.infer<typeof CreateWithdrawalSchema>;

export const WithdrawalSchema = z.object({
  id: z.string(),
  amount: MoneySchema,
  status: WithdrawalStatusSchema,
  destination: z.string(),
  requestedAt: z.string(),
  paidAt: z.string().nullable(),
  /** Minutes from request to paid (the regulation expects at most 120). */
  minutesToPay: z.number().int().nullable(),
  rejectReason: z.string().nullable(),
  receipt: ReceiptStateSchema.nullable(),
  receivedAmount: MoneySchema.nullable(),
  /** What is still missing by the member's account (amount − received), when partly received. */
  remainingAmount: MoneySchema.nullable(),
  hasProof: z.boolean(),
  /** Paid and not yet confirmed: the page asks whether it arrived. */
  awaitingReceipt: z.boolean(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

export const WithdrawalPageSchema = z.object({ content: z.array(WithdrawalSchema), pageNum: z.number().int(), totalPages: z.number().int() });
export type WithdrawalPage = z.infer<typeof WithdrawalPageSchema>;

export const ConfirmReceiptSchema = z.discriminatedUnion('receipt', [
  z.object({ receipt: z.literal('received') }),
  z.object({ receipt: z.literal('partial'), receivedAmount: AmountInputSchema }),
  z.object({ receipt: z.literal('not_received') }),
]);
export type ConfirmReceipt = z.infer<typeof ConfirmReceiptSchema>;

/** Proof of receipt: a PNG or JPEG of at most 5 MB, sent as the raw request body. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;

export const PageQuerySchema = z.object({ pageNo: z.coerce.number().int().min(1).max(10_000).default(1), pageSize: z.coerce.number().int().min(1).max(50).default(10) });
