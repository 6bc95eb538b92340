import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VipOverviewSchema, VipStateSchema, type VipOverview, type VipState } from '@app/contracts';
import { apiRequest } from '../../shared/api-client.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { memberQueryOptions } from '../../shared/member-query.ts';
import { getToken } from '../../shared/session-token.ts';

/** Keyed by token, like every member query, so a new login never shows another member's level. */
export const vipKeys = {
  overview: (token: string | null) => ['vip', token, 'overview'] as const,
  state: (token: string | null, language: string) => ['vip', token, 'state', language] as const,
  /** Every language's state, to invalidate together. */
  states: (token: string | null) => ['vip', token, 'state'] as const,
};

export function vipOverviewQueryOptions(token: string | null) {
  return memberQueryOptions({ token, queryKey: vipKeys.overview(token), fetch: (signal): Promise<VipOverview> => apiRequest('/api/vip', { schema: VipOverviewSchema, signal }) });
}

/** hasVip, vipLabelName and vipRankLevel (spec §3) in the interface language. */
export function useVipState() {
  const { i18n } = useTranslation();
  const token = getToken();
  const language = currentLanguage(i18n);
  return useQuery(
    memberQueryOptions({
      token,
      queryKey: vipKeys.state(token, language),
      fetch: (signal): Promise<VipState> => apiRequest(`/api/vip/state?lang=${language}`, { schema: VipStateSchema, signal }),
      staleTime: 60_000,
    }),
  );
}
