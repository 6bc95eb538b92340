import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from './logger.ts';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../migrations');
const MIGRATION_FILE = /^\d{4}_[a-z0-9]+_[a-z0-9_]+\.sql$/;
/** Any fixed number; every process migrating this database takes the same lock. */
const MIGRATION_LOCK_KEY = 728_113_001;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir: string = MIGRATIONS_DIR): MigrationFile[] {
  const names = readdirSync(dir).filter((name) => name.endsWith('.sql')).sort();
  for (const name of names) {
    if (!MIGRATION_FILE.test(name)) throw new Error(`migration ${name} does not match NNNN_<module>_<action>.sql`);
  }
  return names.map((name) => {
    const sql = readFileSync(path.join(dir, name), 'utf8');
    return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
  });
}

/**
 * Applies pending migrations in order, each in its own transaction, under a session-level
 * advisory lock so that two processes starting together never migrate at once. A migration
 * that changed after it was applied stops start-up: landed migrations are never edited.
 */
export async function migrate(
  connectionString: string,
  logger: Pick<Logger, 'info'>,
  migrations: MigrationFile[] = readMigrations(),
): Promise<string[]> {
  const client = new pg.Client({ connectionString, application_name: 'migrator' });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(`
      create table if not exists platform_migration (
        name text primary key,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`);
    const done = new Map(
      (await client.query<{ name: string; checksum: string }>('select name, checksum from platform_migration')).rows.map(
        (row) => [row.name, row.checksum],
      ),
    );
    for (const migration of migrations) {
      const previous = done.get(migration.name);
      if (previous !== undefined) {
        if (previous !== migration.checksum) {
          throw new Error(`migration ${migration.name} was edited after it was applied`);
        }
        continue;
      }
      await client.query('begin');
      try {
        await client.query(migration.sql);
        await client.query('insert into platform_migration (name, checksum) values ($1, $2)', [
          migration.name,
          migration.checksum,
        ]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(migration.name);
      logger.info({ migration: migration.name }, 'migration applied');
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
  return applied;
}
