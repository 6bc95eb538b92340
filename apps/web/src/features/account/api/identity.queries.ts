import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api-client.ts';
import { memberQueryOptions } from '../../../shared/member-query.ts';
import { getToken } from '../../../shared/session-token.ts';
import { paymentsKeys } from '../../payments/index.ts';
import { accountKeys } from './account.queries.ts';
import { fetchIdentity, updateBirthdayRequest, updateIdentityRequest, type MemberIdentity } from './identity.api.ts';

export const identityKeys = {
  /** Keyed by token, like member info, so a new login never shows the previous member's identity. */
  identity: (token: string | null) => [...accountKeys.all, 'identity', token] as const,
};

export function identityQueryOptions(token: string | null) {
  return memberQueryOptions({ token, queryKey: identityKeys.identity(token), fetch: fetchIdentity });
}

/**
 * Saves part of the identity. The withdraw panel reads "profile complete" from its options, so
 * those are re-read too; without this it would keep asking for the identity until they went stale.
 * A refusal with `lockedCode` means it was saved meanwhile (another tab, customer service): the
 * identity is re-read, so what is on file shows instead of the form.
 */
function useIdentityUpdate<Body>(request: (body: Body) => Promise<MemberIdentity>, lockedCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (identity) => {
      const token = getToken();
      queryClient.setQueryData(identityKeys.identity(token), identity);
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.withdrawOptions(token) });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === lockedCode) {
        void queryClient.invalidateQueries({ queryKey: identityKeys.identity(getToken()) });
      }
    },
  });
}

/** Saves name and CPF. */
export function useUpdateIdentity() {
  return useIdentityUpdate(updateIdentityRequest, 'accounts.identity_locked');
}

/** Adds the missing birthday. */
export function useUpdateBirthday() {
  return useIdentityUpdate(updateBirthdayRequest, 'accounts.birthday_locked');
}
