import { useQuery } from '@tanstack/react-query';
import { LeaderboardSchema, WinnersBoardSchema, type Leaderboard, type LeaderboardPeriod, type WinnersBoard } from '@app/contracts';
import type { Language } from '@app/i18n';
import { apiRequest } from '../../../shared/api-client.ts';

/** Public boards from real settled wins (GET /api/winners, /api/winners/leaderboard). */
export function fetchWinners(language: Language, signal?: AbortSignal): Promise<WinnersBoard> {
  return apiRequest(`/api/winners?language=${language}`, { schema: WinnersBoardSchema, signal, token: null });
}

export function fetchLeaderboard(period: LeaderboardPeriod, signal?: AbortSignal): Promise<Leaderboard> {
  return apiRequest(`/api/winners/leaderboard?period=${period}`, { schema: LeaderboardSchema, signal, token: null });
}

/** The server keeps boards 30 s; asking again each minute keeps the home page fresh. */
const REFRESH_MS = 60_000;

export function useWinners(language: Language) {
  return useQuery({ queryKey: ['winners', 'board', language], queryFn: ({ signal }) => fetchWinners(language, signal), refetchInterval: REFRESH_MS, staleTime: 30_000 });
}

export function useLeaderboard(period: LeaderboardPeriod) {
  return useQuery({ queryKey: ['winners', 'leaderboard', period], queryFn: ({ signal }) => fetchLeaderboard(period, signal), refetchInterval: REFRESH_MS, staleTime: 30_000 });
}
