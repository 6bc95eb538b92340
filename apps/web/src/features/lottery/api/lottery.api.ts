import { queryOptions } from '@tanstack/react-query';
import {
  LotteryDrawSchema,
  LotteryGameListSchema,
  LotteryGameSchema,
  LotteryResultListSchema,
  LotteryTicketListSchema,
  LotteryTicketSchema,
  LotteryVerificationSchema,
  type LotteryArea,
  type LotteryPrizeMode,
  type PlaceLotteryTicketRequest,
} from '@app/contracts';
import { apiRequest, type RequestOptions } from '../../../shared/api-client.ts';
import { memberQueryOptions } from '../../../shared/member-query.ts';
import { sampleServerDate } from './server-clock.ts';

export type TicketStatusFilter = 'open' | 'settled';

/** Every lottery read samples the server's clock (server-clock.ts) on the way. */
function lotteryRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const sentAt = Date.now();
  return apiRequest(path, { ...options, onHeaders: (headers) => sampleServerDate(headers, sentAt) });
}

export const lotteryKeys = {
  all: ['lottery'] as const,
  games: (area: LotteryArea | null, prizeMode: LotteryPrizeMode | null) => ['lottery', 'games', area, prizeMode] as const,
  game: (code: string, prizeMode: LotteryPrizeMode | null) => ['lottery', 'game', code, prizeMode] as const,
  results: (code: string, limit: number) => ['lottery', 'results', code, limit] as const,
  draw: (id: string) => ['lottery', 'draw', id] as const,
  verify: (id: string) => ['lottery', 'verify', id] as const,
  member: (token: string | null) => ['lottery', token] as const,
  tickets: (token: string | null, status: TicketStatusFilter, gameCode: string | null) => ['lottery', token, 'tickets', status, gameCode] as const,
  recent: (token: string | null) => ['lottery', token, 'recent'] as const,
};

/** The lobby's games with their next draw; asked again often, since fast draws open every minute. */
export const gamesQueryOptions = (area: LotteryArea | null, prizeMode: LotteryPrizeMode | null = null) =>
  queryOptions({
    queryKey: lotteryKeys.games(area, prizeMode),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (area) params.set('area', area);
      if (prizeMode) params.set('prizeMode', prizeMode);
      const query = params.toString();
      return lotteryRequest(`/api/lottery/games${query ? `?${query}` : ''}`, { schema: LotteryGameListSchema, signal });
    },
    refetchInterval: 20_000,
  });

/** One game, its bet types with the odds of `prizeMode`, and its next draw. */
export const gameQueryOptions = (code: string, prizeMode: LotteryPrizeMode | null) =>
  queryOptions({
    queryKey: lotteryKeys.game(code, prizeMode),
    queryFn: ({ signal }) =>
      lotteryRequest(`/api/lottery/games/${encodeURIComponent(code)}${prizeMode ? `?prizeMode=${prizeMode}` : ''}`, { schema: LotteryGameSchema, signal }),
    refetchInterval: 30_000,
  });

export const resultsQueryOptions = (code: string, limit = 30) =>
  queryOptions({
    queryKey: lotteryKeys.results(code, limit),
    queryFn: ({ signal }) =>
      lotteryRequest(`/api/lottery/results?gameCode=${encodeURIComponent(code)}&limit=${limit}`, { schema: LotteryResultListSchema, signal }),
    refetchInterval: 30_000,
  });

export const drawQueryOptions = (id: string) =>
  queryOptions({ queryKey: lotteryKeys.draw(id), queryFn: ({ signal }) => lotteryRequest(`/api/lottery/draws/${encodeURIComponent(id)}`, { schema: LotteryDrawSchema, signal }) });

export const verifyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: lotteryKeys.verify(id),
    queryFn: ({ signal }) => lotteryRequest(`/api/lottery/draws/${encodeURIComponent(id)}/verify`, { schema: LotteryVerificationSchema, signal }),
  });

export const ticketsQueryOptions = (token: string | null, status: TicketStatusFilter, gameCode: string | null = null) =>
  memberQueryOptions({
    token,
    queryKey: lotteryKeys.tickets(token, status, gameCode),
    fetch: (signal) =>
      lotteryRequest(`/api/lottery/tickets?status=${status}${gameCode ? `&gameCode=${encodeURIComponent(gameCode)}` : ''}`, { schema: LotteryTicketListSchema, signal }),
  });

/**
 * The member's recent lotteries (spec §7 "recent lottery"). The contract does not fix this
 * answer's shape, so only the game codes are read, from `games` or `recent` items.
 */
const RecentSchema = {
  parse(data: unknown): string[] {
    const body = (data ?? {}) as { games?: unknown; recent?: unknown };
    const items = [body.games, body.recent].flatMap((list) => (Array.isArray(list) ? (list as unknown[]) : []));
    const codes = items.map((item) => {
      const entry = (item ?? {}) as { code?: unknown; gameCode?: unknown };
      return typeof entry.code === 'string' ? entry.code : entry.gameCode;
    });
    return [...new Set(codes.filter((code): code is string => typeof code === 'string'))];
  },
};

export const recentQueryOptions = (token: string | null) =>
  memberQueryOptions({ token, queryKey: lotteryKeys.recent(token), fetch: (signal) => lotteryRequest('/api/lottery/recent', { schema: RecentSchema, signal }) });

/** The same requestId answers with the first ticket: a double click or a retry places once. */
export const placeLotteryTicket = (request: PlaceLotteryTicketRequest) =>
  lotteryRequest('/api/lottery/tickets', { method: 'POST', body: request, schema: LotteryTicketSchema });

export const lotteryTicketRequest = (id: string) => lotteryRequest(`/api/lottery/tickets/${encodeURIComponent(id)}`, { schema: LotteryTicketSchema });
