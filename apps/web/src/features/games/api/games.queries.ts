import { infiniteQueryOptions, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { GAME_LIST_PAGE_SIZE, type GamePage, type GameType } from '@app/contracts';
import type { Language } from '@app/i18n';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n.ts';
import { memberQueryOptions } from '../../../shared/member-query.ts';
import { getToken } from '../../../shared/session-token.ts';
import { accountKeys } from '../../account/index.ts';
import { walletKeys } from '../../wallet/index.ts';
import {
  fetchClassifies,
  fetchFavoriteIds,
  fetchFavorites,
  fetchGameMenu,
  fetchGames,
  fetchHomeRows,
  fetchRecent,
  type GameListFilters,
} from './games.api.ts';

/** Names come in the player's language, so every list is keyed by it; member lists also by token. */
export const gameKeys = {
  all: ['games'] as const,
  menu: () => [...gameKeys.all, 'menu'] as const,
  lists: () => [...gameKeys.all, 'list'] as const,
  list: (filters: GameListFilters, language: Language, pageSize: number) => [...gameKeys.lists(), filters, language, pageSize] as const,
  classifies: (gameType: GameType, vassalage: string | undefined) => [...gameKeys.all, 'classifies', gameType, vassalage ?? null] as const,
  home: (language: Language) => [...gameKeys.all, 'home', language] as const,
  member: (token: string | null) => [...gameKeys.all, 'member', token] as const,
  favoriteIds: (token: string | null) => [...gameKeys.member(token), 'favoriteIds'] as const,
  favorites: (token: string | null) => [...gameKeys.member(token), 'favorites'] as const,
  favoritePages: (token: string | null, language: Language, pageSize: number) => [...gameKeys.favorites(token), language, pageSize] as const,
  recent: (token: string | null) => [...gameKeys.member(token), 'recent'] as const,
  recentPages: (token: string | null, language: Language) => [...gameKeys.recent(token), language] as const,
  launch: (attempt: string) => [...gameKeys.all, 'launch', attempt] as const,
};

const FIVE_MINUTES = 5 * 60_000;

/** Pages start at 1 (spec §9); the next one exists while pageNum is below totalPages. */
function nextPageOf(page: GamePage): number | undefined {
  return page.pageNum < page.totalPages ? page.pageNum + 1 : undefined;
}

export function gameMenuQueryOptions() {
  // The menu changes when an operator enables a vendor: long-lived, shared by header and pages.
  return queryOptions({ queryKey: gameKeys.menu(), queryFn: ({ signal }) => fetchGameMenu(signal), staleTime: FIVE_MINUTES });
}

export function useGameMenu() {
  return useQuery(gameMenuQueryOptions());
}

export function gameListQueryOptions(filters: GameListFilters, language: Language, pageSize = GAME_LIST_PAGE_SIZE, enabled = true) {
  return infiniteQueryOptions({
    queryKey: gameKeys.list(filters, language, pageSize),
    queryFn: ({ pageParam, signal }) => fetchGames(filters, { pageNo: pageParam, pageSize, language }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled,
  });
}

export function classifiesQueryOptions(gameType: GameType, vassalage: string | undefined) {
  return queryOptions({
    queryKey: gameKeys.classifies(gameType, vassalage),
    queryFn: ({ signal }) => fetchClassifies(gameType, vassalage, signal),
    staleTime: FIVE_MINUTES,
  });
}

export function homeRowsQueryOptions(language: Language) {
  return queryOptions({ queryKey: gameKeys.home(language), queryFn: ({ signal }) => fetchHomeRows(language, signal), staleTime: 60_000 });
}

export function favoriteIdsQueryOptions(token: string | null) {
  return memberQueryOptions({ token, queryKey: gameKeys.favoriteIds(token), fetch: fetchFavoriteIds, staleTime: FIVE_MINUTES });
}

export function favoritesQueryOptions(token: string | null, language: Language, pageSize = GAME_LIST_PAGE_SIZE, enabled = true) {
  return infiniteQueryOptions({
    queryKey: gameKeys.favoritePages(token, language, pageSize),
    queryFn: ({ pageParam, signal }) => fetchFavorites({ pageNo: pageParam, pageSize, language }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: token !== null && enabled,
  });
}

export function recentQueryOptions(token: string | null, language: Language) {
  return infiniteQueryOptions({
    queryKey: gameKeys.recentPages(token, language),
    queryFn: ({ pageParam, signal }) => fetchRecent({ pageNo: pageParam, pageSize: GAME_LIST_PAGE_SIZE, language }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled: token !== null,
  });
}

export function useGameLanguage(): Language {
  const { i18n } = useTranslation();
  return currentLanguage(i18n);
}

/** A launch changes what "recently played" shows. */
export function invalidateRecent(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: gameKeys.recent(getToken()) });
}

/** Money came back from a vendor: the header and the wallet pages re-read the balance. */
export function invalidateBalances(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: accountKeys.memberInfo(getToken()) });
  void queryClient.invalidateQueries({ queryKey: walletKeys.all });
}
