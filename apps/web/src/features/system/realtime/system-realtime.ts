import type { QueryClient } from '@tanstack/react-query';
import type { BootInfo } from '@app/contracts';
import type { RealtimeHandler } from '../../../shared/ws-client.ts';
import { systemKeys } from '../api/system.queries.ts';

/**
 * Keeps the root view in step with the server: a status push switches the view at once (the
 * cached status is patched), then the boot info is refetched for the full picture (message,
 * contacts). Every open refetches, the first one too: a change made between the page's boot
 * request and the socket's first open was pushed to nobody (seen in the maintenance journey).
 */
export function createSystemRealtime(queryClient: QueryClient): RealtimeHandler {
  const refetchBoot = () => void queryClient.invalidateQueries({ queryKey: systemKeys.boot() });
  return {
    onOpen: () => refetchBoot(),
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
