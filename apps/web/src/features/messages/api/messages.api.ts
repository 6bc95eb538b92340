import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageListSchema, MessageSchema, MessageUnreadSchema, type MessageUnread } from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';
import { memberQueryOptions } from '../../../shared/member-query.ts';
import { useSession } from '../../account/index.ts';

/** The member API's paths (docs/messages.md). */
export const MESSAGES_API = {
  list: (page: number, order: 'newest' | 'unread') => `/api/messages?page=${page}&order=${order}`,
  unread: '/api/messages/unread',
  read: (id: string) => `/api/messages/${id}/read`,
  readAll: '/api/messages/read-all',
  remove: (id: string) => `/api/messages/${id}`,
} as const;

/** Keyed by token like every member query, so a new login never shows another member's messages. */
export const messageKeys = {
  all: ['messages'] as const,
  unread: (token: string | null) => ['messages', token, 'unread'] as const,
  lists: (token: string | null) => ['messages', token, 'list'] as const,
  list: (token: string | null, page: number, order: 'newest' | 'unread') => ['messages', token, 'list', page, order] as const,
};

/**
 * The unread count (spec §2 badge, §7 CSP_unreadCount). Never asked for a trial account (spec §4);
 * kept current by /ws `messages.unread` pushes, so it is not polled.
 */
export function useMessageUnread() {
  const { token, isLoggedIn, isTrial } = useSession();
  return useQuery({
    ...memberQueryOptions({ token, queryKey: messageKeys.unread(token), fetch: (signal) => apiRequest(MESSAGES_API.unread, { schema: MessageUnreadSchema, signal }), staleTime: 60_000 }),
    enabled: token !== null && isLoggedIn && !isTrial,
  });
}

export function useMessageList(page: number, order: 'newest' | 'unread') {
  const { token, isLoggedIn, isTrial } = useSession();
  // Asked once the session says who this is: a trial account's tab may render before its info arrives.
  return useQuery(
    memberQueryOptions({ token, queryKey: messageKeys.list(token, page, order), fetch: (signal) => apiRequest(MESSAGES_API.list(page, order), { schema: MessageListSchema, signal }), keepPrevious: true, enabled: isLoggedIn && !isTrial }),
  );
}

/** After a change: the answer's count goes straight into the badge, and the lists read again. */
function useAfterChange() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return (unread?: number) => {
    if (unread !== undefined) queryClient.setQueryData<MessageUnread>(messageKeys.unread(token), { unread });
    return queryClient.invalidateQueries({ queryKey: messageKeys.lists(token) });
  };
}

export function useReadMessage() {
  const after = useAfterChange();
  return useMutation({ mutationFn: (id: string) => apiRequest(MESSAGES_API.read(id), { method: 'POST', schema: MessageSchema }), onSuccess: () => after() });
}

export function useReadAllMessages() {
  const after = useAfterChange();
  return useMutation({ mutationFn: () => apiRequest(MESSAGES_API.readAll, { method: 'POST', schema: MessageUnreadSchema }), onSuccess: (answer) => after(answer.unread) });
}

export function useDeleteMessage() {
  const after = useAfterChange();
  return useMutation({ mutationFn: (id: string) => apiRequest(MESSAGES_API.remove(id), { method: 'DELETE', schema: MessageUnreadSchema }), onSuccess: (answer) => after(answer.unread) });
}
