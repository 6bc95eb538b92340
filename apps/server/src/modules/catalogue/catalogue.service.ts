import {
  GAME_TYPES,
  HOME_GAME_PAGE_SIZE,
  type GameMenu,
  type GamePage,
  type GameQuery,
  type GameType,
  type HomeRow,
} from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import { gamesByIds } from './catalogue.repository.ts';
import type { CatalogueSnapshot } from './catalogue-snapshot.ts';
import type { IndexFilter } from './game-index.ts';
import { toWireGame, toWireVendor } from './game-view.ts';
import { createResponseCache } from './response-cache.ts';
import { foldForSearch } from './search-text.ts';

/** Browsing: menu, lists, filters, search and home rows. Public; answers are cached per catalogue version. */
export function createCatalogueService(deps: { db: Db; snapshot: CatalogueSnapshot; imageBase: string; cacheEntries?: number }) {
  const cache = createResponseCache(deps.cacheEntries ?? 5000);
  const { imageBase } = deps;

  function filterOf(query: GameQuery): IndexFilter | undefined {
    const name = query.gameName ? foldForSearch(query.gameName) : '';
    if (query.gameName && !name) return undefined; // only punctuation: nothing can match
    return { gameType: query.gameType, vendor: query.vassalage, classify: query.gameClassify || undefined, isNew: query.isNew, isHot: query.isHot, name: name || undefined };
  }

  async function list(query: GameQuery): Promise<GamePage> {
    const snapshot = await deps.snapshot.get();
    const key = `list:${JSON.stringify(query)}`;
    const cached = cache.get<GamePage>(key, snapshot.version);
    if (cached) return cached;
    const filter = filterOf(query);
    const { ids, total } = filter ? snapshot.index.page(filter, (query.pageNo - 1) * query.pageSize, query.pageSize) : { ids: [], total: 0 };
    const rows = new Map((await gamesByIds(deps.db, ids)).map((row) => [row.id, row]));
    const page: GamePage = {
      // A game removed since the index was built is skipped rather than shown half-empty.
      content: ids.flatMap((id) => {
        const row = rows.get(id);
        return row ? [toWireGame(row, snapshot.vendorByCode.get(row.vendor_code), query.language, imageBase)] : [];
      }),
      pageNum: query.pageNo,
      pageSize: query.pageSize,
      total,
      totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
    };
    cache.set(key, snapshot.version, page);
    return page;
  }

  /** Spec §2: the types that have vendors, ordered by their first vendor's sort order. */
  async function menu(): Promise<GameMenu> {
    const snapshot = await deps.snapshot.get();
    const cached = cache.get<GameMenu>('menu', snapshot.version);
    if (cached) return cached;
    const types = GAME_TYPES.map((gameType) => ({
      gameType,
      vendors: snapshot.vendors
        .filter((vendor) => vendor.enabled && vendor.game_types.includes(gameType))
        .map((vendor) => toWireVendor(vendor, snapshot.index.countByVendor(vendor.code), imageBase)),
    }))
      .filter((entry) => entry.vendors.length > 0)
      .sort((a, b) => a.vendors[0]!.sortOrder - b.vendors[0]!.sortOrder || GAME_TYPES.indexOf(a.gameType) - GAME_TYPES.indexOf(b.gameType));
    const answer = { types };
    cache.set('menu', snapshot.version, answer);
    return answer;
  }

  async function classifies(gameType: GameType | undefined, vendor: string | undefined) {
    const snapshot = await deps.snapshot.get();
    return { classifies: snapshot.index.classifies(gameType, vendor) };
  }

  /** Spec §2 home rows: hot, rng (vendor tiles), sports (vendor tiles), pvp, fish. Favourites are the member's own. */
  async function home(language: 'pt' | 'en' | undefined): Promise<{ rows: HomeRow[] }> {
    const snapshot = await deps.snapshot.get();
    const key = `home:${language ?? ''}`;
    const cached = cache.get<{ rows: HomeRow[] }>(key, snapshot.version);
    if (cached) return cached;
    const gamesRow = async (key: HomeRow['key'], gameType: GameType | null, isHot: boolean): Promise<HomeRow> => {
      const page = await list({ gameType: gameType ?? undefined, isHot: isHot || undefined, language, pageNo: 1, pageSize: HOME_GAME_PAGE_SIZE });
      return { key, kind: 'games', gameType, games: page.content, vendors: [] };
    };
    const menuNow = await menu();
    const vendorsRow = (key: HomeRow['key'], gameType: GameType): HomeRow => ({
      key,
      kind: 'vendors',
      gameType,
      games: [],
      vendors: menuNow.types.find((entry) => entry.gameType === gameType)?.vendors ?? [],
    });
    const rows = [await gamesRow('hot', null, true), vendorsRow('rng', 'RNG'), vendorsRow('sports', 'SPORTS'), await gamesRow('pvp', 'PVP', false), await gamesRow('fish', 'FISH', false)];
    const answer = { rows: rows.filter((row) => row.games.length > 0 || row.vendors.length > 0) };
    cache.set(key, snapshot.version, answer);
    return answer;
  }

  return { list, menu, classifies, home };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
