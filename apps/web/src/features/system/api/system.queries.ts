import { queryOptions, useQuery } from '@tanstack/react-query';
import { BootInfoSchema, type BootInfo } from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';

export const systemKeys = {
  all: ['system'] as const,
  boot: () => [...systemKeys.all, 'boot'] as const,
};

export function fetchBootInfo(signal?: AbortSignal): Promise<BootInfo> {
  return apiRequest('/api/system/boot', { schema: BootInfoSchema, signal });
}

export function bootQueryOptions() {
  return queryOptions({
    queryKey: systemKeys.boot(),
    queryFn: ({ signal }) => fetchBootInfo(signal),
    staleTime: 5 * 60_000,
    // While the site is down for maintenance or blocked, poll as a fallback to the WebSocket
    // push so the page recovers even if the socket cannot connect.
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 0 ? 60_000 : false),
  });
}

/** Boot info inside the app: RootView mounts the app only once it is loaded. */
export function useBootInfo(): BootInfo {
  const { data } = useQuery(bootQueryOptions());
  if (!data) throw new Error('useBootInfo used before boot info was loaded');
  return data;
}
