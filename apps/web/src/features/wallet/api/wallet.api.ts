import {
  AgentTransferResponseSchema,
  ProfitReportSchema,
  TransactionPageSchema,
  UplineSchema,
  VendorWalletsSchema,
  WalletBalanceSchema,
  type AgentTransferRequest,
  type AgentTransferResponse,
  type JournalType,
  type ProfitQuery,
  type ProfitReport,
  type TransactionPage,
  type Upline,
  type VendorWallets,
  type WalletBalance,
} from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';

/** The account record's filters as the page holds them; `type` undefined means every type. */
export interface TransactionFilters {
  type: JournalType | undefined;
  from: string;
  to: string;
  pageNo: number;
  pageSize: number;
}

export function fetchWalletBalance(signal?: AbortSignal): Promise<WalletBalance> {
  return apiRequest('/api/wallet/balance', { schema: WalletBalanceSchema, signal });
}

export function fetchVendorWallets(signal?: AbortSignal): Promise<VendorWallets> {
  return apiRequest('/api/wallet/vendors', { schema: VendorWalletsSchema, signal });
}

/** The query string of the account record; "all types" is the absence of `type`. */
export function transactionsPath(filters: TransactionFilters): string {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  params.set('from', filters.from);
  params.set('to', filters.to);
  params.set('pageNo', String(filters.pageNo));
  params.set('pageSize', String(filters.pageSize));
  return `/api/wallet/transactions?${params.toString()}`;
}

export function fetchTransactions(filters: TransactionFilters, signal?: AbortSignal): Promise<TransactionPage> {
  return apiRequest(transactionsPath(filters), { schema: TransactionPageSchema, signal });
}

export function fetchProfit(query: ProfitQuery, signal?: AbortSignal): Promise<ProfitReport> {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  return apiRequest(`/api/wallet/profit?${params.toString()}`, { schema: ProfitReportSchema, signal });
}

export function fetchUpline(signal?: AbortSignal): Promise<Upline> {
  return apiRequest('/api/wallet/upline', { schema: UplineSchema, signal });
}

export function agentTransferRequest(body: AgentTransferRequest): Promise<AgentTransferResponse> {
  return apiRequest('/api/wallet/agent-transfer', { method: 'POST', body, schema: AgentTransferResponseSchema });
}
