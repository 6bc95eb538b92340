import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeHandler } from '../../../shared/ws-client.ts';
import { contentKeys } from '../api/content.queries.ts';

/**
 * An operator's change to banners, notices, announcements or help shows without a reload: the
 * push re-reads every content query. A reconnect does too, since pushes sent while offline
 * were missed.
 */
export function createContentRealtime(queryClient: QueryClient): RealtimeHandler {
  const refetchContent = () => void queryClient.invalidateQueries({ queryKey: contentKeys.all });
  return {
    onOpen: (reconnected) => {
      if (reconnected) refetchContent();
    },
    onMessage: (message) => {
      if (message.type === 'content.changed') refetchContent();
    },
  };
}
