import { useMutation, useQuery } from '@tanstack/react-query';
import {
  ExclusionStateSchema,
  RestrictionViewSchema,
  WithdrawOnlyOptionsSchema,
  WithdrawOnlyResultSchema,
  type CloseAccount,
  type ExclusionState,
  type TakeRestriction,
  type WithdrawOnlyRequest,
} from '@app/contracts';
import { apiRequest } from '../../shared/api-client.ts';
import { endingOwnSession } from '../../shared/session-token.ts';
import { memberQueryOptions } from '../../shared/member-query.ts';
import { getToken } from '../../shared/session-token.ts';

export const exclusionKeys = { state: (token: string | null) => ['exclusion', token, 'state'] as const };

export function useExclusionState() {
  const token = getToken();
  return useQuery(memberQueryOptions({ token, queryKey: exclusionKeys.state(token), fetch: (signal): Promise<ExclusionState> => apiRequest('/api/exclusion', { schema: ExclusionStateSchema, signal }) }));
}

/** Every session ends on the server at once; the page then forgets this tab's token (after leaving the member-only route). */
export function useTakeRestriction() {
  return useMutation({
    mutationFn: (input: TakeRestriction) => endingOwnSession(() => apiRequest('/api/exclusion', { method: 'POST', body: input, schema: RestrictionViewSchema })),
  });
}

export function useCloseAccount() {
  return useMutation({
    mutationFn: (input: CloseAccount) => endingOwnSession(() => apiRequest('/api/exclusion/closure', { method: 'POST', body: input, schema: RestrictionViewSchema })),
  });
}

export function useWithdrawOptions() {
  return useMutation({ mutationFn: (input: { account: string; password: string }) => apiRequest('/api/exclusion/withdrawal/options', { method: 'POST', body: input, schema: WithdrawOnlyOptionsSchema }) });
}

export function useWithdrawAll() {
  return useMutation({ mutationFn: (input: WithdrawOnlyRequest) => apiRequest('/api/exclusion/withdrawal', { method: 'POST', body: input, schema: WithdrawOnlyResultSchema }) });
}
