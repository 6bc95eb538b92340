import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SupportAdminContextSchema,
  SupportAdminConversationSchema,
  SupportAdminListSchema,
  SupportAdminOperatorsSchema,
  SupportAdminThreadSchema,
  SupportCannedRepliesSchema,
  SupportCannedReplySchema,
  SupportImageRefSchema,
  SupportReportSchema,
  SupportSentSchema,
} from '@app/contracts';
import { api, queryString } from '../../shared/api.ts';

const BASE = '/api/backoffice/support';
export const supportKeys = {
  all: ['support'] as const,
  list: ['support', 'conversations'] as const,
  thread: (id: string) => ['support', 'thread', id] as const,
  context: (id: string) => ['support', 'context', id] as const,
  operators: ['support', 'operators'] as const,
  canned: ['support', 'canned'] as const,
  report: (from: string, to: string) => ['support', 'report', from, to] as const,
};

/** The queue and my conversations; re-read on every chat event, and every 20 s (it also says I am online). */
export const useDesk = () => useQuery({ queryKey: supportKeys.list, queryFn: ({ signal }) => api('GET', `${BASE}/conversations`, { schema: SupportAdminListSchema, signal }), refetchInterval: 20_000 });

export const fetchThread = (id: string, after?: string, signal?: AbortSignal) => api('GET', `${BASE}/conversations/${id}${queryString({ after })}`, { schema: SupportAdminThreadSchema, signal });

export const useContext = (id: string) => useQuery({ queryKey: supportKeys.context(id), queryFn: ({ signal }) => api('GET', `${BASE}/conversations/${id}/context`, { schema: SupportAdminContextSchema, signal }) });

export const useOperators = (enabled: boolean) => useQuery({ queryKey: supportKeys.operators, queryFn: ({ signal }) => api('GET', `${BASE}/operators`, { schema: SupportAdminOperatorsSchema, signal }), enabled });

export const takeConversation = (id: string) => api('POST', `${BASE}/conversations/${id}/take`, { schema: SupportAdminConversationSchema });
export const closeConversation = (id: string) => api('POST', `${BASE}/conversations/${id}/close`, { schema: SupportAdminConversationSchema });
export const transferConversation = (id: string, operatorId: string) => api('POST', `${BASE}/conversations/${id}/transfer`, { body: { operatorId }, schema: SupportAdminConversationSchema });
export const sendDeskMessage = (id: string, input: { clientId: string; body?: string; imageId?: string }) => api('POST', `${BASE}/conversations/${id}/messages`, { body: input, schema: SupportSentSchema });
export const uploadDeskImage = (id: string, file: Blob) => api('POST', `${BASE}/conversations/${id}/images`, { raw: { data: file, contentType: 'application/octet-stream' }, schema: SupportImageRefSchema });
export const markDeskRead = (id: string, lastReadId: string) => api<void>('POST', `${BASE}/conversations/${id}/read`, { body: { lastReadId } });
export const sendDeskTyping = (id: string) => api<void>('POST', `${BASE}/conversations/${id}/typing`);
export const setPresence = (online: boolean) => api<void>('POST', `${BASE}/presence`, { body: { online } });
export const imagePath = (id: string) => `${BASE}/images/${id}`;

export const useCanned = () => useQuery({ queryKey: supportKeys.canned, queryFn: ({ signal }) => api('GET', `${BASE}/canned-replies`, { schema: SupportCannedRepliesSchema, signal }) });

export function useSaveCanned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string; shortcut: string; body: string }) =>
      input.id
        ? api('PUT', `${BASE}/canned-replies/${input.id}`, { body: { shortcut: input.shortcut, body: input.body }, schema: SupportCannedReplySchema })
        : api('POST', `${BASE}/canned-replies`, { body: { shortcut: input.shortcut, body: input.body }, schema: SupportCannedReplySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.canned }),
  });
}

export function useDeleteCanned() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: string) => api<void>('DELETE', `${BASE}/canned-replies/${id}`), onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.canned }) });
}

export const useReport = (from: string, to: string) => useQuery({ queryKey: supportKeys.report(from, to), queryFn: ({ signal }) => api('GET', `${BASE}/report${queryString({ from, to })}`, { schema: SupportReportSchema, signal }) });
