import { z } from 'zod';
import { DepositStatusSchema, WithdrawalStatusSchema } from '../payments.ts';
import { MoneySchema } from '../wallet.ts';

/** A row of GET /api/backoffice/payments/deposits. */
export const OperatorDepositSchema = z.object({
  id: z.string(),
  member: z.string(),
  amount: MoneySchema,
  status: DepositStatusSchema,
  txid: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  paidLate: z.boolean(),
  /** Null until paid; false puts the deposit on hold for an operator (credit or refund). */
  payerCpfMatches: z.boolean().nullable(),
  /** What the provider reported as paid; null until paid. */
  paidAmount: MoneySchema.nullable().optional(),
  /** Why it is (or was) held: another CPF paid it, or the paid amount differs from the charge. */
  holdReason: z.enum(['other_payer', 'amount_mismatch']).nullable().optional(),
  creditedAt: z.string().nullable(),
});
export type OperatorDeposit = z.infer<typeof OperatorDepositSchema>;

/** A row of GET /api/backoffice/payments/withdrawals. */
export const OperatorWithdrawalSchema = z.object({
  id: z.string(),
  member: z.string(),
  amount: MoneySchema,
  status: WithdrawalStatusSchema,
  destination: z.string(),
  requestedAt: z.string(),
  paidAt: z.string().nullable(),
  minutesToPay: z.number().int().nullable(),
  autoApproved: z.boolean(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
});
export type OperatorWithdrawal = z.infer<typeof OperatorWithdrawalSchema>;

/** A webhook from the PSP as received (GET /api/backoffice/payments/events). */
export const PaymentEventSchema = z.object({ id: z.string(), eventId: z.string(), type: z.string(), reference: z.string().nullable(), outcome: z.string(), receivedAt: z.string(), payload: z.unknown() });
export type PaymentEvent = z.infer<typeof PaymentEventSchema>;

export const OperatorDepositPageSchema = z.object({ content: z.array(OperatorDepositSchema), total: z.number().int() });
export const OperatorWithdrawalPageSchema = z.object({ content: z.array(OperatorWithdrawalSchema), total: z.number().int() });
export const PaymentEventListSchema = z.object({ content: z.array(PaymentEventSchema) });

/** Reject a withdrawal, or credit/refund a held deposit: the reason is kept in the audit log. */
export const PaymentDecisionReasonSchema = z.object({ reason: z.string().trim().min(1, { message: 'payments.reason_required' }).max(500) });
