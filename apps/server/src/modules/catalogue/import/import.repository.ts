import { sql, type Expression, type SqlBool } from 'kysely';
import type { DbExecutor } from '../../../platform/db.ts';
import { searchTextOf } from '../search-text.ts';
import type { GameRow, VendorRow } from './import-rows.ts';

/** Writes of the catalogue importer and the demo seeder. SQL only; batching is the caller's. */

export interface VendorUpsert extends VendorRow {
  isDemo: boolean;
}

export interface GameUpsert extends GameRow {
  /** Lower comes first (see the catalogue_game.rank comment in migration 0011). */
  rank: number;
  isDemo: boolean;
}

export interface UpsertCounts {
  inserted: number;
  updated: number;
  /** Already exactly as in the file: left alone, so a re-import writes nothing it need not. */
  unchanged: number;
}

const VENDOR_FIELDS = ['display_name', 'logo_path', 'game_types', 'sort_order', 'wallet_mode', 'transfer_amount', 'is_game', 'enabled', 'maintenance', 'is_demo'] as const;
/** Each game column with its PostgreSQL type and where its value comes from; the key columns first. */
const GAME_COLUMNS: ReadonlyArray<readonly [column: string, type: string, value: (game: GameUpsert) => unknown]> = [
  ['vendor_code', 'text', (game) => game.vendorCode],
  ['game_code', 'text', (game) => game.gameCode],
  ['game_type', 'text', (game) => game.gameType],
  ['classify', 'text', (game) => game.classify],
  ['names', 'jsonb', (game) => JSON.stringify(game.names)],
  // Computed here, on every write, so no caller can store a name without its search text.
  ['search_text', 'text', (game) => searchTextOf(game.names)],
  ['icon_path', 'text', (game) => game.iconPath],
  ['is_hot', 'boolean', (game) => game.isHot],
  ['is_new', 'boolean', (game) => game.isNew],
  ['min_bet', 'bigint', (game) => game.minBet.toString()],
  ['min_line_num', 'integer', (game) => game.minLineNum],
  ['rtp', 'numeric', (game) => game.rtp],
  ['demo_supported', 'boolean', (game) => game.demoSupported],
  ['enabled', 'boolean', (game) => game.enabled],
  ['maintenance', 'boolean', (game) => game.maintenance],
  ['is_demo', 'boolean', (game) => game.isDemo],
  ['rank', 'integer', (game) => game.rank],
];
const GAME_FIELDS = GAME_COLUMNS.map(([column]) => column).filter((column) => column !== 'vendor_code' && column !== 'game_code');

/** `set col = excluded.col` for each field, plus updated_at. */
function takeExcluded(fields: readonly string[]) {
  return { ...Object.fromEntries(fields.map((field) => [field, sql.ref(`excluded.${field}`)])), updated_at: sql<Date>`now()` };
}

/** True only when some field differs, so unchanged rows are neither rewritten nor counted. */
function differs(table: string, fields: readonly string[]): Expression<SqlBool> {
  const current = sql.join(fields.map((field) => sql.ref(`${table}.${field}`)));
  const incoming = sql.join(fields.map((field) => sql.ref(`excluded.${field}`)));
  return sql<SqlBool>`(${current}) is distinct from (${incoming})`;
}

function countsOf(total: number, returned: ReadonlyArray<{ inserted: boolean }>): UpsertCounts {
  const inserted = returned.filter((row) => row.inserted).length;
  return { inserted, updated: returned.length - inserted, unchanged: total - returned.length };
}

export async function listVendorCodes(db: DbExecutor): Promise<Set<string>> {
  const rows = await db.selectFrom('catalogue_vendor').select('code').execute();
  return new Set(rows.map((row) => row.code));
}

export interface UpsertOptions {
  /** The demo seeder's guard: rows imported for real (is_demo false) are never overwritten by demo data. */
  onlyReplaceDemoRows?: boolean;
}

export async function upsertVendors(db: DbExecutor, vendors: readonly VendorUpsert[], options: UpsertOptions = {}): Promise<UpsertCounts> {
  return (await upsertVendorRows(db, vendors, options)).counts;
}

/** Like upsertVendors, also naming each vendor written (inserted or updated); the others were unchanged. */
export async function upsertVendorRows(db: DbExecutor, vendors: readonly VendorUpsert[], options: UpsertOptions = {}): Promise<{ counts: UpsertCounts; written: Array<{ code: string; inserted: boolean }> }> {
  if (vendors.length === 0) return { counts: { inserted: 0, updated: 0, unchanged: 0 }, written: [] };
  const returned = await db
    .insertInto('catalogue_vendor')
    .values(
      vendors.map((vendor) => ({
        code: vendor.code,
        display_name: vendor.displayName,
        logo_path: vendor.logoPath,
        game_types: vendor.gameTypes,
        sort_order: vendor.sortOrder,
        wallet_mode: vendor.walletMode,
        transfer_amount: vendor.transferAmount,
        is_game: vendor.isGame,
        enabled: vendor.enabled,
        maintenance: vendor.maintenance,
        is_demo: vendor.isDemo,
      })),
    )
    .onConflict((conflict) =>
      conflict
        .column('code')
        .doUpdateSet(takeExcluded(VENDOR_FIELDS))
        .where(options.onlyReplaceDemoRows ? sql<SqlBool>`catalogue_vendor.is_demo and ${differs('catalogue_vendor', VENDOR_FIELDS)}` : differs('catalogue_vendor', VENDOR_FIELDS)),
    )
    // xmax is 0 on a freshly inserted row version and set on one produced by the update.
    .returning(['catalogue_vendor.code', sql<boolean>`catalogue_vendor.xmax = 0`.as('inserted')])
    .execute();
  return { counts: countsOf(vendors.length, returned), written: returned };
}

/**
 * One INSERT … ON CONFLICT for the whole array. Rows travel as one array per column through
 * unnest: 17 parameters whatever the batch size, and no per-row query building (building a
 * 1,000-row VALUES list cost more than the insert itself).
 */
export async function upsertGames(db: DbExecutor, games: readonly GameUpsert[], options: UpsertOptions = {}): Promise<UpsertCounts> {
  return (await upsertGameRows(db, games, options)).counts;
}

/** Like upsertGames, also naming each game written (inserted or updated); the others were unchanged. */
export async function upsertGameRows(
  db: DbExecutor,
  games: readonly GameUpsert[],
  options: UpsertOptions = {},
): Promise<{ counts: UpsertCounts; written: Array<{ vendor_code: string; game_code: string; inserted: boolean }> }> {
  if (games.length === 0) return { counts: { inserted: 0, updated: 0, unchanged: 0 }, written: [] };
  const columns = sql.join(GAME_COLUMNS.map(([column]) => sql.ref(column)));
  const arrays = sql.join(GAME_COLUMNS.map(([, type, value]) => sql`${games.map(value)}::${sql.raw(type)}[]`));
  const { rows } = await sql<{ vendor_code: string; game_code: string; inserted: boolean }>`
    insert into catalogue_game (${columns})
    select * from unnest(${arrays})
    on conflict (vendor_code, game_code) do update
      set ${sql.join(GAME_FIELDS.map((field) => sql`${sql.ref(field)} = ${sql.ref(`excluded.${field}`)}`))}, updated_at = now()
      where ${options.onlyReplaceDemoRows ? sql`catalogue_game.is_demo and ` : sql``}${differs('catalogue_game', GAME_FIELDS)}
    returning catalogue_game.vendor_code, catalogue_game.game_code, catalogue_game.xmax = 0 as inserted`.execute(db);
  return { counts: countsOf(games.length, rows), written: rows };
}

/**
 * Adds game types a vendor's games have but its row does not list (keeping the listed order),
 * so navigation, which is built from vendor types, shows every imported game.
 */
export async function addVendorGameTypes(db: DbExecutor, vendorCode: string, gameTypes: readonly string[]): Promise<void> {
  const types = [...gameTypes];
  await db
    .updateTable('catalogue_vendor')
    .set({
      game_types: sql<string[]>`game_types || array(select type from unnest(${types}::text[]) as type where type <> all(game_types))`,
      updated_at: sql`now()`,
    })
    .where('code', '=', vendorCode)
    .where(sql<SqlBool>`not (game_types @> ${types}::text[])`)
    .execute();
}
