import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminCheckinTableSchema, AdminMissionListSchema, AdminMissionSchema, type AdminCheckinTableInput, type AdminMissionInput } from '@app/contracts';
import { api } from '../../shared/api.ts';

const KEY = ['backoffice', 'missions'] as const;

export function useMissions() {
  return useQuery({ queryKey: [...KEY, 'list'], queryFn: ({ signal }) => api('GET', '/api/backoffice/missions', { schema: AdminMissionListSchema, signal }) });
}

/** Create (id null) or replace a mission; the server audits it. */
export function useSaveMission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: AdminMissionInput }) =>
      id === null ? api('POST', '/api/backoffice/missions', { body: input, schema: AdminMissionSchema }) : api('PUT', `/api/backoffice/missions/${id}`, { body: input, schema: AdminMissionSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'list'] }),
  });
}

export function useDeactivateMission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('POST', `/api/backoffice/missions/${id}/deactivate`, { schema: AdminMissionSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'list'] }),
  });
}

export function useCheckinTable() {
  return useQuery({ queryKey: [...KEY, 'checkin'], queryFn: ({ signal }) => api('GET', '/api/backoffice/missions/checkin', { schema: AdminCheckinTableSchema, signal }) });
}

export function useSaveCheckinTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminCheckinTableInput) => api('PUT', '/api/backoffice/missions/checkin', { body: input, schema: AdminCheckinTableSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'checkin'] }),
  });
}
