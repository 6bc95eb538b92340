import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CheckinResultSchema,
  CheckinStateSchema,
  MissionClaimResultSchema,
  MissionLeaderboardSchema,
  MissionSummarySchema,
  MissionUnreadSchema,
  type Language,
  type MissionLeaderboardPeriod,
} from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { memberQueryOptions } from '../../../shared/member-query.ts';
import { useSession } from '../../account/index.ts';
import { bonusKeys } from '../../bonus/index.ts';
import { walletKeys } from '../../wallet/index.ts';

/** The member API's paths (missions-api.md). */
export const MISSIONS_API = {
  summary: (language: Language) => `/api/missions?language=${language}`,
  claim: (id: string, language: Language) => `/api/missions/${id}/claim?language=${language}`,
  unread: '/api/missions/unread',
  seen: '/api/missions/seen',
  leaderboard: (period: MissionLeaderboardPeriod) => `/api/missions/leaderboard?period=${period}`,
  checkin: (language: Language) => `/api/missions/checkin?language=${language}`,
} as const;

/** Keyed by token, like every member query, so a new login never shows another member's missions. */
export const missionKeys = {
  all: ['missions'] as const,
  summary: (token: string | null, language: Language) => ['missions', token, 'summary', language] as const,
  unread: (token: string | null) => ['missions', token, 'unread'] as const,
  leaderboard: (token: string | null, period: MissionLeaderboardPeriod) => ['missions', token, 'leaderboard', period] as const,
  checkin: (token: string | null) => ['missions', token, 'checkin'] as const,
};

function useLanguage(): Language {
  const { i18n } = useTranslation();
  return currentLanguage(i18n);
}

/** The member's missions of the current periods, then the expired ones. Progress moves with play: read again every 15 s while shown. */
export function useMissionSummary() {
  const { token } = useSession();
  const language = useLanguage();
  return useQuery({
    ...memberQueryOptions({ token, queryKey: missionKeys.summary(token, language), fetch: (signal) => apiRequest(MISSIONS_API.summary(language), { schema: MissionSummarySchema, signal }), staleTime: 5_000 }),
    refetchInterval: 15_000,
  });
}

/** The member centre's badge (claimable missions not seen yet, and today's open check-in). */
export function useMissionUnread() {
  const { token, isLoggedIn, isTrial } = useSession();
  return useQuery({
    ...memberQueryOptions({ token, queryKey: missionKeys.unread(token), fetch: (signal) => apiRequest(MISSIONS_API.unread, { schema: MissionUnreadSchema, signal }), staleTime: 30_000 }),
    enabled: token !== null && isLoggedIn && !isTrial,
  });
}

export function useMissionLeaderboard(period: MissionLeaderboardPeriod) {
  const { token } = useSession();
  return useQuery({
    ...memberQueryOptions({ token, queryKey: missionKeys.leaderboard(token, period), fetch: (signal) => apiRequest(MISSIONS_API.leaderboard(period), { schema: MissionLeaderboardSchema, signal }), keepPrevious: true }),
    refetchInterval: 30_000,
  });
}

export function useCheckinState() {
  const { token } = useSession();
  const language = useLanguage();
  return useQuery(memberQueryOptions({ token, queryKey: missionKeys.checkin(token), fetch: (signal) => apiRequest(MISSIONS_API.checkin(language), { schema: CheckinStateSchema, signal }), staleTime: 0 }));
}

/** After a payout: the missions, the badge, the balance and the bonus pages read again. */
function useRefreshAfterPayout() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: missionKeys.all }),
      queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      queryClient.invalidateQueries({ queryKey: bonusKeys.summary(token) }),
    ]);
}

export function useClaimMission() {
  const refresh = useRefreshAfterPayout();
  const language = useLanguage();
  return useMutation({ mutationFn: (id: string) => apiRequest(MISSIONS_API.claim(id, language), { method: 'POST', schema: MissionClaimResultSchema }), onSettled: refresh });
}

export function useCheckIn() {
  const refresh = useRefreshAfterPayout();
  const language = useLanguage();
  return useMutation({ mutationFn: () => apiRequest(MISSIONS_API.checkin(language), { method: 'POST', schema: CheckinResultSchema }), onSettled: refresh });
}

/** Opening the missions tab clears the unread badge. */
export function useMarkMissionsSeen() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  return useMutation({ mutationFn: () => apiRequest(MISSIONS_API.seen, { method: 'POST' }), onSettled: () => queryClient.invalidateQueries({ queryKey: missionKeys.unread(token) }) });
}
