import type { GameType } from '@app/contracts';
import type { GameListFilters } from '../api/games.api.ts';
import { useSearchWriter } from './use-search-writer.ts';

/** Spec §3 game query: the name search keeps at most 60 characters. */
export const SEARCH_MAX_LENGTH = 60;

export interface ListFilterControl {
  filters: GameListFilters;
  vassalage: string | undefined;
  classify: string | undefined;
  search: string;
  isNew: boolean;
  isHot: boolean;
  hasFilters: boolean;
  setVendor: (vassalage: string | undefined) => void;
  setClassify: (classify: string | undefined) => void;
  setSearch: (search: string) => void;
  setNew: (on: boolean) => void;
  setHot: (on: boolean) => void;
  clear: () => void;
}

/**
 * A list page's filters live in the address (?vassalage, ?classify, ?q, ?new, ?hot), so a
 * filtered list can be shared, bookmarked and reached from the header's vendor menu.
 */
export function useListFilters(gameType: GameType): ListFilterControl {
  const [params, write] = useSearchWriter();
  const vassalage = params.get('vassalage') || undefined;
  const classify = params.get('classify') || undefined;
  const search = (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  const isNew = params.get('new') === '1';
  const isHot = params.get('hot') === '1';

  const update = (change: (next: URLSearchParams) => void, replace = true) => write(change, replace);
  const setOrDelete = (next: URLSearchParams, key: string, value: string | undefined) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };

  return {
    filters: {
      gameType,
      vassalage,
      gameClassify: classify,
      gameName: search || undefined,
      isNew: isNew || undefined,
      isHot: isHot || undefined,
    },
    vassalage,
    classify,
    search,
    isNew,
    isHot,
    hasFilters: Boolean(vassalage || classify || search || isNew || isHot),
    // Another vendor has other classifies: the classify filter starts again.
    setVendor: (value) =>
      update((next) => {
        setOrDelete(next, 'vassalage', value);
        next.delete('classify');
      }, false),
    setClassify: (value) => update((next) => setOrDelete(next, 'classify', value)),
    setSearch: (value) => update((next) => setOrDelete(next, 'q', value.trim().slice(0, SEARCH_MAX_LENGTH) || undefined)),
    setNew: (on) => update((next) => setOrDelete(next, 'new', on ? '1' : undefined)),
    setHot: (on) => update((next) => setOrDelete(next, 'hot', on ? '1' : undefined)),
    clear: () => update((next) => ['vassalage', 'classify', 'q', 'new', 'hot'].forEach((key) => next.delete(key))),
  };
}
