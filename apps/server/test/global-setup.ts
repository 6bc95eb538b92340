import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../src/platform/embedded-postgres.ts';
import { migrate } from '../src/platform/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database that test files clone (createTestDatabase), never use directly. */
    templateDatabase: string;
    adminDatabaseUrl: string;
  }
}

const quiet = { info: () => undefined, warn: () => undefined };

/**
 * One real PostgreSQL for the run: TEST_DATABASE_URL or DATABASE_URL when set (the machine's
 * server in development and CI), else a throwaway embedded cluster. Each run migrates one
 * template database once; each test file clones it, so files running in parallel never share
 * global state such as system settings.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgresHandle | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bet-test-pg-'));
    embedded = await startEmbeddedPostgres({
      dataDir,
      port: 20_000 + Math.floor(Number(`0x${randomBytes(2).toString('hex')}`) % 20_000),
      database: 'postgres',
      logger: quiet,
      throwaway: true,
    });
    adminUrl = embedded.adminUrl;
  }

  const runId = `test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const database = `${runId}_template`;
  await withClient(adminUrl, (client) => client.query(`create database ${database}`));
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  await migrate(url.toString(), quiet);

  project.provide('templateDatabase', database);
  project.provide('adminDatabaseUrl', adminUrl);

  return async () => {
    await withClient(adminUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [runId]);
      for (const row of rows) await client.query(`drop database if exists ${pg.escapeIdentifier(row.datname)} with (force)`);
    }).catch(() => undefined);
    await embedded?.stop();
  };
}

async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
