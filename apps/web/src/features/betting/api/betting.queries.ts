import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Language } from '@app/i18n';
import { fetchBettingRecord, type BettingFilters } from './betting.api.ts';

/** Keyed by token (a new login never shows the previous member's bets) and by language (game names). */
export const bettingKeys = {
  all: ['betting'] as const,
  member: (token: string | null) => [...bettingKeys.all, token] as const,
  record: (token: string | null, filters: BettingFilters, language: Language) => [...bettingKeys.member(token), 'record', filters, language] as const,
};

export function bettingRecordQueryOptions(token: string | null, filters: BettingFilters, language: Language, enabled = true) {
  return queryOptions({
    queryKey: bettingKeys.record(token, filters, language),
    queryFn: ({ signal }) => fetchBettingRecord(filters, language, signal),
    enabled: token !== null && enabled,
    // Paging or changing a filter keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
