import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from './account.queries.ts';
import {
  changePasswordRequest,
  fetchSessions,
  requestEmailResetRequest,
  resetByEmailTokenRequest,
  resetBySmsRequest,
  setPaymentPasswordRequest,
  signOutOthersRequest,
  startTrialRequest,
} from './security.api.ts';

export const securityKeys = {
  sessions: (token: string | null) => [...accountKeys.all, 'sessions', token] as const,
};

export function sessionsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: securityKeys.sessions(token),
    queryFn: ({ signal }) => fetchSessions(signal),
    enabled: token !== null,
  });
}

/** Changing the password signs out every other session, so the list is reloaded too. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePasswordRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

export function useSetPaymentPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPaymentPasswordRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.member() }),
  });
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOthersRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...accountKeys.all, 'sessions'] }),
  });
}

export function useResetBySms() {
  return useMutation({ mutationFn: resetBySmsRequest });
}

export function useRequestEmailReset() {
  return useMutation({ mutationFn: requestEmailResetRequest });
}

export function useResetByEmailToken() {
  return useMutation({ mutationFn: resetByEmailTokenRequest });
}

export function useStartTrial() {
  return useMutation({ mutationFn: startTrialRequest });
}
