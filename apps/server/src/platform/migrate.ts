import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from './logger.ts';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../migrations');
/** Re-appliable definitions (SQL functions), one folder per module: sql/<module>/<name>.sql. */
export const DEFINITIONS_DIR = path.resolve(import.meta.dirname, '../../sql');
const MIGRATION_FILE = /^\d{4}_[a-z0-9]+_[a-z0-9_]+\.sql$/;
/** Any fixed number; every process migrating this database takes the same lock. */
const MIGRATION_LOCK_KEY = 728_113_001;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

/**
 * The definitions: each file replaces its objects whole (`create or replace function`), so it is
 * the one place a function's current text lives and is edited; the file's name is its module and
 * object (`wallet/wallet_post_batch.sql`).
 */
export function readDefinitions(dir: string = DEFINITIONS_DIR): MigrationFile[] {
  const modules = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  return modules.flatMap((module) =>
    readdirSync(path.join(dir, module))
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .map((name) => schemaFile(`${module}/${name}`, path.join(dir, module, name))),
  );
}

export function readMigrations(dir: string = MIGRATIONS_DIR): MigrationFile[] {
  const names = readdirSync(dir).filter((name) => name.endsWith('.sql')).sort();
  for (const name of names) {
    if (!MIGRATION_FILE.test(name)) throw new Error(`migration ${name} does not match NNNN_<module>_<action>.sql`);
  }
  return names.map((name) => schemaFile(name, path.join(dir, name)));
}

function schemaFile(name: string, file: string): MigrationFile {
  const sql = readFileSync(file, 'utf8');
  return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
}

export interface SchemaFiles {
  migrations: MigrationFile[];
  definitions: MigrationFile[];
}

/**
 * Applies pending migrations in order, each in its own transaction, then every definition whose
 * text changed since it was last applied (each in its own transaction too), under a session-level
 * advisory lock so that two processes starting together never migrate at once. A migration that
 * changed after it was applied stops start-up: landed migrations are never edited; definitions
 * are edited in place and re-applied. Definitions come after all migrations: they may use any
 * table, and no migration may depend on a definition's newer text.
 */
export async function migrate(
  connectionString: string,
  logger: Pick<Logger, 'info'>,
  files: SchemaFiles = { migrations: readMigrations(), definitions: readDefinitions() },
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
    await client.query(`
      create table if not exists platform_definition (
        name text primary key,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`);
    const done = await checksums(client, 'platform_migration');
    for (const migration of files.migrations) {
      const previous = done.get(migration.name);
      if (previous !== undefined) {
        if (previous !== migration.checksum) {
          throw new Error(`migration ${migration.name} was edited after it was applied`);
        }
        continue;
      }
      await applyInTransaction(client, migration, 'insert into platform_migration (name, checksum) values ($1, $2)', 'migration');
      applied.push(migration.name);
      logger.info({ migration: migration.name }, 'migration applied');
    }
    const defined = await checksums(client, 'platform_definition');
    for (const definition of files.definitions) {
      if (defined.get(definition.name) === definition.checksum) continue;
      await applyInTransaction(
        client,
        definition,
        `insert into platform_definition (name, checksum) values ($1, $2)
         on conflict (name) do update set checksum = excluded.checksum, applied_at = now()`,
        'definition',
      );
      applied.push(definition.name);
      logger.info({ definition: definition.name }, 'definition applied');
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
  return applied;
}

async function checksums(client: pg.Client, table: 'platform_migration' | 'platform_definition'): Promise<Map<string, string>> {
  const { rows } = await client.query<{ name: string; checksum: string }>(`select name, checksum from ${table}`);
  return new Map(rows.map((row) => [row.name, row.checksum]));
}

async function applyInTransaction(client: pg.Client, file: MigrationFile, record: string, kind: 'migration' | 'definition'): Promise<void> {
  await client.query('begin');
  try {
    await client.query(file.sql);
    await client.query(record, [file.name, file.checksum]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw new Error(`${kind} ${file.name} failed: ${(error as Error).message}`, { cause: error });
  }
}
