import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CatalogueImportReportSchema,
  ErrorResponseSchema,
  OperatorGamePageSchema,
  OperatorGameSchema,
  OperatorVendorListSchema,
  OperatorVendorSchema,
  VendorSecretSchema,
  type CatalogueImportReport,
  type GamePatch,
  type VendorPatch,
} from '@app/contracts';
import { api, ApiError, queryString } from '../../shared/api.ts';
import { readToken } from '../../shared/session-store.ts';

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

/** A new provider-API secret: the answer is the only place it is ever shown. */
export function useSecretRotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api('POST', `/api/backoffice/catalogue/vendors/${encodeURIComponent(code)}/secret`, { schema: VendorSecretSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: VENDORS_KEY }),
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

/**
 * The upload sends the file itself as the body (Content-Type text/csv), which the shared api()
 * does not do (JSON or multipart only); errors come back in the same ApiError shape.
 */
export async function uploadCatalogue(file: Blob): Promise<CatalogueImportReport> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch('/api/backoffice/catalogue/import', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: file,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network.failed', 'network request failed');
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = ErrorResponseSchema.safeParse(data);
    if (!parsed.success) throw new ApiError(response.status, response.status === 413 ? 'catalogue.import_too_large' : 'unknown', `HTTP ${response.status}`);
    throw new ApiError(response.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.details);
  }
  const report = CatalogueImportReportSchema.safeParse(data);
  if (!report.success) throw new ApiError(response.status, 'unknown', 'unexpected response from the import');
  return report.data;
}

export function useCatalogueImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCatalogue,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: VENDORS_KEY }), queryClient.invalidateQueries({ queryKey: GAMES_KEY })]),
  });
}
