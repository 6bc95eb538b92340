import { sql, type RawBuilder } from 'kysely';
import type { OperatorGameQuery } from '@app/contracts';
import type { DbExecutor } from '../../platform/db.ts';
import { foldForSearch, likePattern } from './search-text.ts';

/** SQL only: the back office's reads and writes of vendors and games. */

export interface OperatorVendorRow {
  code: string;
  display_name: string;
  game_types: string[];
  sort_order: number;
  wallet_mode: 'seamless' | 'transfer';
  enabled: boolean;
  maintenance: boolean;
  is_demo: boolean;
  games_total: number;
  games_enabled: number;
  games_maintenance: number;
  funds_members: number;
  funds_total: bigint;
}

/**
 * Vendors with their game counts and the money members hold at them. The money is read from the
 * wallet's transfer-mode pockets (vendor:<code in lower case>), the ledger's mirror of what the
 * vendor holds.
 */
export async function listOperatorVendors(db: DbExecutor, onlyCode?: string): Promise<OperatorVendorRow[]> {
  const { rows } = await sql<OperatorVendorRow>`
    select v.code, v.display_name, v.game_types, v.sort_order, v.wallet_mode, v.enabled, v.maintenance, v.is_demo,
           coalesce(g.total, 0)::int as games_total, coalesce(g.enabled, 0)::int as games_enabled, coalesce(g.maintenance, 0)::int as games_maintenance,
           coalesce(f.members, 0)::int as funds_members, coalesce(f.total, 0)::bigint as funds_total
    from catalogue_vendor v
    left join lateral (
      select count(*) as total, count(*) filter (where enabled) as enabled, count(*) filter (where maintenance) as maintenance
      from catalogue_game where vendor_code = v.code
    ) g on true
    left join lateral (
      select count(*) as members, sum(balance) as total
      from wallet_v_vendor_funds where vendor_code = lower(v.code)
    ) f on true
    ${onlyCode === undefined ? sql`` : sql`where v.code = ${onlyCode}`}
    order by v.sort_order, v.code`.execute(db);
  return rows;
}

export interface LockedVendor {
  code: string;
  display_name: string;
  sort_order: number;
  wallet_mode: 'seamless' | 'transfer';
  enabled: boolean;
  maintenance: boolean;
  is_demo: boolean;
}

/** The vendor's row, locked until the transaction ends (concurrent edits queue behind it). */
export async function lockVendor(tx: DbExecutor, code: string): Promise<LockedVendor | undefined> {
  return tx
    .selectFrom('catalogue_vendor')
    .select(['code', 'display_name', 'sort_order', 'wallet_mode', 'enabled', 'maintenance', 'is_demo'])
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
}

/** How many members hold money at the vendor, and how much in all (transfer-mode pockets). */
export async function vendorFundsHeld(db: DbExecutor, code: string): Promise<{ members: number; total: bigint }> {
  const { rows } = await sql<{ members: number; total: bigint }>`
    select count(*)::int as members, coalesce(sum(balance), 0)::bigint as total
    from wallet_v_vendor_funds where vendor_code = ${code.toLowerCase()}`.execute(db);
  return rows[0] ?? { members: 0, total: 0n };
}

export async function updateVendorRow(
  tx: DbExecutor,
  code: string,
  fields: Partial<{ display_name: string; enabled: boolean; maintenance: boolean; wallet_mode: 'seamless' | 'transfer'; sort_order: number }>,
): Promise<void> {
  await tx
    .updateTable('catalogue_vendor')
    .set({ ...fields, updated_at: sql`now()` })
    .where('code', '=', code)
    .execute();
}

/** Wallet modes of every vendor (the importer's check of mode switches). */
export async function vendorWalletModes(db: DbExecutor): Promise<Map<string, 'seamless' | 'transfer'>> {
  const rows = await db.selectFrom('catalogue_vendor').select(['code', 'wallet_mode']).execute();
  return new Map(rows.map((row) => [row.code, row.wallet_mode]));
}

export interface OperatorGameRow {
  id: number;
  vendor_code: string;
  vendor_name: string;
  game_code: string;
  game_type: string;
  classify: string;
  names: Record<string, string>;
  icon_path: string;
  is_hot: boolean;
  is_new: boolean;
  rank: number;
  enabled: boolean;
  maintenance: boolean;
  demo_supported: boolean;
  rtp: string | null;
  updated_at: Date;
}

const OPERATOR_GAME_COLUMNS = sql.raw(
  'g.id, g.vendor_code, v.display_name as vendor_name, g.game_code, g.game_type, g.classify, g.names, g.icon_path, g.is_hot, g.is_new, g.rank, g.enabled, g.maintenance, g.demo_supported, g.rtp::text as rtp, g.updated_at',
);

/** Every game, disabled ones too, filtered; in the vendors' order, then the players' list order. */
export async function searchOperatorGames(db: DbExecutor, query: OperatorGameQuery): Promise<{ rows: OperatorGameRow[]; total: number }> {
  const conditions: RawBuilder<unknown>[] = [];
  if (query.vendor !== undefined) conditions.push(sql`g.vendor_code = ${query.vendor}`);
  if (query.gameType !== undefined) conditions.push(sql`g.game_type = ${query.gameType}`);
  if (query.enabled !== undefined) conditions.push(sql`g.enabled = ${query.enabled}`);
  if (query.maintenance !== undefined) conditions.push(sql`g.maintenance = ${query.maintenance}`);
  const text = query.q ?? '';
  if (text !== '') {
    const folded = foldForSearch(text);
    const byCode = sql`g.game_code ilike ${likePattern(text)}`;
    conditions.push(folded === '' ? byCode : sql`(g.search_text like ${likePattern(folded)} or ${byCode})`);
  }
  const where = conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`;
  const [page, count] = await Promise.all([
    sql<OperatorGameRow>`
      select ${OPERATOR_GAME_COLUMNS}
      from catalogue_game g join catalogue_vendor v on v.code = g.vendor_code
      ${where}
      order by v.sort_order, g.vendor_code, g.rank, g.id
      limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total from catalogue_game g ${where}`.execute(db),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}

export async function findOperatorGame(db: DbExecutor, id: number, options: { lock?: boolean } = {}): Promise<OperatorGameRow | undefined> {
  const { rows } = await sql<OperatorGameRow>`
    select ${OPERATOR_GAME_COLUMNS}
    from catalogue_game g join catalogue_vendor v on v.code = g.vendor_code
    where g.id = ${id}
    ${options.lock ? sql`for update of g` : sql``}`.execute(db);
  return rows[0];
}

export async function updateGameRow(
  tx: DbExecutor,
  id: number,
  fields: Partial<{ enabled: boolean; maintenance: boolean; is_hot: boolean; is_new: boolean; rank: number; names: Record<string, string>; search_text: string }>,
): Promise<void> {
  const { names, ...rest } = fields;
  await tx
    .updateTable('catalogue_game')
    .set({ ...rest, ...(names ? { names: JSON.stringify(names) } : {}), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}
