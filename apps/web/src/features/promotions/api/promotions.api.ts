import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApplicationImageRefSchema,
  ClaimResultSchema,
  EnvelopeGrabSchema,
  PlayerPromotionListSchema,
  RewardCentreSchema,
  RewardSchema,
  RewardSummarySchema,
  type Language,
} from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';
import { memberQueryOptions } from '../../../shared/member-query.ts';
import { useSession } from '../../account/index.ts';
import { useContentLanguage } from '../../content/index.ts';

export const promotionKeys = {
  all: ['promotions'] as const,
  list: (token: string | null, language: Language) => ['promotions', 'list', token, language] as const,
  rewards: (token: string | null, language: Language) => ['promotions', 'rewards', token, language] as const,
  summary: (token: string | null) => ['promotions', 'summary', token] as const,
};

/** /promotions: the member's list with states when logged in, the public list otherwise. */
export function usePromotions() {
  const { token, isLoggedIn, isResolving } = useSession();
  const language = useContentLanguage();
  const mine = isLoggedIn;
  return useQuery({
    queryKey: promotionKeys.list(mine ? token : null, language),
    queryFn: ({ signal }) => apiRequest(`/api/promotions${mine ? '/mine' : ''}?language=${language}`, { schema: PlayerPromotionListSchema, signal, ...(mine ? {} : { token: null }) }),
    enabled: !isResolving,
  });
}

export function useRewardCentre() {
  const { token } = useSession();
  const language = useContentLanguage();
  return useQuery(memberQueryOptions({ token, queryKey: promotionKeys.rewards(token, language), fetch: (signal) => apiRequest(`/api/rewards?language=${language}`, { schema: RewardCentreSchema, signal }) }));
}

/** Badge counts (claimable rewards not yet seen, promotions to join): read on every page of the shell. */
export function useRewardSummary() {
  const { token, isLoggedIn, isTrial } = useSession();
  return useQuery({
    ...memberQueryOptions({ token, queryKey: promotionKeys.summary(token), fetch: (signal) => apiRequest('/api/rewards/summary', { schema: RewardSummarySchema, signal }), staleTime: 30_000 }),
    enabled: token !== null && isLoggedIn && !isTrial,
  });
}

/** Every promotions and rewards answer is read again after a change. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: promotionKeys.all });
}

export function useJoin() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => apiRequest(`/api/promotions/${id}/join`, { method: 'POST' }), onSettled: refresh });
}

export function useGrab() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => apiRequest(`/api/promotions/${id}/grab`, { method: 'POST', schema: EnvelopeGrabSchema }), onSettled: refresh });
}

export function useUploadImage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) =>
      apiRequest(`/api/promotions/${id}/application/images`, { method: 'POST', raw: { data: file, contentType: file.type || 'application/octet-stream' }, schema: ApplicationImageRefSchema }),
    onSettled: refresh,
  });
}

export function useRemoveImage() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: ({ id, imageId }: { id: string; imageId: string }) => apiRequest(`/api/promotions/${id}/application/images/${imageId}`, { method: 'DELETE' }), onSettled: refresh });
}

export function useSubmitApplication() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: ({ id, comment }: { id: string; comment: string }) => apiRequest(`/api/promotions/${id}/application`, { method: 'POST', body: { comment } }), onSettled: refresh });
}

export function useClaim() {
  const refresh = useRefresh();
  const language = useContentLanguage();
  return useMutation({ mutationFn: (id: string) => apiRequest(`/api/rewards/${id}/claim?language=${language}`, { method: 'POST', schema: RewardSchema }), onSettled: refresh });
}

export function useClaimAll() {
  const refresh = useRefresh();
  const language = useContentLanguage();
  return useMutation({ mutationFn: () => apiRequest(`/api/rewards/claim-all?language=${language}`, { method: 'POST', schema: ClaimResultSchema }), onSettled: refresh });
}

export function useMarkSeen() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({ mutationFn: () => apiRequest('/api/rewards/seen', { method: 'POST' }), onSettled: () => queryClient.invalidateQueries({ queryKey: promotionKeys.summary(token) }) });
}
