import { useQuery } from '@tanstack/react-query';
import { ReferralOverviewSchema, ReferralStateSchema, type ReferralOverview, type ReferralState } from '@app/contracts';
import { apiRequest } from '../../shared/api-client.ts';
import { memberQueryOptions } from '../../shared/member-query.ts';
import { getToken } from '../../shared/session-token.ts';

export const referralKeys = {
  state: ['referral', 'state'] as const,
  overview: (token: string | null) => ['referral', token, 'overview'] as const,
};

/** availablePromo REFERRAL.enabled (spec §3): the side menu's invite entry and the edge icon show only when true. */
export function useReferralState() {
  return useQuery({
    queryKey: referralKeys.state,
    queryFn: ({ signal }): Promise<ReferralState> => apiRequest('/api/referral/state', { schema: ReferralStateSchema, signal, token: null }),
    staleTime: 60_000,
  });
}

export function referralOverviewQueryOptions(token: string | null) {
  return memberQueryOptions({ token, queryKey: referralKeys.overview(token), fetch: (signal): Promise<ReferralOverview> => apiRequest('/api/referral', { schema: ReferralOverviewSchema, signal }) });
}

export function useReferralOverview() {
  // Friends' progress moves with their play: the page follows it while open.
  return useQuery({ ...referralOverviewQueryOptions(getToken()), refetchInterval: 15_000 });
}
