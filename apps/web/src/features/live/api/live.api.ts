import { queryOptions } from '@tanstack/react-query';
import {
  LiveBetResponseSchema,
  LiveChatMessageSchema,
  LiveLobbySchema,
  LiveMeSchema,
  LiveRoundDetailSchema,
  LiveTableStateSchema,
  type LiveBetRequest,
} from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';
import { memberQueryOptions } from '../../../shared/member-query.ts';
import { liveClock } from './live-clock.ts';

/**
 * The live tables' endpoints (contracts live-tables.ts). The lobby, a table's state and a
 * finished round are public; /me, bets and chat need a member.
 */
export const liveKeys = {
  all: ['live'] as const,
  /** Every language's lobby (pushes patch them all). */
  lobbies: () => ['live', 'lobby'] as const,
  lobby: (language: string) => ['live', 'lobby', language] as const,
  tables: (code: string) => ['live', 'table', code] as const,
  table: (code: string, language: string) => ['live', 'table', code, language] as const,
  round: (id: string, token: string | null, language: string) => ['live', 'round', id, token, language] as const,
  /** Keyed by token: a new login never shows the previous member's bets. */
  me: (code: string, token: string | null) => ['live', 'me', code, token] as const,
};

const path = (code: string) => `/api/live/tables/${encodeURIComponent(code)}`;

/** Table names come in the page's language (Accept-Language), so every table answer is keyed by it. */
export const lobbyQueryOptions = (language: string) =>
  queryOptions({
    queryKey: liveKeys.lobby(language),
    queryFn: async ({ signal }) => {
      const lobby = await apiRequest('/api/live/tables', { schema: LiveLobbySchema, signal, token: null, language });
      liveClock.sample(lobby.serverTime);
      return lobby;
    },
    // A slow safety read; /ws live.lobby carries every change in between.
    refetchInterval: 30_000,
  });

export const tableQueryOptions = (code: string, language: string) =>
  queryOptions({
    queryKey: liveKeys.table(code, language),
    queryFn: async ({ signal }) => {
      const state = await apiRequest(path(code), { schema: LiveTableStateSchema, signal, language });
      liveClock.sample(state.serverTime);
      return state;
    },
    refetchInterval: 30_000,
  });

export const liveMeQueryOptions = (code: string, token: string | null) =>
  memberQueryOptions({ token, queryKey: liveKeys.me(code, token), fetch: (signal) => apiRequest(`${path(code)}/me`, { schema: LiveMeSchema, signal }) });

/** A round with what verifies it; the member's own bets when signed in (the token rides along). */
export const liveRoundQueryOptions = (id: string, token: string | null, language: string) =>
  queryOptions({
    queryKey: liveKeys.round(id, token, language),
    // Signed in: /me adds the member's own bets (the public route answers none).
    queryFn: ({ signal }) => apiRequest(`/api/live/rounds/${encodeURIComponent(id)}${token ? '/me' : ''}`, { schema: LiveRoundDetailSchema, signal, language, token }),
  });

/** The same requestId answers with the first bet: a double click or a retry places once. */
export const placeLiveBet = (code: string, request: LiveBetRequest) => apiRequest(`${path(code)}/bets`, { method: 'POST', body: request, schema: LiveBetResponseSchema });

const ChatAnswerSchema = {
  parse(data: unknown) {
    const body = (data ?? {}) as { message?: unknown };
    const parsed = LiveChatMessageSchema.safeParse(body.message);
    return parsed.success ? parsed.data : null;
  },
};

export const sendLiveChat = (code: string, text: string) => apiRequest(`${path(code)}/chat`, { method: 'POST', body: { text }, schema: ChatAnswerSchema });
