import {
  AgentAnnouncementListSchema,
  AgentTransferPageSchema,
  ConsolidatedFlagsSchema,
  DownlinePageSchema,
  DownlineSummarySchema,
  ProfitLossReportSchema,
  ReferralSchema,
  RegisterDownlineResponseSchema,
  TeamBetPageSchema,
  TeamOverviewSchema,
  TeamTransactionPageSchema,
  type AgentAnnouncementList,
  type AgentPeriod,
  type AgentTransferPage,
  type ConsolidatedFlags,
  type Downline,
  type DownlinePage,
  type DownlineSummary,
  type GameType,
  type JournalType,
  type ProfitLossReport,
  type Referral,
  type RegisterDownline,
  type TeamBetPage,
  type TeamOverview,
  type TeamTransactionPage,
} from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';

/** A report period as the server reads it: a preset, or `custom` with both days (inclusive). */
export interface PeriodSelection {
  period: AgentPeriod;
  from?: string;
  to?: string;
}

export interface DownlineFilters {
  search: string;
  directOnly: boolean;
  pageNo: number;
  pageSize: number;
}

export interface TeamBetFilters {
  period: PeriodSelection;
  /** Empty: every account in the team. */
  account: string;
  gameType: GameType | undefined;
  pageNo: number;
  pageSize: number;
  /** The catalogue language games are named in. */
  language: 'pt' | 'en';
}

export interface ProfitLossFilters {
  period: PeriodSelection;
  groupBy: 'member' | 'day';
  /** Empty: the agent's own tree; otherwise the downline whose team is drilled into. */
  account: string;
}

export interface TeamTransactionFilters {
  period: PeriodSelection;
  account: string;
  type: JournalType | undefined;
  pageNo: number;
  pageSize: number;
  /** The catalogue language games are named in. */
  language: 'pt' | 'en';
}

export interface AgentTransferFilters {
  period: PeriodSelection;
  pageNo: number;
  pageSize: number;
}

/** `period=…` and, for a custom period only, `from` and `to`. */
function periodParams(selection: PeriodSelection, params = new URLSearchParams()): URLSearchParams {
  params.set('period', selection.period);
  if (selection.period === 'custom') {
    if (selection.from) params.set('from', selection.from);
    if (selection.to) params.set('to', selection.to);
  }
  return params;
}

/** Filters left empty are left out: the server reads their absence as "all". */
function setIfPresent(params: URLSearchParams, name: string, value: string | undefined): void {
  const trimmed = value?.trim();
  if (trimmed) params.set(name, trimmed);
}

export function fetchTeamOverview(period: PeriodSelection, signal?: AbortSignal): Promise<TeamOverview> {
  return apiRequest(`/api/agent/overview?${periodParams(period).toString()}`, { schema: TeamOverviewSchema, signal });
}

export function downlinesPath(filters: DownlineFilters): string {
  const params = new URLSearchParams();
  setIfPresent(params, 'search', filters.search);
  params.set('directOnly', String(filters.directOnly));
  params.set('pageNo', String(filters.pageNo));
  params.set('pageSize', String(filters.pageSize));
  return `/api/agent/downlines?${params.toString()}`;
}

export function fetchDownlines(filters: DownlineFilters, signal?: AbortSignal): Promise<DownlinePage> {
  return apiRequest(downlinesPath(filters), { schema: DownlinePageSchema, signal });
}

export function fetchDownlineSummary(account: string, period: PeriodSelection, signal?: AbortSignal): Promise<DownlineSummary> {
  return apiRequest(`/api/agent/downlines/${encodeURIComponent(account)}?${periodParams(period).toString()}`, { schema: DownlineSummarySchema, signal });
}

/** Answers `{ downline }` like registration, so both read the same schema. */
export async function setDownlineTypeRequest(account: string, type: number): Promise<Downline> {
  const response = await apiRequest(`/api/agent/downlines/${encodeURIComponent(account)}/type`, { method: 'PUT', body: { type }, schema: RegisterDownlineResponseSchema });
  return response.downline;
}

export async function registerDownlineRequest(body: RegisterDownline): Promise<Downline> {
  const response = await apiRequest('/api/agent/downlines', { method: 'POST', body, schema: RegisterDownlineResponseSchema });
  return response.downline;
}

export function fetchReferral(signal?: AbortSignal): Promise<Referral> {
  return apiRequest('/api/agent/referral', { schema: ReferralSchema, signal });
}

export function teamBetsPath(filters: TeamBetFilters): string {
  const params = periodParams(filters.period);
  setIfPresent(params, 'account', filters.account);
  if (filters.gameType) params.set('gameType', filters.gameType);
  params.set('pageNo', String(filters.pageNo));
  params.set('pageSize', String(filters.pageSize));
  params.set('language', filters.language);
  return `/api/agent/bets?${params.toString()}`;
}

export function fetchTeamBets(filters: TeamBetFilters, signal?: AbortSignal): Promise<TeamBetPage> {
  return apiRequest(teamBetsPath(filters), { schema: TeamBetPageSchema, signal });
}

export function profitLossPath(filters: ProfitLossFilters): string {
  const params = periodParams(filters.period);
  params.set('groupBy', filters.groupBy);
  setIfPresent(params, 'account', filters.account);
  return `/api/agent/profit-loss?${params.toString()}`;
}

export function fetchProfitLoss(filters: ProfitLossFilters, signal?: AbortSignal): Promise<ProfitLossReport> {
  return apiRequest(profitLossPath(filters), { schema: ProfitLossReportSchema, signal });
}

export function teamTransactionsPath(filters: TeamTransactionFilters): string {
  const params = periodParams(filters.period);
  setIfPresent(params, 'account', filters.account);
  if (filters.type) params.set('type', filters.type);
  params.set('pageNo', String(filters.pageNo));
  params.set('pageSize', String(filters.pageSize));
  params.set('language', filters.language);
  return `/api/agent/transactions?${params.toString()}`;
}

export function fetchTeamTransactions(filters: TeamTransactionFilters, signal?: AbortSignal): Promise<TeamTransactionPage> {
  return apiRequest(teamTransactionsPath(filters), { schema: TeamTransactionPageSchema, signal });
}

export function agentTransfersPath(filters: AgentTransferFilters): string {
  const params = periodParams(filters.period);
  params.set('pageNo', String(filters.pageNo));
  params.set('pageSize', String(filters.pageSize));
  return `/api/agent/transfers?${params.toString()}`;
}

export function fetchAgentTransfers(filters: AgentTransferFilters, signal?: AbortSignal): Promise<AgentTransferPage> {
  return apiRequest(agentTransfersPath(filters), { schema: AgentTransferPageSchema, signal });
}

export function fetchAgentAnnouncements(signal?: AbortSignal): Promise<AgentAnnouncementList> {
  return apiRequest('/api/agent/announcements', { schema: AgentAnnouncementListSchema, signal });
}

export function fetchContractFlags(signal?: AbortSignal): Promise<ConsolidatedFlags> {
  return apiRequest('/api/agent/contracts/flags', { schema: ConsolidatedFlagsSchema, signal });
}
