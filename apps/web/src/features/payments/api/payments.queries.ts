import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConfirmReceipt, Deposit, DepositStatus, Withdrawal, WithdrawalPage, WithdrawalStatus, WithdrawOptions } from '@app/contracts';
import { getToken } from '../../../shared/session-token.ts';
import { accountKeys } from '../../account/index.ts';
import { walletKeys } from '../../wallet/index.ts';
import {
  confirmReceiptRequest,
  createDepositRequest,
  createWithdrawalRequest,
  fetchDeposit,
  fetchDepositOptions,
  fetchDeposits,
  fetchWithdrawals,
  fetchWithdrawOptions,
  sandboxPayRequest,
  savePayoutAccountRequest,
  uploadProofRequest,
  type PageRequest,
} from './payments.api.ts';

/** Rows per page of the deposit and withdrawal lists. */
export const PAYMENTS_PAGE_SIZE = 10;

/** While a charge waits for the payer, it is re-read this often in case a /ws push was missed. */
export const DEPOSIT_POLL_MS = 3_000;

/** Withdrawals take minutes to hours: a slower re-read covers a missed push while one is in flight. */
export const WITHDRAWAL_POLL_MS = 10_000;

const WAITING_DEPOSIT: ReadonlySet<DepositStatus> = new Set(['pending', 'paid']);
const IN_FLIGHT_WITHDRAWAL: ReadonlySet<WithdrawalStatus> = new Set(['reviewing', 'approved', 'paying']);

/** Keyed by token like the wallet, so a new login never shows the previous member's payments. */
export const paymentsKeys = {
  all: ['payments'] as const,
  member: (token: string | null) => [...paymentsKeys.all, token] as const,
  depositOptions: (token: string | null) => [...paymentsKeys.member(token), 'deposit-options'] as const,
  deposits: (token: string | null) => [...paymentsKeys.member(token), 'deposits'] as const,
  depositLists: (token: string | null) => [...paymentsKeys.deposits(token), 'list'] as const,
  depositList: (token: string | null, page: PageRequest) => [...paymentsKeys.depositLists(token), page] as const,
  deposit: (token: string | null, id: string) => [...paymentsKeys.deposits(token), 'detail', id] as const,
  withdrawOptions: (token: string | null) => [...paymentsKeys.member(token), 'withdraw-options'] as const,
  withdrawals: (token: string | null) => [...paymentsKeys.member(token), 'withdrawals'] as const,
  withdrawalList: (token: string | null, page: PageRequest) => [...paymentsKeys.withdrawals(token), page] as const,
};

export function isWaitingDeposit(status: DepositStatus): boolean {
  return WAITING_DEPOSIT.has(status);
}

export function depositOptionsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: paymentsKeys.depositOptions(token),
    queryFn: ({ signal }) => fetchDepositOptions(signal),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

export function depositQueryOptions(token: string | null, id: string) {
  return queryOptions({
    queryKey: paymentsKeys.deposit(token, id),
    queryFn: ({ signal }) => fetchDeposit(id, signal),
    enabled: token !== null,
    // The fallback for a missed payments.deposit_changed push: stop once the charge is settled.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status !== undefined && isWaitingDeposit(status) ? DEPOSIT_POLL_MS : false;
    },
  });
}

export function depositsQueryOptions(token: string | null, page: PageRequest) {
  return queryOptions({
    queryKey: paymentsKeys.depositList(token, page),
    queryFn: ({ signal }) => fetchDeposits(page, signal),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

export function withdrawOptionsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: paymentsKeys.withdrawOptions(token),
    queryFn: ({ signal }) => fetchWithdrawOptions(signal),
    enabled: token !== null,
  });
}

export function withdrawalsQueryOptions(token: string | null, page: PageRequest) {
  return queryOptions({
    queryKey: paymentsKeys.withdrawalList(token, page),
    queryFn: ({ signal }) => fetchWithdrawals(page, signal),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.content.some((row) => IN_FLIGHT_WITHDRAWAL.has(row.status)) ? WITHDRAWAL_POLL_MS : false),
  });
}

/** The balance moved (a deposit credited, a withdrawal held or returned): header and wallet re-read it. */
export function refreshMoney(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: accountKeys.member() });
  void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  void queryClient.invalidateQueries({ queryKey: paymentsKeys.withdrawOptions(getToken()) });
}

/** Puts the server's newest copy of a withdrawal into every cached page that lists it. */
export function replaceWithdrawal(queryClient: QueryClient, withdrawal: Withdrawal): void {
  queryClient.setQueriesData<WithdrawalPage>({ queryKey: paymentsKeys.withdrawals(getToken()) }, (page) =>
    page ? { ...page, content: page.content.map((row) => (row.id === withdrawal.id ? withdrawal : row)) } : page,
  );
}

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDepositRequest,
    onSuccess: (deposit: Deposit) => {
      const token = getToken();
      queryClient.setQueryData(paymentsKeys.deposit(token, deposit.id), deposit);
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.depositLists(token) });
    },
  });
}

export function useSandboxPay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sandboxPayRequest,
    // The credit is asynchronous (webhook → ledger): read the charge now, the poll does the rest.
    onSuccess: (_result, id) => void queryClient.invalidateQueries({ queryKey: paymentsKeys.deposit(getToken(), id) }),
  });
}

export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutAccountRequest,
    onSuccess: (payoutAccount) => {
      const key = paymentsKeys.withdrawOptions(getToken());
      queryClient.setQueryData<WithdrawOptions>(key, (options) => (options ? { ...options, payoutAccount } : options));
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawalRequest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.withdrawals(getToken()) });
      refreshMoney(queryClient);
    },
  });
}

function useWithdrawalUpdate<TInput>(request: (input: TInput) => Promise<Withdrawal>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (withdrawal) => {
      replaceWithdrawal(queryClient, withdrawal);
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.withdrawals(getToken()) });
    },
  });
}

export function useConfirmReceipt() {
  return useWithdrawalUpdate(({ id, body }: { id: string; body: ConfirmReceipt }) => confirmReceiptRequest(id, body));
}

export function useUploadProof() {
  return useWithdrawalUpdate(({ id, file }: { id: string; file: File }) => uploadProofRequest(id, file));
}
