import { hashKey, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProfitQuery, WalletBalance } from '@app/contracts';
import { memberQueryOptions } from '../../../shared/member-query.ts';
import { getToken } from '../../../shared/session-token.ts';
import { accountKeys, type MemberInfo } from '../../account/index.ts';
import {
  agentTransferRequest,
  fetchProfit,
  fetchTransactions,
  fetchUpline,
  fetchVendorWallets,
  fetchWalletBalance,
  type TransactionFilters,
} from './wallet.api.ts';

/** Keyed by token, like member info, so a new login never shows the previous member's money. */
export const walletKeys = {
  all: ['wallet'] as const,
  member: (token: string | null) => [...walletKeys.all, token] as const,
  balance: (token: string | null) => [...walletKeys.member(token), 'balance'] as const,
  vendors: (token: string | null) => [...walletKeys.member(token), 'vendors'] as const,
  transactions: (token: string | null, filters: TransactionFilters) => [...walletKeys.member(token), 'transactions', filters] as const,
  profit: (token: string | null, query: ProfitQuery) => [...walletKeys.member(token), 'profit', query] as const,
  upline: (token: string | null) => [...walletKeys.member(token), 'upline'] as const,
};

export function walletBalanceQueryOptions(token: string | null) {
  return memberQueryOptions({ token, queryKey: walletKeys.balance(token), fetch: fetchWalletBalance });
}

export function vendorWalletsQueryOptions(token: string | null) {
  return memberQueryOptions({ token, queryKey: walletKeys.vendors(token), fetch: fetchVendorWallets });
}

export function transactionsQueryOptions(token: string | null, filters: TransactionFilters, enabled = true) {
  return memberQueryOptions({ token, queryKey: walletKeys.transactions(token, filters), fetch: (signal) => fetchTransactions(filters, signal), enabled, keepPrevious: true });
}

export function profitQueryOptions(token: string | null, query: ProfitQuery, enabled = true) {
  return memberQueryOptions({ token, queryKey: walletKeys.profit(token, query), fetch: (signal) => fetchProfit(query, signal), enabled, keepPrevious: true });
}

export function uplineQueryOptions(token: string | null) {
  return memberQueryOptions({ token, queryKey: walletKeys.upline(token), fetch: fetchUpline, staleTime: 5 * 60_000 });
}

/**
 * A new cash (and bonus) balance the server announced: the header and the wallet page show it
 * at once, then every wallet view is re-read (a history or profit page may have a new line).
 */
export function applyBalanceChange(queryClient: QueryClient, change: { cash: string; bonus?: string }): void {
  const token = getToken();
  // A read of member info or the balance still in flight may have started before this change
  // committed; landing after the push it would put the older balance back until the next change
  // (seen: the header kept a resettled ticket's reversed win). Such reads are dropped first —
  // the cancellation restores the cached state at once — and the pushed balance is written over it.
  const balanceKeys = [accountKeys.memberInfo(token), walletKeys.balance(token)].map(hashKey);
  void queryClient.cancelQueries({ predicate: (query) => query.state.data !== undefined && balanceKeys.includes(query.queryHash) });
  queryClient.setQueryData<MemberInfo>(accountKeys.memberInfo(token), (member) => (member ? { ...member, balance: change.cash } : member));
  queryClient.setQueryData<WalletBalance>(walletKeys.balance(token), (balance) =>
    balance ? { ...balance, cash: change.cash, bonus: change.bonus ?? balance.bonus } : balance,
  );
  // Who the upline is does not change with money; everything else may have a new line.
  void queryClient.invalidateQueries({ queryKey: walletKeys.all, predicate: (query) => query.queryKey[2] !== 'upline' });
}

export function useAgentTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: agentTransferRequest,
    onSuccess: (response) => applyBalanceChange(queryClient, { cash: response.balance }),
  });
}
