import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CredentialResetCreatedSchema, OperatorChangeResponseSchema, type OperatorRole, type OperatorStatus } from '@app/contracts';
import { api } from '../../shared/api.ts';

export const OPERATORS_KEY = ['backoffice', 'operators'] as const;

/** An owner's changes to one operator; each refreshes the list when it lands. */
export function useOperatorActions(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: OPERATORS_KEY });
  return {
    status: useMutation({
      mutationFn: (status: OperatorStatus) => api('PUT', `/api/backoffice/operators/${id}/status`, { body: { status }, schema: OperatorChangeResponseSchema }),
      onSuccess: refresh,
    }),
    role: useMutation({
      mutationFn: (role: OperatorRole) => api('PUT', `/api/backoffice/operators/${id}/role`, { body: { role }, schema: OperatorChangeResponseSchema }),
      onSuccess: refresh,
    }),
    reset: useMutation({
      mutationFn: () => api('POST', `/api/backoffice/operators/${id}/credential-reset`, { schema: CredentialResetCreatedSchema }),
      onSuccess: refresh,
    }),
  };
}

/** The console page the reset operator opens; the token after '#' stays out of logs and Referer headers. */
export function resetLinkOf(token: string): string {
  return `${window.location.origin}/admin/reset#${token}`;
}
