import { composeHttp } from '../src/compose-http.ts';
import { composeCore, type Core } from '../src/compose.ts';
import { loadConfig, type Config } from '../src/platform/config.ts';
import type { HttpApp } from '../src/platform/http/app.ts';
import { createLogger } from '../src/platform/logger.ts';
import { createTestDatabase } from './test-database.ts';

export const testLogger = createLogger({ level: 'silent', pretty: false });

export interface TestContext {
  config: Config;
  databaseUrl: string;
  core: Core;
  app: HttpApp;
  close(): Promise<void>;
}

/**
 * A whole API process on a database of its own, driven with app.inject (no port). Pass
 * `databaseUrl` to start a second process on the same database (cross-process tests).
 */
export async function createTestContext(options: { env?: Record<string, string>; databaseUrl?: string } = {}): Promise<TestContext> {
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase());
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, ...options.env });
  const core = await composeCore({ config, logger: testLogger, databaseUrl });
  const { app } = await composeHttp(core, { config, logger: testLogger });
  await app.ready();
  return {
    config,
    databaseUrl,
    core,
    app,
    async close() {
      await app.close();
      await core.close();
    },
  };
}
