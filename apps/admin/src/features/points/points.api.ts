import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminPointsItemListSchema,
  AdminPointsItemSchema,
  AdminRedemptionListSchema,
  AdminRedemptionSchema,
  PointsConfigSchema,
  type AdminPointsConfigInput,
  type AdminPointsItemInput,
  type RedemptionDecision,
  type RedemptionStatus,
} from '@app/contracts';
import { api } from '../../shared/api.ts';

const KEY = ['backoffice', 'points'] as const;

export function usePointsItems() {
  return useQuery({ queryKey: [...KEY, 'items'], queryFn: ({ signal }) => api('GET', '/api/backoffice/points/items', { schema: AdminPointsItemListSchema, signal }) });
}

export function useSaveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: AdminPointsItemInput }) =>
      id === null ? api('POST', '/api/backoffice/points/items', { body: input, schema: AdminPointsItemSchema }) : api('PUT', `/api/backoffice/points/items/${id}`, { body: input, schema: AdminPointsItemSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'items'] }),
  });
}

export function usePointsConfig() {
  return useQuery({ queryKey: [...KEY, 'config'], queryFn: ({ signal }) => api('GET', '/api/backoffice/points/config', { schema: PointsConfigSchema, signal }) });
}

export function useSaveConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminPointsConfigInput) => api('PUT', '/api/backoffice/points/config', { body: input, schema: PointsConfigSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'config'] }),
  });
}

export function useRedemptions(status: RedemptionStatus) {
  return useQuery({ queryKey: [...KEY, 'redemptions', status], queryFn: ({ signal }) => api('GET', `/api/backoffice/points/redemptions?status=${status}`, { schema: AdminRedemptionListSchema, signal }) });
}

export function useDecideRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: RedemptionDecision }) => api('POST', `/api/backoffice/points/redemptions/${id}/decision`, { body: decision, schema: AdminRedemptionSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'redemptions'] }),
  });
}
