import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FeedbackAdminTicketSchema, FeedbackQueueSchema, type FeedbackStatus } from '@app/contracts';
import { api, queryString } from '../../shared/api.ts';

const KEY = ['backoffice', 'feedback'] as const;
const BASE = '/api/backoffice/feedback';

export interface QueueFilter {
  status: FeedbackStatus | '';
  mine: boolean;
  page: number;
}

/** The queue: new tickets arrive while it is open, so it is read again every 20 s. */
export function useFeedbackQueue(filter: QueueFilter) {
  return useQuery({
    queryKey: [...KEY, 'queue', filter],
    queryFn: ({ signal }) => api('GET', `${BASE}${queryString({ status: filter.status || undefined, mine: filter.mine ? 'true' : undefined, page: filter.page })}`, { schema: FeedbackQueueSchema, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 20_000,
  });
}

export function useFeedbackTicket(id: string) {
  return useQuery({ queryKey: [...KEY, 'ticket', id], queryFn: ({ signal }) => api('GET', `${BASE}/${encodeURIComponent(id)}`, { schema: FeedbackAdminTicketSchema, signal }) });
}

type Action = { kind: 'assign'; username: string | null } | { kind: 'notes' | 'reply'; body: string } | { kind: 'close' };

/** Assign, note, reply or close; each with its own request id, so a retry is applied once. */
export function useTicketAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, requestId }: { action: Action; requestId: string }) => {
      const { kind, ...rest } = action;
      return api('POST', `${BASE}/${encodeURIComponent(id)}/${kind}`, { body: { requestId, ...rest }, schema: FeedbackAdminTicketSchema });
    },
    onSuccess: (ticket) => queryClient.setQueryData([...KEY, 'ticket', id], ticket),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'queue'] }),
  });
}
