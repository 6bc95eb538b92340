import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONTRACT_FLAG, CONTRACT_KINDS, type ConsolidatedFlags, type ContractDecision, type ContractKind } from '@app/contracts';
import { memberQueryOptions } from '../../../../shared/member-query.ts';
import { getToken } from '../../../../shared/session-token.ts';
import type { PeriodSelection } from '../../api/agent.api.ts';
import {
  decideContractRequest,
  fetchContractNotices,
  fetchContractOverview,
  fetchPendingContracts,
  fetchRevenue,
  fetchSettlements,
  markContractNoticesRead,
  offerContractRequest,
  type SettlementFilters,
} from './contracts.api.ts';

/**
 * Keyed by token like the wallet's, so a new login never shows the previous member's contracts.
 * The consolidated flags are the agent centre's (agent.queries.ts contractFlagsQueryOptions): the
 * menu and these pages share one answer.
 */
export const contractKeys = {
  all: ['agent-contracts'] as const,
  member: (token: string | null) => [...contractKeys.all, token] as const,
  overview: (token: string | null, kind: ContractKind) => [...contractKeys.member(token), 'overview', kind] as const,
  pending: (token: string | null) => [...contractKeys.member(token), 'pending'] as const,
  settlements: (token: string | null, filters: SettlementFilters) => [...contractKeys.member(token), 'settlements', filters] as const,
  revenue: (token: string | null, query: PeriodSelection) => [...contractKeys.member(token), 'revenue', query] as const,
  notices: (token: string | null, kind: ContractKind) => [...contractKeys.member(token), 'notices', kind] as const,
};

export function contractNoticesQueryOptions(token: string | null, kind: ContractKind) {
  // Written by other people's actions (an operator, an upline): look again on every visit.
  return memberQueryOptions({ token, queryKey: contractKeys.notices(token, kind), fetch: (signal) => fetchContractNotices(kind, signal), staleTime: 0, refetchOnWindowFocus: true });
}

export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markContractNoticesRead,
    onSettled: (_data, _error, kind) => queryClient.invalidateQueries({ queryKey: contractKeys.notices(getToken(), kind) }),
  });
}

export function contractOverviewQueryOptions(token: string | null, kind: ContractKind, enabled = true) {
  return memberQueryOptions({ token, queryKey: contractKeys.overview(token, kind), fetch: (signal) => fetchContractOverview(kind, signal), enabled });
}

export function pendingContractsQueryOptions(token: string | null, enabled = true) {
  // An offer can arrive at any time: look again whenever the member comes back to the tab.
  return memberQueryOptions({ token, queryKey: contractKeys.pending(token), fetch: fetchPendingContracts, enabled, staleTime: 0, refetchOnWindowFocus: true });
}

export function settlementsQueryOptions(token: string | null, filters: SettlementFilters, enabled = true) {
  return memberQueryOptions({ token, queryKey: contractKeys.settlements(token, filters), fetch: (signal) => fetchSettlements(filters, signal), enabled, keepPrevious: true });
}

export function revenueQueryOptions(token: string | null, query: PeriodSelection, enabled = true) {
  return memberQueryOptions({ token, queryKey: contractKeys.revenue(token, query), fetch: (signal) => fetchRevenue(query, signal), enabled, keepPrevious: true });
}

/** The kinds the operator runs, in the product's order (spec §3 consolidated flags). */
export function enabledKinds(flags: ConsolidatedFlags): ContractKind[] {
  return CONTRACT_KINDS.filter((kind) => flags[CONTRACT_FLAG[kind]]);
}

export function useOfferContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: offerContractRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractKeys.member(getToken()) }),
  });
}

export function useDecideContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ContractDecision['decision'] }) => decideContractRequest(id, decision),
    // Settled, not only succeeded: "already answered" (agents.contract_not_pending) means the list is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: contractKeys.member(getToken()) }),
  });
}
