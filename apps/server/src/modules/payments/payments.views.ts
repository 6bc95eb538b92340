import type { Deposit, Withdrawal } from '@app/contracts';
import { formatCents } from '@app/kernel';
import type { DepositRow } from './deposit.service.ts';
import type { WithdrawalRow } from './withdrawal.service.ts';

/** Database rows as the member sees them on the wire. */
export function depositSummaryView(row: DepositRow): Omit<Deposit, 'brCode' | 'qrCode'> {
  return {
    id: row.id.toString(),
    amount: formatCents(row.amount),
    status: row.status,
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    creditedAt: row.credited_at?.toISOString() ?? null,
    reason: row.status === 'held' || row.status === 'refunded' ? row.hold_reason : null,
  };
}

export function depositView(row: DepositRow, qrCode: string | null): Deposit {
  return { ...depositSummaryView(row), brCode: row.br_code, qrCode };
}

export function withdrawalView(row: WithdrawalRow): Withdrawal {
  const partial = row.receipt === 'partial' && row.received_amount !== null;
  return {
    id: row.id.toString(),
    amount: formatCents(row.amount),
    status: row.status,
    destination: row.destination_display,
    requestedAt: row.requested_at.toISOString(),
    paidAt: row.paid_at?.toISOString() ?? null,
    minutesToPay: row.paid_at ? Math.round((row.paid_at.getTime() - row.requested_at.getTime()) / 60_000) : null,
    rejectReason: row.reject_reason ?? row.failure_reason,
    receipt: row.receipt,
    receivedAmount: row.received_amount === null ? null : formatCents(row.received_amount),
    remainingAmount: partial ? formatCents(row.amount - row.received_amount!) : null,
    hasProof: row.proof_type !== null,
    awaitingReceipt: row.status === 'paid' && row.receipt === null,
  };
}

export const totalPages = (total: number, pageSize: number) => Math.ceil(total / pageSize);
