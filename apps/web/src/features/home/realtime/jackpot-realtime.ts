import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeHandler } from '../../../shared/ws-client.ts';
import { applyJackpotChange, jackpotKey } from '../api/jackpot.api.ts';

/** jackpot.changed pushes (public, at most once a second) keep the home counter live. */
export function createJackpotRealtime(queryClient: QueryClient): RealtimeHandler {
  return {
    onOpen: (reconnected) => {
      if (reconnected) void queryClient.invalidateQueries({ queryKey: jackpotKey });
    },
    onMessage: (message) => {
      if (message.type === 'jackpot.changed') applyJackpotChange(queryClient, message);
    },
  };
}
