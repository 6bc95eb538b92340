import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FairnessState, RotationResponse } from '@app/contracts';
import { getToken } from '../../../shared/session-token.ts';
import { changeClientSeedRequest, fetchCrashRound, fetchFairness, fetchHouseRound, rotateSeedRequest } from './fairness.api.ts';

/** Keyed by token: a new login never shows the previous member's seeds or rounds. */
export const fairnessKeys = {
  all: ['fairness'] as const,
  member: (token: string | null) => [...fairnessKeys.all, token] as const,
  state: (token: string | null) => [...fairnessKeys.member(token), 'state'] as const,
  round: (token: string | null, id: string) => [...fairnessKeys.member(token), 'round', id] as const,
};

export function fairnessQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: fairnessKeys.state(token),
    queryFn: ({ signal }) => fetchFairness(signal),
    enabled: token !== null,
  });
}

export function houseRoundQueryOptions(token: string | null, id: string, enabled = true) {
  return queryOptions({
    queryKey: fairnessKeys.round(token, id),
    queryFn: ({ signal }) => fetchHouseRound(id, signal),
    enabled: token !== null && enabled,
  });
}

/** A finished crash round never changes and is the same for everyone: not keyed by token, never stale. */
export function crashRoundQueryOptions(id: string, enabled = true) {
  return queryOptions({
    queryKey: ['crash', 'round', id] as const,
    queryFn: ({ signal }) => fetchCrashRound(id, signal),
    enabled,
    staleTime: Infinity,
  });
}

/**
 * After a rotation the new commitment shows at once; then the state (revealed list) and every
 * round (whose server seed may now be revealed) are read again.
 */
function useRotationSuccess() {
  const queryClient = useQueryClient();
  return async (response: RotationResponse) => {
    const token = getToken();
    queryClient.setQueryData<FairnessState>(fairnessKeys.state(token), (state) => (state ? { ...state, ...response.active } : state));
    await queryClient.invalidateQueries({ queryKey: fairnessKeys.member(token) });
  };
}

export function useChangeClientSeed() {
  const onSuccess = useRotationSuccess();
  return useMutation({ mutationFn: (clientSeed: string) => changeClientSeedRequest(clientSeed), onSuccess });
}

export function useRotateSeed() {
  const onSuccess = useRotationSuccess();
  return useMutation({ mutationFn: () => rotateSeedRequest(), onSuccess });
}
