import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AdminRestrictionListSchema, BarredImportResultSchema, BarredOverviewSchema, type RestrictionKind } from '@app/contracts';
import { api, queryString } from '../../shared/api.ts';

export interface RestrictionFilter {
  kind: RestrictionKind | '';
  account: string;
  page: number;
}

export function useRestrictions(filter: RestrictionFilter) {
  return useQuery({
    queryKey: ['backoffice', 'exclusion', 'restrictions', filter],
    queryFn: ({ signal }) => api('GET', `/api/backoffice/exclusion/restrictions${queryString({ kind: filter.kind || undefined, account: filter.account || undefined, page: filter.page })}`, { schema: AdminRestrictionListSchema, signal }),
  });
}

export function useBarredOverview() {
  return useQuery({ queryKey: ['backoffice', 'exclusion', 'barred'], queryFn: ({ signal }) => api('GET', '/api/backoffice/exclusion/barred', { schema: BarredOverviewSchema, signal }) });
}

export function useBarredImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api('POST', '/api/backoffice/exclusion/barred/import', { body: { text }, schema: BarredImportResultSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['backoffice', 'exclusion'] }),
  });
}

export function useBarredCheck() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST', '/api/backoffice/exclusion/barred/check', { schema: z.object({ checked: z.number(), hits: z.number(), error: z.string().nullable() }).passthrough() }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['backoffice', 'exclusion'] }),
  });
}
