import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminBonusGrantListSchema,
  AdjustmentPageSchema,
  AdjustmentSchema,
  MemberBalancesSchema,
  MemberBetsPageSchema,
  MemberDetailSchema,
  MemberLedgerPageSchema,
  MemberNoteSchema,
  MemberPasswordResetResultSchema,
  MemberSearchPageSchema,
  MemberStatusResultSchema,
  OperatorDepositPageSchema,
  OperatorWithdrawalPageSchema,
  type AdjustmentStatus,
  type BonusGrantStatus,
  type JournalType,
} from '@app/contracts';
import { api, queryString } from '../../shared/api.ts';

export const SEARCH_PAGE_SIZE = 20;
export const LIST_PAGE_SIZE = 20;

const key = (...parts: unknown[]) => ['backoffice', 'members', ...parts];

export function useMemberSearch(q: string, pageNo: number) {
  return useQuery({
    queryKey: key('search', q, pageNo),
    queryFn: ({ signal }) => api('GET', `/api/backoffice/members${queryString({ q, pageNo, pageSize: SEARCH_PAGE_SIZE })}`, { schema: MemberSearchPageSchema, signal }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

export function useMember(id: string) {
  return useQuery({ queryKey: key(id), queryFn: ({ signal }) => api('GET', `/api/backoffice/members/${encodeURIComponent(id)}`, { schema: MemberDetailSchema, signal }) });
}

export function useMemberBalances(id: string, enabled: boolean) {
  return useQuery({ queryKey: key(id, 'balances'), queryFn: ({ signal }) => api('GET', `/api/backoffice/members/${id}/balances`, { schema: MemberBalancesSchema, signal }), enabled });
}

export function useMemberLedger(id: string, filters: { type: JournalType | ''; pageNo: number }, enabled: boolean) {
  return useQuery({
    queryKey: key(id, 'ledger', filters),
    queryFn: ({ signal }) => api('GET', `/api/backoffice/members/${id}/ledger${queryString({ ...filters, pageSize: LIST_PAGE_SIZE })}`, { schema: MemberLedgerPageSchema, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useMemberBets(id: string, pageNo: number, enabled: boolean) {
  return useQuery({
    queryKey: key(id, 'bets', pageNo),
    queryFn: ({ signal }) => api('GET', `/api/backoffice/members/${id}/bets${queryString({ pageNo, pageSize: LIST_PAGE_SIZE })}`, { schema: MemberBetsPageSchema, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The payments module's queues, filtered to the member's account (payments.read). */
export function useMemberDeposits(account: string, pageNo: number) {
  return useQuery({
    queryKey: key(account, 'deposits', pageNo),
    queryFn: ({ signal }) => api('GET', `/api/backoffice/payments/deposits${queryString({ member: account, pageNo, pageSize: LIST_PAGE_SIZE })}`, { schema: OperatorDepositPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMemberWithdrawals(account: string, pageNo: number) {
  return useQuery({
    queryKey: key(account, 'withdrawals', pageNo),
    queryFn: ({ signal }) => api('GET', `/api/backoffice/payments/withdrawals${queryString({ member: account, pageNo, pageSize: LIST_PAGE_SIZE })}`, { schema: OperatorWithdrawalPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Lock, unlock, temporary password, note: each answer is followed by a fresh member page. */
export function useMemberActions(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: key(id) });
  return {
    status: useMutation({
      mutationFn: (change: { to: 'lock' | 'unlock'; reason: string }) => api('POST', `/api/backoffice/members/${id}/${change.to}`, { body: { reason: change.reason }, schema: MemberStatusResultSchema }),
      onSettled: refresh,
    }),
    resetPassword: useMutation({
      mutationFn: () => api('POST', `/api/backoffice/members/${id}/password-reset`, { schema: MemberPasswordResetResultSchema }),
      onSettled: refresh,
    }),
    addNote: useMutation({
      mutationFn: (body: string) => api('POST', `/api/backoffice/members/${id}/notes`, { body: { body }, schema: MemberNoteSchema }),
      onSettled: refresh,
    }),
  };
}

export function useAdjustments(filters: { status: AdjustmentStatus | ''; memberId?: string; pageNo: number }, enabled = true) {
  return useQuery({
    queryKey: ['backoffice', 'adjustments', filters],
    queryFn: ({ signal }) => api('GET', `/api/backoffice/balance-adjustments${queryString({ ...filters, pageSize: LIST_PAGE_SIZE })}`, { schema: AdjustmentPageSchema, signal }),
    enabled,
    placeholderData: keepPreviousData,
    // Requests arrive from other operators: keep the checker's queue current.
    refetchInterval: 30_000,
  });
}

/**
 * Asks for an adjustment. The Idempotency-Key is made once per form (the caller keeps it), so a
 * double click or a retry after a lost answer records one request.
 */
export function useRequestAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: { memberId: string; amountCents: string; reason: string; idempotencyKey: string }) =>
      api('POST', '/api/backoffice/balance-adjustments', { body, schema: AdjustmentSchema, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['backoffice', 'adjustments'] }),
  });
}

export function useAdjustmentDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { id: string; kind: 'approve' | 'reject'; note?: string }) =>
      api('POST', `/api/backoffice/balance-adjustments/${decision.id}/${decision.kind}`, { ...(decision.kind === 'reject' ? { body: { note: decision.note } } : {}), schema: AdjustmentSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['backoffice'] }),
  });
}

/** Bonus grants with their wagering (the bonus module's list, members.wallet.read). */
export function useBonusGrants(filters: { account: string; status: BonusGrantStatus | ''; pageNo: number }) {
  return useQuery({
    queryKey: key('bonus-grants', filters),
    queryFn: ({ signal }) =>
      api('GET', `/api/backoffice/bonus/grants${queryString({ account: filters.account || undefined, status: filters.status || undefined, page: filters.pageNo })}`, { schema: AdminBonusGrantListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}
