import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  SportsbookCashOutQuoteSchema,
  SportsbookCashOutResultSchema,
  SportsbookEventDetailSchema,
  SportsbookEventListSchema,
  SportsbookSportListSchema,
  SportsbookTicketListSchema,
  SportsbookTicketSchema,
  type PlaceTicketRequest,
  type SportsbookCashOutRequest,
} from '@app/contracts';
import { apiRequest } from '../../../shared/api-client.ts';
import { memberQueryOptions } from '../../../shared/member-query.ts';

export type EventListState = 'live' | 'upcoming';

/** The book's reads are public; tickets are keyed by token like every member query. */
export const sportsbookKeys = {
  all: ['sportsbook'] as const,
  sports: () => ['sportsbook', 'sports'] as const,
  events: (filter: string | null, state: EventListState) => ['sportsbook', 'events', filter, state] as const,
  event: (id: string) => ['sportsbook', 'event', id] as const,
  tickets: (token: string | null, status: 'open' | 'settled') => ['sportsbook', token, 'tickets', status] as const,
  cashOut: (token: string | null, id: string) => ['sportsbook', token, 'cash-out', id] as const,
};

export const sportsQueryOptions = () =>
  queryOptions({ queryKey: sportsbookKeys.sports(), queryFn: ({ signal }) => apiRequest('/api/sportsbook/sports', { schema: SportsbookSportListSchema, signal }), refetchInterval: 30_000 });

export const PAGE_SIZE = 20;

/** Which events a list shows: one sport, a whole centre by kind (every e-sport, every cockfight), or the whole book (null). */
export type EventFilter = { sport: string } | { kind: 'esport' | 'cockfight' } | null;
const filterKey = (filter: EventFilter) => (filter === null ? null : 'sport' in filter ? `sport:${filter.sport}` : `kind:${filter.kind}`);

/** One list ("live now" or "starting soon") paged by the server's cursor; live lists refresh every few seconds. */
export const eventsQueryOptions = (filter: EventFilter, state: EventListState) =>
  infiniteQueryOptions({
    queryKey: sportsbookKeys.events(filterKey(filter), state),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ state, limit: String(PAGE_SIZE) });
      if (filter && 'sport' in filter) params.set('sport', filter.sport);
      if (filter && 'kind' in filter) params.set('kind', filter.kind);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest(`/api/sportsbook/events?${params.toString()}`, { schema: SportsbookEventListSchema, signal });
    },
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: state === 'live' ? 5_000 : 30_000,
  });

/** Pushed over /ws as well (book-live.ts); the polling is the fallback: a live event's page asks again every 3 s, a pre-match one every 15 s. */
export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: sportsbookKeys.event(id),
    queryFn: ({ signal }) => apiRequest(`/api/sportsbook/events/${encodeURIComponent(id)}`, { schema: SportsbookEventDetailSchema, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'live' ? 3_000 : 15_000),
  });

export const ticketsQueryOptions = (token: string | null, status: 'open' | 'settled') =>
  memberQueryOptions({
    token,
    queryKey: sportsbookKeys.tickets(token, status),
    fetch: (signal) => apiRequest(`/api/sportsbook/tickets?status=${status}`, { schema: SportsbookTicketListSchema, signal }),
  });

/** The same requestId answers with the first ticket: a double click or a retry places once. */
export const placeTicketRequest = (request: PlaceTicketRequest) => apiRequest('/api/sportsbook/tickets', { method: 'POST', body: request, schema: SportsbookTicketSchema });

export const ticketRequest = (id: string) => apiRequest(`/api/sportsbook/tickets/${encodeURIComponent(id)}`, { schema: SportsbookTicketSchema });

/** The cash-out offer of one of my open tickets (full price, partial range); pushed fresh over /ws. */
export const cashOutQueryOptions = (token: string | null, id: string) =>
  memberQueryOptions({
    token,
    queryKey: sportsbookKeys.cashOut(token, id),
    fetch: (signal) => apiRequest(`/api/sportsbook/tickets/${encodeURIComponent(id)}/cash-out`, { schema: SportsbookCashOutQuoteSchema, signal }),
  });

/** Paid at the accepted price or refused (409 sportsbook.cashout_price_changed with the new quote). */
export const cashOutRequest = (id: string, request: SportsbookCashOutRequest) =>
  apiRequest(`/api/sportsbook/tickets/${encodeURIComponent(id)}/cash-out`, { method: 'POST', body: request, schema: SportsbookCashOutResultSchema });
