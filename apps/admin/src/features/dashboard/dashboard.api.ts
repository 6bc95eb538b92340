import { useQuery } from '@tanstack/react-query';
import { DashboardSchema } from '@app/contracts';
import { api } from '../../shared/api.ts';

/** Today's figures; read again every minute while the page is open. */
export function useDashboard() {
  return useQuery({
    queryKey: ['backoffice', 'dashboard'],
    queryFn: ({ signal }) => api('GET', '/api/backoffice/dashboard', { schema: DashboardSchema, signal }),
    refetchInterval: 60_000,
  });
}
