import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/server/src/platform/embedded-postgres.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';

const quiet = { info: () => undefined, warn: () => undefined };

/**
 * A fresh, migrated database for one benchmark run: on DATABASE_URL's server, or on a throwaway
 * embedded PostgreSQL when it is not set. `drop()` removes it (and stops the embedded server).
 */
export async function createBenchDatabase(name: string, embeddedPortBase: number) {
  const embedded = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: `/tmp/bench-${name}-${process.pid}`, port: embeddedPortBase + (process.pid % 1000), database: 'postgres', logger: quiet, throwaway: true });
  const adminUrl = process.env.DATABASE_URL ?? embedded!.adminUrl;
  const database = `bench_${name}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  await migrate(databaseUrl, quiet);
  return {
    databaseUrl,
    /** For the heading the benchmark prints. */
    server: embedded ? 'embedded 18' : 'DATABASE_URL',
    async drop() {
      await admin.query(`drop database ${database} with (force)`);
      await admin.end();
      await embedded?.stop();
    },
  };
}
