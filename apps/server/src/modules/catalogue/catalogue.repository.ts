import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

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

/** A count of enabled games per (vendor, type, classify, new, hot): the source of every list total. */
export interface CountRow {
  vendor_code: string;
  game_type: string;
  classify: string;
  is_new: boolean;
  is_hot: boolean;
  games: bigint;
}

export interface GameFilter {
  gameType?: string;
  vendor?: string;
  classify?: string;
  isNew?: boolean;
  isHot?: boolean;
  /** Folded search text pattern for LIKE (see search-text.ts). */
  namePattern?: string;
  /** Vendors whose games must not be listed (disabled). */
  hiddenVendors: readonly string[];
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

export async function countGames(db: DbExecutor): Promise<CountRow[]> {
  const result = await sql<CountRow>`
    select vendor_code, game_type, classify, is_new, is_hot, count(*) as games
    from catalogue_game where enabled
    group by vendor_code, game_type, classify, is_new, is_hot`.execute(db);
  return result.rows;
}

function whereOf(filter: GameFilter) {
  const conditions = [sql`g.enabled`];
  if (filter.gameType) conditions.push(sql`g.game_type = ${filter.gameType}`);
  if (filter.vendor) conditions.push(sql`g.vendor_code = ${filter.vendor}`);
  if (filter.classify) conditions.push(sql`g.classify = ${filter.classify}`);
  if (filter.isNew) conditions.push(sql`g.is_new`);
  if (filter.isHot) conditions.push(sql`g.is_hot`);
  if (filter.namePattern) conditions.push(sql`g.search_text like ${filter.namePattern}`);
  if (filter.hiddenVendors.length > 0) conditions.push(sql`g.vendor_code <> all(${[...filter.hiddenVendors]}::text[])`);
  return sql.join(conditions, sql` and `);
}

/** One page in list order (rank, then id: stable across pages). */
export async function listGames(db: DbExecutor, filter: GameFilter, limit: number, offset: number): Promise<GameRow[]> {
  const result = await sql<GameRow>`
    select ${GAME_COLUMNS} from catalogue_game g
    where ${whereOf(filter)}
    order by g.rank, g.id limit ${limit} offset ${offset}`.execute(db);
  return result.rows;
}

/** Only for name searches: other totals come from the in-memory counts. */
export async function countMatching(db: DbExecutor, filter: GameFilter): Promise<number> {
  const result = await sql<{ total: bigint }>`select count(*) as total from catalogue_game g where ${whereOf(filter)}`.execute(db);
  return Number(result.rows[0]?.total ?? 0n);
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
