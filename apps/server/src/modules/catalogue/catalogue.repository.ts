import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';
import type { IndexedGame } from './game-index.ts';

/** SQL only: the catalogue's reads. Every function takes the executor first. */

export interface VendorRow {
  code: string;
  display_name: string;
  logo_path: string;
  game_types: string[];
  sort_order: number;
  wallet_mode: 'seamless' | 'transfer';
  transfer_amount: bigint | null;
  is_game: 'VASSALAGE' | 'GAME';
  enabled: boolean;
  maintenance: boolean;
  is_demo: boolean;
}

export interface GameRow {
  id: number;
  vendor_code: string;
  game_code: string;
  game_type: string;
  classify: string;
  names: Record<string, string>;
  icon_path: string;
  is_hot: boolean;
  is_new: boolean;
  min_bet: bigint;
  min_line_num: number;
  rtp: string | null;
  demo_supported: boolean;
  enabled: boolean;
  maintenance: boolean;
  is_demo: boolean;
}

/** The columns every game read selects (table alias g). */
export const GAME_COLUMNS = sql.raw(
  'g.id, g.vendor_code, g.game_code, g.game_type, g.classify, g.names, g.icon_path, g.is_hot, g.is_new, g.min_bet, g.min_line_num, g.rtp::text as rtp, g.demo_supported, g.enabled, g.maintenance, g.is_demo',
);

export async function listVendors(db: DbExecutor): Promise<VendorRow[]> {
  const result = await sql<VendorRow>`
    select code, display_name, logo_path, game_types, sort_order, wallet_mode, transfer_amount, is_game, enabled, maintenance, is_demo
    from catalogue_vendor order by sort_order, code`.execute(db);
  return result.rows;
}

/** What the in-memory game index holds: listable games (enabled, of an enabled vendor) in list order. */
export async function listIndexRows(db: DbExecutor): Promise<IndexedGame[]> {
  const result = await sql<IndexedGame>`
    select g.id, g.game_type as "gameType", g.vendor_code as vendor, g.classify, g.is_new as "isNew", g.is_hot as "isHot", g.search_text as search
    from catalogue_game g join catalogue_vendor v on v.code = g.vendor_code
    where g.enabled and v.enabled
    order by g.rank, g.id`.execute(db);
  return result.rows;
}

/** The rows of one page, by primary key; the caller puts them in list order. */
export async function gamesByIds(db: DbExecutor, ids: readonly number[]): Promise<GameRow[]> {
  if (ids.length === 0) return [];
  const result = await sql<GameRow>`select ${GAME_COLUMNS} from catalogue_game g where g.id = any(${[...ids]}::int[])`.execute(db);
  return result.rows;
}

export async function findGameById(db: DbExecutor, id: number): Promise<GameRow | undefined> {
  const result = await sql<GameRow>`select ${GAME_COLUMNS} from catalogue_game g where g.id = ${id}`.execute(db);
  return result.rows[0];
}

export async function findGameByCode(db: DbExecutor, vendor: string, gameCode: string): Promise<GameRow | undefined> {
  const result = await sql<GameRow>`
    select ${GAME_COLUMNS} from catalogue_game g where g.vendor_code = ${vendor} and g.game_code = ${gameCode}`.execute(db);
  return result.rows[0];
}

/** Playable games of the same type to offer when one is under maintenance, hot ones first. */
export async function alternativeGames(db: DbExecutor, gameType: string, excludeId: number, unavailableVendors: readonly string[], limit: number): Promise<GameRow[]> {
  const result = await sql<GameRow>`
    select ${GAME_COLUMNS} from catalogue_game g
    where g.enabled and not g.maintenance and g.game_type = ${gameType} and g.id <> ${excludeId}
      and g.vendor_code <> all(${[...unavailableVendors]}::text[])
    order by g.rank, g.id limit ${limit}`.execute(db);
  return result.rows;
}
