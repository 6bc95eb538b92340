import pg from 'pg';
import { createBenchDatabase } from './bench-database.ts';
import { composeHttp } from '../apps/server/src/compose-http.ts';
import { composeCore } from '../apps/server/src/compose.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createLogger } from '../apps/server/src/platform/logger.ts';

export const seconds = (from: number) => (performance.now() - from) / 1000;
export const ms = (from: number) => performance.now() - from;
export const fmt = (n: number) => Math.round(n).toLocaleString('en');

/**
 * A throwaway database with the whole site composed over it and listening on loopback, plus a
 * plain SQL client for loading data set-based. `close()` stops everything and drops the database
 * unless BENCH_KEEP is set (then it prints where the database is).
 */
export async function startBenchSite(name: string, embeddedPortBase: number, options: { port?: number; servePages?: boolean } = {}) {
  const benchDatabase = await createBenchDatabase(name, embeddedPortBase);
  const { databaseUrl } = benchDatabase;
  const sqlc = new pg.Client({ connectionString: databaseUrl });
  await sqlc.connect();
  const q = async <R extends Record<string, unknown> = Record<string, unknown>>(text: string, values: unknown[] = []) => (await sqlc.query<R>(text, values)).rows;
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', DB_POOL_MAX: '10' });
  const logger = createLogger({ level: 'silent', pretty: false });
  const core = await composeCore({ config, logger, databaseUrl });
  // servePages: the built player site and console (apps/web/dist, apps/admin/dist) as in production.
  const pages = options.servePages ? { webDistDir: config.webDistDir, adminDistDir: config.adminDistDir } : {};
  const { app } = await composeHttp(core, { config, logger, ...pages });
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    databaseUrl,
    server: benchDatabase.server,
    sqlc,
    q,
    core,
    app,
    base,
    async close() {
      await app.close();
      await core.close();
      await sqlc.end();
      if (process.env.BENCH_KEEP) console.log(`kept database ${new URL(databaseUrl).pathname.slice(1)}`);
      else await benchDatabase.drop();
    },
  };
}
