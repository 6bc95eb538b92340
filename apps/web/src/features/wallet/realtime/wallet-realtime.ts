import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeHandler } from '../../../shared/ws-client.ts';
import { applyBalanceChange, walletKeys } from '../api/wallet.queries.ts';

/**
 * Balance pushes: the server sends wallet.balance_changed after every committed change of the
 * bound member's money, so the header never shows a stale balance. After a reconnect the
 * wallet views are re-read, since changes made while offline sent no push to this tab.
 */
export function createWalletRealtime(queryClient: QueryClient): RealtimeHandler {
  return {
    onOpen: (reconnected) => {
      if (reconnected) void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
    onMessage: (message) => {
      if (message.type === 'wallet.balance_changed') applyBalanceChange(queryClient, { cash: message.cash, bonus: message.bonus });
    },
  };
}
