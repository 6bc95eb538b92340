import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OperatorSettingsSchema, SystemStatusResponseSchema, type OperatorSettings, type SettingKey, type Settings } from '@app/contracts';
import { api } from '../../shared/api.ts';

const SETTINGS_KEY = ['backoffice', 'settings'] as const;

/** Every setting the role may read (the content role: the site's name, links and contacts only). */
export function useSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => api('GET', '/api/backoffice/settings', { schema: OperatorSettingsSchema, signal }),
  });
}

/** Replaces one setting; the answer is the stored value, kept in the cache for the other cards. */
export function useSaveSetting<K extends SettingKey>(key: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: unknown) => api<Settings[K]>('PUT', `/api/backoffice/settings/${key}`, { body: value }),
    onSuccess: (saved) => queryClient.setQueryData<OperatorSettings>(SETTINGS_KEY, (current) => (current ? { ...current, [key]: saved } : current)),
  });
}

/** The address the server sees this console at (for the back-office allow-list). */
export function useMyAddress() {
  return useQuery({
    queryKey: ['system', 'status'],
    queryFn: ({ signal }) => api('GET', '/api/system/status', { schema: SystemStatusResponseSchema, signal, token: null }),
    staleTime: 60_000,
  });
}
