import { BettingRecordPageSchema, type BettingRecordPage, type GameType } from '@app/contracts';
import type { Language } from '@app/i18n';
import { apiRequest } from '../../../shared/api-client.ts';

/** The betting record's filters as the page holds them; `gameType` undefined means every product. */
export interface BettingFilters {
  gameType: GameType | undefined;
  from: string;
  to: string;
  pageNo: number;
  pageSize: number;
}

/** The query string of the betting record; "all products" is the absence of `gameType`. */
export function bettingRecordPath(filters: BettingFilters, language: Language): string {
  const params = new URLSearchParams();
  params.set('from', filters.from);
  params.set('to', filters.to);
  if (filters.gameType) params.set('gameType', filters.gameType);
  params.set('pageNo', String(filters.pageNo));
  params.set('pageSize', String(filters.pageSize));
  // Game names come back in the player's language.
  params.set('language', language);
  return `/api/member/betting-record?${params.toString()}`;
}

export function fetchBettingRecord(filters: BettingFilters, language: Language, signal?: AbortSignal): Promise<BettingRecordPage> {
  return apiRequest(bettingRecordPath(filters, language), { schema: BettingRecordPageSchema, signal });
}
