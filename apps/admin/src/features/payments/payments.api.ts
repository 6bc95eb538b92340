import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OperatorDepositPageSchema, OperatorWithdrawalPageSchema, PaymentEventListSchema, type DepositStatus, type WithdrawalStatus } from '@app/contracts';
import { api, queryString } from '../../shared/api.ts';

export const PAGE_SIZE = 20;

export function useWithdrawals(filters: { status: WithdrawalStatus | ''; member: string; pageNo: number }) {
  return useQuery({
    queryKey: ['backoffice', 'withdrawals', filters],
    queryFn: ({ signal }) => api('GET', `/api/backoffice/payments/withdrawals${queryString({ ...filters, pageSize: PAGE_SIZE })}`, { schema: OperatorWithdrawalPageSchema, signal }),
    // The queue moves on its own (new requests, payouts settling): keep it current.
    refetchInterval: 15_000,
  });
}

export function useDeposits(filters: { status: DepositStatus | ''; member: string; pageNo: number }) {
  return useQuery({
    queryKey: ['backoffice', 'deposits', filters],
    queryFn: ({ signal }) => api('GET', `/api/backoffice/payments/deposits${queryString({ ...filters, pageSize: PAGE_SIZE })}`, { schema: OperatorDepositPageSchema, signal }),
    refetchInterval: 15_000,
  });
}

export function usePaymentEvents(reference: string) {
  return useQuery({
    queryKey: ['backoffice', 'payment-events', reference],
    queryFn: ({ signal }) => api('GET', `/api/backoffice/payments/events${queryString({ reference, pageSize: 100 })}`, { schema: PaymentEventListSchema, signal }),
  });
}

/** Approve or reject a withdrawal; the queue is read again either way (another operator may have decided first). */
export function useWithdrawalDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { id: string; kind: 'approve' | 'reject'; reason?: string }) =>
      api('POST', `/api/backoffice/payments/withdrawals/${decision.id}/${decision.kind}`, decision.kind === 'reject' ? { body: { reason: decision.reason } } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['backoffice', 'withdrawals'] }),
  });
}

/** Credit or refund a deposit held because another CPF paid it. */
export function useHeldDepositDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { id: string; kind: 'credit' | 'refund'; note: string }) => api('POST', `/api/backoffice/payments/deposits/${decision.id}/${decision.kind}`, { body: { note: decision.note } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['backoffice', 'deposits'] }),
  });
}
