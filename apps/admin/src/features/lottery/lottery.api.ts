import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LotteryAdminDrawDetailSchema,
  LotteryAdminDrawListSchema,
  LotteryAdminExposureSchema,
  LotteryAdminGameListSchema,
  LotteryAdminGameSchema,
  LotteryAdminOddsListSchema,
  LotteryAdminOddsRowSchema,
  LotteryAdminProposalSchema,
  LotteryAdminTicketListSchema,
  type LotteryAdminCap,
  type LotteryAdminCancelRequest,
  type LotteryAdminGameUpdate,
  type LotteryAdminOddsUpdate,
  type LotteryAdminResultRequest,
} from '@app/contracts';
import { api, queryString } from '../../shared/api.ts';

const KEY = ['backoffice', 'lottery'] as const;
const BASE = '/api/backoffice/lottery';
/** Open draws take bets: exposure and counts are read again every few seconds. */
const LIVE_REFRESH_MS = 5_000;

export function useLotteryGames() {
  return useQuery({ queryKey: [...KEY, 'games'], queryFn: ({ signal }) => api('GET', `${BASE}/games`, { schema: LotteryAdminGameListSchema, signal }) });
}

export function useUpdateGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: LotteryAdminGameUpdate }) => api('PATCH', `${BASE}/games/${encodeURIComponent(code)}`, { body, schema: LotteryAdminGameSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useLotteryOdds(filter: { gameCode: string; prizeMode: string }) {
  return useQuery({
    queryKey: [...KEY, 'odds', filter],
    queryFn: ({ signal }) => api('GET', `${BASE}/odds${queryString({ gameCode: filter.gameCode || undefined, prizeMode: filter.prizeMode || undefined })}`, { schema: LotteryAdminOddsListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateOdds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ gameCode, prizeMode, betType, body }: { gameCode: string; prizeMode: string; betType: string; body: LotteryAdminOddsUpdate }) =>
      api('PUT', `${BASE}/odds/${encodeURIComponent(gameCode)}/${encodeURIComponent(prizeMode)}/${encodeURIComponent(betType)}`, { body, schema: LotteryAdminOddsRowSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'odds'] }),
  });
}

export interface DrawFilter {
  gameCode: string;
  status: string;
  page: number;
}

export function useLotteryDraws(filter: DrawFilter) {
  return useQuery({
    queryKey: [...KEY, 'draws', filter],
    queryFn: ({ signal }) => api('GET', `${BASE}/draws${queryString({ gameCode: filter.gameCode || undefined, status: filter.status || undefined, page: filter.page })}`, { schema: LotteryAdminDrawListSchema, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function useLotteryDraw(id: string) {
  return useQuery({ queryKey: [...KEY, 'draw', id], queryFn: ({ signal }) => api('GET', `${BASE}/draws/${encodeURIComponent(id)}`, { schema: LotteryAdminDrawDetailSchema, signal }), refetchInterval: LIVE_REFRESH_MS });
}

export function useDrawExposure(id: string, limit: number) {
  return useQuery({
    queryKey: [...KEY, 'exposure', id, limit],
    queryFn: ({ signal }) => api('GET', `${BASE}/draws/${encodeURIComponent(id)}/exposure${queryString({ limit })}`, { schema: LotteryAdminExposureSchema, signal }),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function useSetCap(drawId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LotteryAdminCap) => api('PUT', `${BASE}/draws/${encodeURIComponent(drawId)}/caps`, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** The maker's proposals: a result (or correction) and a cancellation, decided in Approvals. */
export function useProposeResult(drawId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LotteryAdminResultRequest) => api('POST', `${BASE}/draws/${encodeURIComponent(drawId)}/results`, { body, schema: LotteryAdminProposalSchema }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function useProposeCancel(drawId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LotteryAdminCancelRequest) => api('POST', `${BASE}/draws/${encodeURIComponent(drawId)}/cancel`, { body, schema: LotteryAdminProposalSchema }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export interface TicketFilter {
  drawId: string;
  member: string;
  status: string;
  page: number;
}

export function useLotteryTickets(filter: TicketFilter) {
  return useQuery({
    queryKey: [...KEY, 'tickets', filter],
    queryFn: ({ signal }) =>
      api('GET', `${BASE}/tickets${queryString({ drawId: filter.drawId || undefined, member: filter.member || undefined, status: filter.status || undefined, page: filter.page })}`, { schema: LotteryAdminTicketListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}
