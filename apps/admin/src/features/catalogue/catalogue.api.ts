import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CatalogueImportReportSchema,
  OperatorGamePageSchema,
  OperatorGameSchema,
  OperatorVendorListSchema,
  OperatorVendorSchema,
  type CatalogueImportReport,
  type GamePatch,
  type VendorPatch,
} from '@app/contracts';
import { api, ApiError, queryString } from '../../shared/api.ts';

export const GAMES_PAGE_SIZE = 25;
const VENDORS_KEY = ['backoffice', 'catalogue', 'vendors'] as const;
const GAMES_KEY = ['backoffice', 'catalogue', 'games'] as const;

export function useVendors() {
  return useQuery({
    queryKey: VENDORS_KEY,
    queryFn: ({ signal }) => api('GET', '/api/backoffice/catalogue/vendors', { schema: OperatorVendorListSchema, signal }),
  });
}

/** Any vendor change; the list is read again either way (another operator may have changed it too). */
export function useVendorPatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, patch }: { code: string; patch: VendorPatch }) => api('PATCH', `/api/backoffice/catalogue/vendors/${encodeURIComponent(code)}`, { body: patch, schema: OperatorVendorSchema }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: VENDORS_KEY }), queryClient.invalidateQueries({ queryKey: GAMES_KEY })]),
  });
}

export function useIpAllowList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, networks }: { code: string; networks: string[] }) =>
      api('PUT', `/api/backoffice/catalogue/vendors/${encodeURIComponent(code)}/ip-allow-list`, { body: { networks }, schema: OperatorVendorSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VENDORS_KEY }),
  });
}

export interface GameFilters {
  vendor: string;
  gameType: string;
  enabled: '' | 'true' | 'false';
  maintenance: '' | 'true' | 'false';
  q: string;
  pageNo: number;
}

export function useGames(filters: GameFilters) {
  return useQuery({
    queryKey: [...GAMES_KEY, filters],
    queryFn: ({ signal }) => api('GET', `/api/backoffice/catalogue/games${queryString({ ...filters, pageSize: GAMES_PAGE_SIZE })}`, { schema: OperatorGamePageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGamePatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: GamePatch }) => api('PATCH', `/api/backoffice/catalogue/games/${id}`, { body: patch, schema: OperatorGameSchema }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: GAMES_KEY }), queryClient.invalidateQueries({ queryKey: VENDORS_KEY })]),
  });
}

/** The file itself is the body (text/csv). A proxy's bare 413 still reads as "file too large". */
export async function uploadCatalogue(file: Blob): Promise<CatalogueImportReport> {
  try {
    return await api('POST', '/api/backoffice/catalogue/import', { raw: { data: file, contentType: 'text/csv' }, schema: CatalogueImportReportSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 413 && error.code === 'unknown') throw new ApiError(413, 'catalogue.import_too_large', 'HTTP 413');
    throw error;
  }
}

export function useCatalogueImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCatalogue,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: VENDORS_KEY }), queryClient.invalidateQueries({ queryKey: GAMES_KEY })]),
  });
}
