import {
  AgentNoticeListSchema,
  ContractOverviewSchema,
  ContractSchema,
  PendingContractsSchema,
  RevenueReportSchema,
  SettlementPageSchema,
  type AgentNoticeList,
  type Contract,
  type ContractDecision,
  type ContractKind,
  type ContractOffer,
  type ContractOverview,
  type PendingContracts,
  type RevenueReport,
  type SettlementPage,
  type SettlementQuery,
} from '@app/contracts';
import { apiRequest, type Parser } from '../../../../shared/api-client.ts';
import type { PeriodSelection } from '../../api/agent.api.ts';

/** The offer and decision routes answer { contract }. */
const ContractResponseParser: Parser<{ contract: Contract }> = {
  parse: (data) => ({ contract: ContractSchema.parse((data as { contract?: unknown } | null)?.contract) }),
};

/** A report's period as the query string carries it; custom days only with `custom`. */
function periodParams(query: PeriodSelection): URLSearchParams {
  const params = new URLSearchParams({ period: query.period });
  if (query.period === 'custom') {
    if (query.from) params.set('from', query.from);
    if (query.to) params.set('to', query.to);
  }
  return params;
}

export function fetchContractOverview(kind: ContractKind, signal?: AbortSignal): Promise<ContractOverview> {
  return apiRequest(`/api/agent/contracts?kind=${kind}`, { schema: ContractOverviewSchema, signal });
}

export function fetchPendingContracts(signal?: AbortSignal): Promise<PendingContracts> {
  return apiRequest('/api/agent/contracts/pending', { schema: PendingContractsSchema, signal });
}

export function offerContractRequest(offer: ContractOffer): Promise<{ contract: Contract }> {
  return apiRequest('/api/agent/contracts/offers', { method: 'POST', body: offer, schema: ContractResponseParser });
}

export function decideContractRequest(id: string, decision: ContractDecision['decision']): Promise<{ contract: Contract }> {
  return apiRequest(`/api/agent/contracts/${encodeURIComponent(id)}/decision`, { method: 'POST', body: { decision }, schema: ContractResponseParser });
}

export type SettlementFilters = Pick<SettlementQuery, 'kind' | 'side' | 'pageNo'> & PeriodSelection;

export function fetchSettlements(filters: SettlementFilters, signal?: AbortSignal): Promise<SettlementPage> {
  const params = periodParams(filters);
  params.set('kind', filters.kind);
  params.set('side', filters.side);
  params.set('pageNo', String(filters.pageNo));
  return apiRequest(`/api/agent/settlements?${params.toString()}`, { schema: SettlementPageSchema, signal });
}

export function fetchRevenue(query: PeriodSelection, signal?: AbortSignal): Promise<RevenueReport> {
  return apiRequest(`/api/agent/revenue?${periodParams(query).toString()}`, { schema: RevenueReportSchema, signal });
}

/** Notices about the agent's contracts of one kind changed without its doing (who pays from then on). */
export function fetchContractNotices(kind: ContractKind, signal?: AbortSignal): Promise<AgentNoticeList> {
  return apiRequest(`/api/agent/contracts/notices?kind=${kind}`, { schema: AgentNoticeListSchema, signal });
}

export function markContractNoticesRead(kind: ContractKind): Promise<unknown> {
  return apiRequest('/api/agent/contracts/notices/read', { method: 'POST', body: { kind } });
}
