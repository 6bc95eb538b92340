import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PeriodicConfigSchema, PeriodicRunListSchema, PeriodicRunSchema, type PeriodicConfigInput } from '@app/contracts';
import { api, queryString } from '../../shared/api.ts';

const KEY = ['backoffice', 'promotions', 'periodic'] as const;

/** A rebate or cashback promotion's rule (null until saved). */
export function usePeriodicConfig(promotionId: string) {
  return useQuery({ queryKey: [...KEY, 'config', promotionId], queryFn: ({ signal }) => api('GET', `/api/backoffice/promotions/${promotionId}/periodic`, { schema: PeriodicConfigSchema, signal }) });
}

export function useSavePeriodicConfig(promotionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PeriodicConfigInput) => api('PUT', `/api/backoffice/promotions/${promotionId}/periodic`, { body: input, schema: PeriodicConfigSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** Runs, newest first; polled every 2 s while one is running. */
export function usePeriodicRuns(promotionId: string | null) {
  return useQuery({
    queryKey: [...KEY, 'runs', promotionId],
    queryFn: ({ signal }) => api('GET', `/api/backoffice/promotions/periodic-runs${queryString({ promotionId })}`, { schema: PeriodicRunListSchema, signal }),
    refetchInterval: (query) => (query.state.data?.list.some((run) => run.status === 'running') ? 2000 : false),
  });
}

/** Runs (or runs again) one period; members rewarded before are skipped by the server. */
export function useStartPeriodicRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ promotionId, periodFrom }: { promotionId: string; periodFrom: string }) =>
      api('POST', `/api/backoffice/promotions/${promotionId}/periodic-runs`, { body: { periodFrom }, schema: PeriodicRunSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
