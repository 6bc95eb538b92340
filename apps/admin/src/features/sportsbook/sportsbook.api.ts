import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SportsbookAdminAlertListSchema,
  SportsbookAdminChangeSchema,
  SportsbookAdminEventDetailSchema,
  SportsbookAdminEventListSchema,
  SportsbookAdminFeedHealthSchema,
  SportsbookAdminLiabilityListSchema,
  SportsbookAdminTicketDetailSchema,
  SportsbookAdminTicketListSchema,
  SportsbookAdminVoidResultSchema,
  type SportsbookAdminCreateEvent,
  type SportsbookAdminResult,
} from '@app/contracts';
import { api, queryString } from '../../shared/api.ts';

const KEY = ['backoffice', 'sportsbook'] as const;
const BASE = '/api/backoffice/sportsbook';
/** The book moves: live screens read it again every few seconds. */
const LIVE_REFRESH_MS = 5_000;

export function useSportsbookEvents(filter: { q: string; status: string; page: number }) {
  return useQuery({
    queryKey: [...KEY, 'events', filter],
    queryFn: ({ signal }) => api('GET', `${BASE}/events${queryString({ q: filter.q, status: filter.status, page: filter.page })}`, { schema: SportsbookAdminEventListSchema, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function useSportsbookEvent(id: string) {
  return useQuery({ queryKey: [...KEY, 'event', id], queryFn: ({ signal }) => api('GET', `${BASE}/events/${encodeURIComponent(id)}`, { schema: SportsbookAdminEventDetailSchema, signal }), refetchInterval: LIVE_REFRESH_MS });
}

/**
 * Every change of the book: one request id per submission (made by the caller when the operator
 * confirms, kept across a retry of the same submission), so a double click applies once.
 */
export function useBookChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: Record<string, unknown> & { requestId: string } }) => api('POST', `${BASE}${path}`, { body, schema: SportsbookAdminChangeSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SportsbookAdminCreateEvent) => api('POST', `${BASE}/events`, { body, schema: SportsbookAdminChangeSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useEnterResult(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SportsbookAdminResult) => api('POST', `${BASE}/events/${encodeURIComponent(eventId)}/results`, { body, schema: SportsbookAdminChangeSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useLiability() {
  return useQuery({ queryKey: [...KEY, 'liability'], queryFn: ({ signal }) => api('GET', `${BASE}/liability`, { schema: SportsbookAdminLiabilityListSchema, signal }), refetchInterval: LIVE_REFRESH_MS });
}

export function useAlerts(filter: { acknowledged: string; page: number }) {
  return useQuery({
    queryKey: [...KEY, 'alerts', filter],
    queryFn: ({ signal }) => api('GET', `${BASE}/alerts${queryString(filter)}`, { schema: SportsbookAdminAlertListSchema, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function useAcknowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticketId: string) => api('POST', `${BASE}/alerts/${ticketId}/acknowledge`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'alerts'] }),
  });
}

export interface TicketFilter {
  account: string;
  status: string;
  eventId: string;
  from: string;
  to: string;
  minStake: string;
  flagged: string;
  page: number;
}

export function useTickets(filter: TicketFilter) {
  return useQuery({
    queryKey: [...KEY, 'tickets', filter],
    queryFn: ({ signal }) => api('GET', `${BASE}/tickets${queryString({ ...filter })}`, { schema: SportsbookAdminTicketListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(id: string) {
  return useQuery({ queryKey: [...KEY, 'ticket', id], queryFn: ({ signal }) => api('GET', `${BASE}/tickets/${encodeURIComponent(id)}`, { schema: SportsbookAdminTicketDetailSchema, signal }) });
}

export function useVoidTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { requestId: string; reason: string }) => api('POST', `${BASE}/tickets/${encodeURIComponent(id)}/void`, { body, schema: SportsbookAdminVoidResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useFeedHealth() {
  return useQuery({ queryKey: [...KEY, 'feed'], queryFn: ({ signal }) => api('GET', `${BASE}/feed-health`, { schema: SportsbookAdminFeedHealthSchema, signal }), refetchInterval: LIVE_REFRESH_MS });
}
