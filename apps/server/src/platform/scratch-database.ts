import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runAdminStatement } from './admin-statement.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { migrate } from './migrate.ts';

const quiet = { info: () => undefined, warn: () => undefined };

/**
 * A fresh, migrated database for one run of a tool (a benchmark, `npm run db:types`): on the
 * server at `serverUrl` (the caller's DATABASE_URL), or on a throwaway embedded PostgreSQL when
 * there is none (on a free port near `embeddedPortBase`). `drop()` removes it and stops the
 * embedded server.
 */
export async function createScratchDatabase(name: string, serverUrl: string | undefined, embeddedPortBase: number) {
  const embedded = serverUrl
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: mkdtempSync(path.join(tmpdir(), `scratch-${name}-`)),
        port: embeddedPortBase + (process.pid % 1000),
        database: 'postgres',
        logger: quiet,
        throwaway: true,
        portFallback: true,
      });
  const adminUrl = serverUrl ?? embedded!.adminUrl;
  const database = `${name}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  // One short admin connection each to create and to drop: a run that keeps its database
  // (BENCH_KEEP) holds no connection open, so its process can end.
  await runAdminStatement(adminUrl, `create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  await migrate(databaseUrl, quiet);
  return {
    databaseUrl,
    /** For the heading a benchmark prints. */
    server: embedded ? 'embedded 18' : 'DATABASE_URL',
    async drop() {
      await runAdminStatement(adminUrl, `drop database if exists ${database} with (force)`);
      await embedded?.stop();
    },
  };
}
