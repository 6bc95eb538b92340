import type { QueryClient } from '@tanstack/react-query';
import type { MessageUnread } from '@app/contracts';
import { getToken } from '../../../shared/session-token.ts';
import type { RealtimeHandler } from '../../../shared/ws-client.ts';
import { messageKeys } from '../api/messages.api.ts';

/**
 * `messages.unread` pushes (a message arrived, was read or deleted, here or in another tab): the
 * badge takes the count at once and an open list reads again. After a reconnect both read again,
 * since nothing was pushed while offline. Trial accounts have no inbox and get no pushes.
 */
export function createMessagesRealtime(queryClient: QueryClient): RealtimeHandler {
  return {
    onOpen: (reconnected) => {
      if (reconnected) void queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
    onMessage: (message) => {
      if (message.type !== 'messages.unread') return;
      const token = getToken();
      queryClient.setQueryData<MessageUnread>(messageKeys.unread(token), { unread: message.unread });
      void queryClient.invalidateQueries({ queryKey: messageKeys.lists(token) });
    },
  };
}
