import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createContentRealtime } from '../features/content/index.ts';
import { createMemberRealtime } from '../features/account/index.ts';
import { createJackpotRealtime } from '../features/home/index.ts';
import { createMessagesRealtime } from '../features/messages/index.ts';
import { createPaymentsRealtime } from '../features/payments/index.ts';
import { createSupportRealtime } from '../features/support/index.ts';
import { createSystemRealtime } from '../features/system/index.ts';
import { createWalletRealtime } from '../features/wallet/index.ts';
import { connectRealtime, createTopicRealtime, type RealtimeHandler } from '../shared/ws-client.ts';

/**
 * The one /ws connection of the tab. Each feature contributes a handler; this hook owns the
 * socket's lifetime so that features never open sockets of their own.
 */
export function useRealtime(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    const handlers: RealtimeHandler[] = [];
    const connection = connectRealtime({
      onOpen: (reconnected) => handlers.forEach((handler) => handler.onOpen?.(reconnected)),
      onMessage: (message) => handlers.forEach((handler) => handler.onMessage?.(message)),
    });
    // Registered after connecting is safe: the socket opens on a later task, never synchronously.
    handlers.push(createSystemRealtime(queryClient), createMemberRealtime(queryClient, connection), createWalletRealtime(queryClient), createPaymentsRealtime(queryClient), createMessagesRealtime(queryClient), createJackpotRealtime(queryClient), createContentRealtime(queryClient), createSupportRealtime(connection), createTopicRealtime(connection));
    return () => {
      handlers.forEach((handler) => handler.dispose?.());
      connection.close();
    };
  }, [queryClient]);
}
