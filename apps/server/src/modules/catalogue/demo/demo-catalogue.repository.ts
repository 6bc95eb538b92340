import { sql, type SqlBool } from 'kysely';
import type { DbExecutor } from '../../../platform/db.ts';

/**
 * The demo seeder's own SQL (its rows go through import.repository.ts). The seeded version is
 * kept as the catalogue_vendor table comment: it needs no table of its own, survives restarts,
 * and is written in the same transaction as the rows, so rows and version never disagree.
 */

const VERSION_PREFIX = 'demo-catalogue:';
/** Any fixed number; two processes starting together seed one after the other, never at once. */
const DEMO_SEED_LOCK_KEY = 728_113_011;

export async function lockDemoSeed(tx: DbExecutor): Promise<void> {
  await sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`.execute(tx);
}

export async function findDemoCatalogueVersion(db: DbExecutor): Promise<string | undefined> {
  const { rows } = await sql<{ comment: string | null }>`select obj_description('catalogue_vendor'::regclass, 'pg_class') as comment`.execute(db);
  const comment = rows[0]?.comment ?? '';
  return comment.startsWith(VERSION_PREFIX) ? comment.slice(VERSION_PREFIX.length) : undefined;
}

export async function storeDemoCatalogueVersion(db: DbExecutor, version: string): Promise<void> {
  // COMMENT takes no parameters; the version is our own constant, checked to be plain.
  if (!/^[A-Za-z0-9._-]{1,40}$/.test(version)) throw new Error(`demo catalogue version "${version}" is not plain`);
  await sql`comment on table catalogue_vendor is ${sql.lit(`${VERSION_PREFIX}${version}`)}`.execute(db);
}

export async function hasDemoGames(db: DbExecutor): Promise<boolean> {
  const row = await db.selectFrom('catalogue_game').select('id').where('is_demo', '=', true).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Vendors imported for real: the demo seeder leaves them and their games alone. */
export async function listRealVendorCodes(db: DbExecutor): Promise<Set<string>> {
  const rows = await db.selectFrom('catalogue_vendor').select('code').where('is_demo', '=', false).execute();
  return new Set(rows.map((row) => row.code));
}

/**
 * Demo rows a newer demo catalogue no longer has are disabled, not deleted: favourites, recent
 * games and launches reference them. Only rows this generator made (they carry its generated art
 * paths) are retired: demo vendors other modules register, such as the provider's DEMOVENDOR, stay.
 */
export async function disableDemoRowsNotIn(
  db: DbExecutor,
  keep: { vendorCodes: readonly string[]; games: ReadonlyArray<{ vendorCode: string; gameCode: string }> },
): Promise<void> {
  const vendorCodes = [...keep.vendorCodes];
  const gameVendors = keep.games.map((game) => game.vendorCode);
  const gameCodes = keep.games.map((game) => game.gameCode);
  await db
    .updateTable('catalogue_game')
    .set({ enabled: false, updated_at: sql`now()` })
    .where('is_demo', '=', true)
    .where('enabled', '=', true)
    .where('icon_path', 'like', 'demo/game/%')
    .where(
      sql<SqlBool>`not exists (select 1 from unnest(${gameVendors}::text[], ${gameCodes}::text[]) as kept(vendor_code, game_code)
        where kept.vendor_code = catalogue_game.vendor_code and kept.game_code = catalogue_game.game_code)`,
    )
    .execute();
  await db
    .updateTable('catalogue_vendor')
    .set({ enabled: false, updated_at: sql`now()` })
    .where('is_demo', '=', true)
    .where('enabled', '=', true)
    .where('logo_path', 'like', 'demo/vendor/%')
    .where(sql<SqlBool>`code <> all(${vendorCodes}::text[])`)
    .execute();
}
