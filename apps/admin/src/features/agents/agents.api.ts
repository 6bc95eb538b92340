import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AgentTreePageSchema,
  GrantedContractSchema,
  OperatorContractListSchema,
  ApprovalRequestSchema,
  SettlementRunDetailSchema,
  SettlementRunPageSchema,
  type ContractKind,
  type ContractStatus,
  type SettlementLine,
  type SettlementRunStatus,
} from '@app/contracts';
import { api, queryString } from '../../shared/api.ts';

/** Children shown per "show more" in the tree; a node can have thousands. */
export const TREE_PAGE_SIZE = 50;
export const RUNS_PAGE_SIZE = 20;
export const LINES_PAGE_SIZE = 50;

/** One page of a node's direct downlines (root null: the top agents). Each expanded node asks for its own pages. */
export function useTreePage(root: string | null, pageNo: number, agentsOnly: boolean, enabled = true) {
  return useQuery({
    queryKey: ['backoffice', 'agents', 'tree', root, pageNo, agentsOnly],
    queryFn: ({ signal }) =>
      api('GET', `/api/backoffice/agents/tree${queryString({ root, pageNo, pageSize: TREE_PAGE_SIZE, agentsOnly: agentsOnly ? 'true' : undefined })}`, { schema: AgentTreePageSchema, signal }),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
}

export function useContracts(filters: { account: string; kind: ContractKind | ''; status: ContractStatus | '' }) {
  return useQuery({
    queryKey: ['backoffice', 'agents', 'contracts', filters],
    queryFn: ({ signal }) => api('GET', `/api/backoffice/agents/contracts${queryString(filters)}`, { schema: OperatorContractListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export interface GrantDraft {
  downline: string;
  kind: ContractKind;
  tiers: Record<string, string | number>[];
}

/** Gives an agent a contract in force at once (it supersedes the one it holds). */
export function useGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grant: GrantDraft) => api('POST', '/api/backoffice/agents/contracts', { body: grant, schema: GrantedContractSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['backoffice', 'agents'] }),
  });
}

export function useRuns(filters: { kind: ContractKind | ''; status: SettlementRunStatus | ''; includeEmpty: boolean; pageNo: number }) {
  return useQuery({
    queryKey: ['backoffice', 'agents', 'runs', filters],
    queryFn: ({ signal }) =>
      api('GET', `/api/backoffice/agents/settlements/runs${queryString({ ...filters, includeEmpty: filters.includeEmpty ? 'true' : undefined, pageSize: RUNS_PAGE_SIZE })}`, { schema: SettlementRunPageSchema, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

export function useRun(id: string, filters: { status: SettlementLine['status'] | ''; pageNo: number }) {
  return useQuery({
    queryKey: ['backoffice', 'agents', 'run', id, filters],
    queryFn: ({ signal }) => api('GET', `/api/backoffice/agents/settlements/runs/${encodeURIComponent(id)}${queryString({ ...filters, pageSize: LINES_PAGE_SIZE })}`, { schema: SettlementRunDetailSchema, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Proposes paying a run's unpaid lines (or the lines named): another operator approves it in Approvals. */
export function useRerun(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { reason: string; lineIds?: string[] }) => api('POST', `/api/backoffice/agents/settlements/runs/${encodeURIComponent(id)}/rerun`, { body: input, schema: ApprovalRequestSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['backoffice'] }),
  });
}
