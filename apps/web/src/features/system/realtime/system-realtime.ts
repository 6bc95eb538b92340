import type { QueryClient } from '@tanstack/react-query';
import type { BootInfo } from '@app/contracts';
import type { RealtimeHandler } from '../../../shared/ws-client.ts';
import { systemKeys } from '../api/system.queries.ts';

/**
 * Keeps the root view in step with the server: a status push switches the view at once (the
 * cached status is patched), then the boot info is refetched for the full picture (message,
 * contacts). A reconnect also refetches, since pushes sent while offline were missed.
 */
export function createSystemRealtime(queryClient: QueryClient): RealtimeHandler {
  const refetchBoot = () => void queryClient.invalidateQueries({ queryKey: systemKeys.boot() });
  return {
    onOpen: (reconnected) => {
      if (reconnected) refetchBoot();
    },
    onMessage: (message) => {
      if (message.type === 'system.status') {
        queryClient.setQueryData<BootInfo>(systemKeys.boot(), (boot) => (boot ? { ...boot, status: message.status } : boot));
        refetchBoot();
      } else if (message.type === 'system.settings_changed') {
        refetchBoot();
      }
    },
  };
}
