import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { migrate, readDefinitions, readMigrations } from './migrate.ts';

const quiet = { info: () => undefined };

function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  for (const [name, sql] of Object.entries(files)) writeFileSync(path.join(dir, name), sql);
  return dir;
}

async function count(url: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(sql)).rows[0].count);
  } finally {
    await client.end();
  }
}

describe('migrate', () => {
  it('applies each migration once when two processes start together', async () => {
    const url = await createTestDatabase();
    const dir = migrationsDir({
      '9001_test_create.sql': 'create table test_counter (id int primary key);',
      '9002_test_insert.sql': 'insert into test_counter values (1);',
    });
    const migrations = readMigrations(dir);
    const [first, second] = await Promise.all([migrate(url, quiet, { migrations, definitions: [] }), migrate(url, quiet, { migrations, definitions: [] })]);
    expect([...first, ...second].sort()).toEqual(['9001_test_create.sql', '9002_test_insert.sql']);
    expect(await count(url, 'select count(*) from test_counter')).toBe(1);
  });

  it('refuses to start when a landed migration was edited', async () => {
    const url = await createTestDatabase();
    await migrate(url, quiet, { migrations: readMigrations(migrationsDir({ '9001_test_a.sql': 'create table test_a (id int);' })), definitions: [] });
    const edited = readMigrations(migrationsDir({ '9001_test_a.sql': 'create table test_a (id bigint);' }));
    await expect(migrate(url, quiet, { migrations: edited, definitions: [] })).rejects.toThrow(/edited after it was applied/);
  });

  it('rolls back a failing migration entirely and names it', async () => {
    const url = await createTestDatabase();
    const broken = readMigrations(migrationsDir({ '9001_test_broken.sql': 'create table test_b (id int); select nonsense;' }));
    await expect(migrate(url, quiet, { migrations: broken, definitions: [] })).rejects.toThrow(/9001_test_broken.sql failed/);
    expect(await count(url, "select count(*) from pg_tables where tablename = 'test_b'")).toBe(0);
  });

  it('rejects files that do not follow NNNN_<module>_<action>.sql', () => {
    expect(() => readMigrations(migrationsDir({ 'add-users.sql': 'select 1;' }))).toThrow(/does not match/);
  });

  it('applies a definition when its text changed since it was last applied, and only then', async () => {
    const url = await createTestDatabase();
    const definition = (body: string) => ({ name: 'system/system_test_answer.sql', sql: `create or replace function system_test_answer() returns int language sql as $$ ${body} $$;`, checksum: body });
    expect(await migrate(url, quiet, { migrations: [], definitions: [definition('select 1')] })).toEqual(['system/system_test_answer.sql']);
    expect(await migrate(url, quiet, { migrations: [], definitions: [definition('select 1')] })).toEqual([]);
    expect(await migrate(url, quiet, { migrations: [], definitions: [definition('select 2')] })).toEqual(['system/system_test_answer.sql']);
    expect(await count(url, 'select system_test_answer() as count')).toBe(2);
  });

  it('has applied every definition of the source tree to the migrated database', async () => {
    const url = await createTestDatabase();
    expect(await migrate(url, quiet)).toEqual([]);
    expect(await count(url, 'select count(*) from platform_definition')).toBe(readDefinitions().length);
  });
});
