import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BroadcastListSchema, BroadcastPreviewSchema, BroadcastSchema, type BroadcastDraft, type BroadcastSend } from '@app/contracts';
import { api, queryString } from '../../shared/api.ts';

const KEY = ['backoffice', 'messages'] as const;
const BASE = '/api/backoffice/messages';

/** The body as the members will get it (the server's sanitiser) and how many members the audience holds. */
export function usePreview() {
  return useMutation({ mutationFn: (draft: BroadcastDraft) => api('POST', `${BASE}/preview`, { body: draft, schema: BroadcastPreviewSchema }) });
}

export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: BroadcastSend) => api('POST', BASE, { body: input, schema: BroadcastSchema }), onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }) });
}

/** Sent and scheduled broadcasts; read counts move as members open them, so read again every 15 s. */
export function useBroadcasts(page: number) {
  return useQuery({ queryKey: [...KEY, 'list', page], queryFn: ({ signal }) => api('GET', `${BASE}${queryString({ page })}`, { schema: BroadcastListSchema, signal }), placeholderData: keepPreviousData, refetchInterval: 15_000 });
}

export function useCancelBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: string) => api('POST', `${BASE}/${encodeURIComponent(id)}/cancel`, { schema: BroadcastSchema }), onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }) });
}
