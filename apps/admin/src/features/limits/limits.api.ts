import { useQuery } from '@tanstack/react-query';
import { AdminMemberLimitsSchema } from '@app/contracts';
import { api } from '../../shared/api.ts';

export function useMemberLimits(account: string) {
  return useQuery({
    queryKey: ['backoffice', 'limits', account],
    queryFn: ({ signal }) => api('GET', `/api/backoffice/limits/members/${encodeURIComponent(account)}`, { schema: AdminMemberLimitsSchema, signal }),
    enabled: account !== '',
    retry: false,
  });
}
