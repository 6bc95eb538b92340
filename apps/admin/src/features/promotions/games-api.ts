import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminGameSchema, type GameSettingsInput } from '@app/contracts';
import { api } from '../../shared/api.ts';

const key = (id: string) => ['backoffice', 'promotions', 'game', id] as const;

/** A wheel, golden-egg or raffle promotion's prize table and ticket rules. */
export function usePromotionGame(id: string | null) {
  return useQuery({ queryKey: key(id ?? ''), queryFn: ({ signal }) => api('GET', `/api/backoffice/promotions/${id}/game`, { schema: AdminGameSchema, signal }), enabled: id !== null });
}

/** Publishes the table as a new version (audited on the server). */
export function useSaveGame(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GameSettingsInput) => api('PUT', `/api/backoffice/promotions/${id}/game`, { body: input, schema: AdminGameSchema }),
    onSuccess: (saved) => queryClient.setQueryData(key(id), saved),
  });
}
