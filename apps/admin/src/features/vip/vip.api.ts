import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminVipLevelListSchema, AdminVipMemberListSchema, VipLevelSchema, type VipLevelInput } from '@app/contracts';
import { api, queryString } from '../../shared/api.ts';

const KEY = ['backoffice', 'vip'] as const;

export function useVipLevels() {
  return useQuery({ queryKey: [...KEY, 'levels'], queryFn: ({ signal }) => api('GET', '/api/backoffice/vip/levels', { schema: AdminVipLevelListSchema, signal }) });
}

/** Create or replace the level of a rank (the server audits it). */
export function useSaveVipLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VipLevelInput) => api('PUT', `/api/backoffice/vip/levels/${input.rank}`, { body: input, schema: VipLevelSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useVipMembers(rank: number | null, page: number) {
  return useQuery({
    queryKey: [...KEY, 'members', rank, page],
    queryFn: ({ signal }) => api('GET', `/api/backoffice/vip/members${queryString({ rank: String(rank), page: String(page) })}`, { schema: AdminVipMemberListSchema, signal }),
    enabled: rank !== null,
    placeholderData: keepPreviousData,
  });
}
