import type { GamePage } from '@app/contracts';
import { AppError } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { findGameById, type GameRow } from './catalogue.repository.ts';
import type { CatalogueSnapshot } from './catalogue-snapshot.ts';
import { toWireGame } from './game-view.ts';
import { addFavorite, favoriteIds, favoritePage, recentPage, removeFavorite, type MemberListFilter } from './player-games.repository.ts';

interface PageQuery {
  pageNo: number;
  pageSize: number;
  language?: 'pt' | 'en';
}

/** A member's favourites (spec §4: add and remove are idempotent) and recently launched games. */
export function createPlayerGamesService(deps: { db: Db; snapshot: CatalogueSnapshot; imageBase: string }) {
  async function toPage(rows: (GameRow & { total: bigint })[], query: PageQuery): Promise<GamePage> {
    const snapshot = await deps.snapshot.get();
    const total = Number(rows[0]?.total ?? 0n);
    return {
      content: rows.map((row) => toWireGame(row, snapshot.vendorByCode.get(row.vendor_code), query.language, deps.imageBase)),
      pageNum: query.pageNo,
      pageSize: query.pageSize,
      total,
      totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
    };
  }

  return {
    async ids(memberId: bigint) {
      return { ids: (await favoriteIds(deps.db, memberId)).map(String) };
    },

    async add(memberId: bigint, gameId: number) {
      const game = await findGameById(deps.db, gameId);
      if (!game || !game.enabled) throw new AppError('catalogue.game_not_found', 'no such game');
      await addFavorite(deps.db, memberId, gameId);
    },

    /** Removing a game that is not a favourite (or does not exist) is already done. */
    async remove(memberId: bigint, gameId: number) {
      await removeFavorite(deps.db, memberId, gameId);
    },

    async favorites(memberId: bigint, query: PageQuery & { gameType?: string; vendor?: string }) {
      const filter: MemberListFilter = { gameType: query.gameType, vendor: query.vendor };
      return toPage(await favoritePage(deps.db, memberId, filter, query.pageSize, (query.pageNo - 1) * query.pageSize), query);
    },

    async recent(memberId: bigint, query: PageQuery) {
      return toPage(await recentPage(deps.db, memberId, query.pageSize, (query.pageNo - 1) * query.pageSize), query);
    },
  };
}

export type PlayerGamesService = ReturnType<typeof createPlayerGamesService>;
