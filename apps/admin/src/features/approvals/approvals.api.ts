import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApprovalPageSchema, ApprovalRequestSchema, type ApprovalKind, type ApprovalStatus } from '@app/contracts';
import { api, queryString } from '../../shared/api.ts';

export const APPROVALS_PAGE_SIZE = 25;
export const APPROVALS_KEY = ['backoffice', 'approvals'] as const;

export function useApprovals(filter: { status?: ApprovalStatus | ''; kind?: ApprovalKind; target?: string; pageNo?: number; pageSize?: number }) {
  const query = { status: filter.status || undefined, kind: filter.kind, target: filter.target, pageNo: filter.pageNo ?? 1, pageSize: filter.pageSize ?? APPROVALS_PAGE_SIZE };
  return useQuery({
    queryKey: [...APPROVALS_KEY, query],
    queryFn: ({ signal }) => api('GET', `/api/backoffice/approvals${queryString(query)}`, { schema: ApprovalPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Approve or reject; everything the console shows is read again (the change may have applied). */
export function useApprovalDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { id: string; kind: 'approve' | 'reject'; note?: string }) =>
      api('POST', `/api/backoffice/approvals/${decision.id}/${decision.kind}`, { ...(decision.kind === 'reject' ? { body: { note: decision.note } } : {}), schema: ApprovalRequestSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['backoffice'] }),
  });
}

/** A proposal sent to the owning area's route; answers the pending request. */
export function useProposal<V>(url: (value: V) => string, body: (value: V) => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: V) => api('POST', url(value), { body: body(value), schema: ApprovalRequestSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['backoffice'] }),
  });
}
