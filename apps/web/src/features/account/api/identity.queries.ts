import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api-client.ts';
import { getToken } from '../../../shared/session-token.ts';
import { paymentsKeys } from '../../payments/index.ts';
import { accountKeys } from './account.queries.ts';
import { fetchIdentity, updateBirthdayRequest, updateIdentityRequest } from './identity.api.ts';

export const identityKeys = {
  /** Keyed by token, like member info, so a new login never shows the previous member's identity. */
  identity: (token: string | null) => [...accountKeys.all, 'identity', token] as const,
};

export function identityQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: identityKeys.identity(token),
    queryFn: ({ signal }) => fetchIdentity(signal),
    enabled: token !== null,
  });
}

/**
 * Saves name and CPF. The withdraw panel reads "profile complete" from its options, so those
 * are re-read too; without this it would keep asking for the identity until they went stale.
 */
export function useUpdateIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIdentityRequest,
    onSuccess: (identity) => {
      const token = getToken();
      queryClient.setQueryData(identityKeys.identity(token), identity);
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.withdrawOptions(token) });
    },
    onError: (error) => {
      // Saved meanwhile (another tab, customer service): show what is on file instead of the form.
      if (isApiError(error) && error.code === 'accounts.identity_locked') {
        void queryClient.invalidateQueries({ queryKey: identityKeys.identity(getToken()) });
      }
    },
  });
}

/** Adds the missing birthday; a refusal because one is on file meanwhile re-reads the identity. */
export function useUpdateBirthday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBirthdayRequest,
    onSuccess: (identity) => {
      const token = getToken();
      queryClient.setQueryData(identityKeys.identity(token), identity);
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.withdrawOptions(token) });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'accounts.birthday_locked') {
        void queryClient.invalidateQueries({ queryKey: identityKeys.identity(getToken()) });
      }
    },
  });
}
