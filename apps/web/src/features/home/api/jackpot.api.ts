import { useQuery, type QueryClient } from '@tanstack/react-query';
import { JackpotPoolsSchema, type JackpotPools } from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';

export const jackpotKey = ['jackpot'] as const;

export function fetchJackpot(signal?: AbortSignal): Promise<JackpotPools> {
  return apiRequest('/api/jackpot', { schema: JackpotPoolsSchema, signal, token: null });
}

/** The real pool; pushes over /ws keep it current, a slow poll covers a lost connection. */
export function useJackpot() {
  return useQuery({ queryKey: jackpotKey, queryFn: ({ signal }) => fetchJackpot(signal), refetchInterval: 60_000 });
}

export function applyJackpotChange(queryClient: QueryClient, change: { code: string; amount: string }) {
  queryClient.setQueryData<JackpotPools>(jackpotKey, (old) => (old ? { pools: old.pools.map((pool) => (pool.code === change.code ? { ...pool, amount: change.amount } : pool)) } : old));
}
