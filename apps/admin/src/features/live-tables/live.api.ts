import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  LiveAdminChatMessageSchema,
  LiveAdminChatSchema,
  LiveAdminMuteSchema,
  LiveAdminMutesSchema,
  LiveAdminRoundDetailSchema,
  LiveAdminRoundsSchema,
  LiveAdminTableSchema,
  LiveAdminTablesSchema,
  type LiveAdminTableChange,
} from '@app/contracts';
import { api, queryString } from '../../shared/api.ts';

const KEY = ['backoffice', 'live'] as const;
const BASE = '/api/backoffice/live';
/** Rounds turn every few seconds: the tables and rounds lists are read again often. */
const REFRESH_MS = 5_000;
const MuteAnswerSchema = z.object({ account: z.string(), mute: LiveAdminMuteSchema.nullable() });

export function useLiveTables() {
  return useQuery({ queryKey: [...KEY, 'tables'], queryFn: ({ signal }) => api('GET', `${BASE}/tables`, { schema: LiveAdminTablesSchema, signal }), refetchInterval: REFRESH_MS });
}

export function useChangeTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: LiveAdminTableChange }) => api('PATCH', `${BASE}/tables/${encodeURIComponent(code)}`, { body, schema: LiveAdminTableSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'tables'] }),
  });
}

export function useNewShoe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: { requestId: string; reason: string } }) => api('POST', `${BASE}/tables/${encodeURIComponent(code)}/new-shoe`, { body, schema: LiveAdminTableSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'tables'] }),
  });
}

export interface RoundFilter {
  table: string;
  page: number;
}

export function useLiveRounds(filter: RoundFilter, pageSize: number) {
  return useQuery({
    queryKey: [...KEY, 'rounds', filter, pageSize],
    queryFn: ({ signal }) => api('GET', `${BASE}/rounds${queryString({ table: filter.table || undefined, page: filter.page, pageSize })}`, { schema: LiveAdminRoundsSchema, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

export function useLiveRound(id: string) {
  return useQuery({ queryKey: [...KEY, 'round', id], queryFn: ({ signal }) => api('GET', `${BASE}/rounds/${encodeURIComponent(id)}`, { schema: LiveAdminRoundDetailSchema, signal }) });
}

export interface ChatFilter {
  table: string;
  account: string;
  page: number;
}

export function useLiveChat(filter: ChatFilter) {
  return useQuery({
    queryKey: [...KEY, 'chat', filter],
    queryFn: ({ signal }) => api('GET', `${BASE}/chat${queryString({ table: filter.table || undefined, account: filter.account || undefined, page: filter.page })}`, { schema: LiveAdminChatSchema, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

export function useRemoveMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: { requestId: string; reason: string } }) => api('POST', `${BASE}/chat/${encodeURIComponent(id)}/remove`, { body, schema: LiveAdminChatMessageSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'chat'] }),
  });
}

export function useLiveMutes(enabled: boolean) {
  return useQuery({ queryKey: [...KEY, 'mutes'], queryFn: ({ signal }) => api('GET', `${BASE}/mutes`, { schema: LiveAdminMutesSchema, signal }), enabled });
}

export function useMute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { requestId: string; reason: string; account: string; minutes: number }) => api('POST', `${BASE}/mutes`, { body, schema: MuteAnswerSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'mutes'] }),
  });
}
