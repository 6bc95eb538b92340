import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegisterDownline } from '@app/contracts';
import { memberQueryOptions } from '../../../shared/member-query.ts';
import { useSessionToken } from '../../../shared/session-token.ts';
import {
  fetchAgentAnnouncements,
  fetchContractFlags,
  fetchDownlines,
  fetchDownlineSummary,
  fetchProfitLoss,
  fetchReferral,
  fetchTeamBets,
  fetchTeamOverview,
  fetchTeamTransactions,
  fetchAgentTransfers,
  type AgentTransferFilters,
  registerDownlineRequest,
  setDownlineTypeRequest,
  type DownlineFilters,
  type PeriodSelection,
  type ProfitLossFilters,
  type TeamBetFilters,
  type TeamTransactionFilters,
} from './agent.api.ts';

/** Keyed by token, like the wallet, so a new login never shows the previous agent's team. */
export const agentKeys = {
  all: ['agent'] as const,
  member: (token: string | null) => [...agentKeys.all, token] as const,
  overviews: (token: string | null) => [...agentKeys.member(token), 'overview'] as const,
  overview: (token: string | null, period: PeriodSelection) => [...agentKeys.overviews(token), period] as const,
  downlineLists: (token: string | null) => [...agentKeys.member(token), 'downlines'] as const,
  downlineList: (token: string | null, filters: DownlineFilters) => [...agentKeys.downlineLists(token), filters] as const,
  downlineDetails: (token: string | null) => [...agentKeys.member(token), 'downline'] as const,
  downlineDetail: (token: string | null, account: string, period: PeriodSelection) => [...agentKeys.downlineDetails(token), account, period] as const,
  referral: (token: string | null) => [...agentKeys.member(token), 'referral'] as const,
  bets: (token: string | null, filters: TeamBetFilters) => [...agentKeys.member(token), 'bets', filters] as const,
  profitLoss: (token: string | null, filters: ProfitLossFilters) => [...agentKeys.member(token), 'profit-loss', filters] as const,
  transactions: (token: string | null, filters: TeamTransactionFilters) => [...agentKeys.member(token), 'transactions', filters] as const,
  transferLists: (token: string | null) => [...agentKeys.member(token), 'transfers'] as const,
  transfers: (token: string | null, filters: AgentTransferFilters) => [...agentKeys.transferLists(token), filters] as const,
  announcements: (token: string | null) => [...agentKeys.member(token), 'announcements'] as const,
  flags: (token: string | null) => [...agentKeys.member(token), 'contract-flags'] as const,
};

/** `enabled` false while a custom period is incomplete or invalid: nothing is asked then. */
export function teamOverviewQueryOptions(token: string | null, period: PeriodSelection | null) {
  const selection = period ?? { period: 'today' };
  // A new period keeps the old figures on screen, dimmed, until the new ones arrive.
  return memberQueryOptions({ token, queryKey: agentKeys.overview(token, selection), fetch: (signal) => fetchTeamOverview(selection, signal), enabled: period !== null, keepPrevious: true });
}

export function downlinesQueryOptions(token: string | null, filters: DownlineFilters) {
  return memberQueryOptions({ token, queryKey: agentKeys.downlineList(token, filters), fetch: (signal) => fetchDownlines(filters, signal), keepPrevious: true });
}

export function downlineSummaryQueryOptions(token: string | null, account: string, period: PeriodSelection | null) {
  const selection = period ?? { period: 'today' };
  const queryKey = agentKeys.downlineDetail(token, account, selection);
  return memberQueryOptions({ token, queryKey, fetch: (signal) => fetchDownlineSummary(account, selection, signal), enabled: period !== null, keepPrevious: true });
}

export function referralQueryOptions(token: string | null) {
  // The code is made once and never changes.
  return memberQueryOptions({ token, queryKey: agentKeys.referral(token), fetch: fetchReferral, staleTime: Infinity });
}

export function teamBetsQueryOptions(token: string | null, filters: TeamBetFilters, enabled = true) {
  return memberQueryOptions({ token, queryKey: agentKeys.bets(token, filters), fetch: (signal) => fetchTeamBets(filters, signal), enabled, keepPrevious: true });
}

export function profitLossQueryOptions(token: string | null, filters: ProfitLossFilters, enabled = true) {
  return memberQueryOptions({ token, queryKey: agentKeys.profitLoss(token, filters), fetch: (signal) => fetchProfitLoss(filters, signal), enabled, keepPrevious: true });
}

export function teamTransactionsQueryOptions(token: string | null, filters: TeamTransactionFilters, enabled = true) {
  const queryKey = agentKeys.transactions(token, filters);
  return memberQueryOptions({ token, queryKey, fetch: (signal) => fetchTeamTransactions(filters, signal), enabled, keepPrevious: true });
}

export function agentTransfersQueryOptions(token: string | null, filters: AgentTransferFilters, enabled = true) {
  return memberQueryOptions({ token, queryKey: agentKeys.transfers(token, filters), fetch: (signal) => fetchAgentTransfers(filters, signal), enabled, keepPrevious: true });
}

export function agentAnnouncementsQueryOptions(token: string | null) {
  return memberQueryOptions({ token, queryKey: agentKeys.announcements(token), fetch: fetchAgentAnnouncements, staleTime: 60_000 });
}

export function contractFlagsQueryOptions(token: string | null) {
  // Operator settings: they change rarely, and the menu must not flicker on every visit.
  return memberQueryOptions({ token, queryKey: agentKeys.flags(token), fetch: fetchContractFlags, staleTime: 5 * 60_000 });
}

/** Spec §2/§3: which contract pages the agent menu shows. */
export function useContractFlags() {
  const token = useSessionToken();
  return useQuery(contractFlagsQueryOptions(token));
}

/** registerCenter: a new account joins the team, so the lists and the overview's counts are re-read. */
export function useRegisterDownline() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: (body: RegisterDownline) => registerDownlineRequest(body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: agentKeys.downlineLists(token) });
      void queryClient.invalidateQueries({ queryKey: agentKeys.overviews(token) });
    },
  });
}

/** Team management: a direct downline's new type shows in the list and in its summary. */
export function useSetDownlineType() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: ({ account, type }: { account: string; type: number }) => setDownlineTypeRequest(account, type),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: agentKeys.downlineLists(token) });
      void queryClient.invalidateQueries({ queryKey: agentKeys.downlineDetails(token) });
    },
  });
}
