import type { Config } from './config.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import type { Logger } from './logger.ts';

export interface DatabaseServer {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/** DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR (one-machine default). */
export async function resolveDatabaseServer(config: Config, logger: Logger): Promise<DatabaseServer> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, stop: async () => undefined };
  const server = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    database: 'app',
    // A second checkout on the same machine gets a free port rather than a failed start.
    portFallback: true,
    logger: logger.child({ module: 'embedded-postgres' }),
  });
  return { url: server.url, embedded: true, stop: server.stop };
}
