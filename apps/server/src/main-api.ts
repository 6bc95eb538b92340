import { randomUUID } from 'node:crypto';
import closeWithGrace from 'close-with-grace';
import { composeCore } from './compose.ts';
import { composeHttp } from './compose-http.ts';
import { composeWorker } from './compose-worker.ts';
import { loadConfigOrExit } from './platform/config.ts';
import { resolveDatabaseServer } from './platform/database-server.ts';
import { createLogger } from './platform/logger.ts';
import { migrate } from './platform/migrate.ts';
import { DEMO_LOGINS, seedDemoData } from './seed/demo-data.ts';

const config = loadConfigOrExit();
const logger = createLogger({ level: config.logLevel, pretty: process.stdout.isTTY && !config.isProduction });

const shutdownSteps: (() => Promise<unknown>)[] = [];

// Registered before anything else can fail, so that a failed start still stops the database.
closeWithGrace({ delay: 20_000, logger: { error: (message) => logger.error(message) } }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'stopping after an error');
  else logger.info({ signal }, 'shutting down');
  for (const step of shutdownSteps.reverse()) {
    await step().catch((error) => logger.warn({ err: error }, 'shutdown step failed'));
  }
});

try {
  const database = await resolveDatabaseServer(config, logger);
  shutdownSteps.push(() => database.stop());
  // The migrations' advisory lock is a session lock: never through pgbouncer (DATABASE_DIRECT_URL).
  await migrate(config.scale.databaseDirectUrl ?? database.url, logger);
  const core = await composeCore({ config, logger, databaseUrl: database.url });
  shutdownSteps.push(() => core.close());
  // The house game server's vendor HOUSE, its games and provider secret (idempotent, every environment).
  await core.modules.houseGames.api.register();

  if (config.seedDemo) {
    const created = await seedDemoData(core.modules);
    if (created.length > 0) logger.info({ created }, 'demo data seeded');
  }
  if (config.runWorker) {
    const jobs = await composeWorker(core, { databaseUrl: database.url, logger, workerId: `api-${randomUUID()}`, crashLeader: config.crash.leader });
    shutdownSteps.push(() => jobs.stop());
  }

  const { app } = await composeHttp(core, { config, logger, webDistDir: config.webDistDir, adminDistDir: config.adminDistDir });
  shutdownSteps.push(() => app.close());
  // Runs first: the crash leader pays through this server's provider API, so it stops before it closes.
  shutdownSteps.push(() => core.modules.houseGames.api.stopCrashLeader());
  await app.listen({ port: config.port, host: config.host });

  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Site ready at ${url}  (API reference: ${url}/api/docs)`,
    `  Database: ${database.embedded ? `embedded PostgreSQL, data in ${config.dataDir}` : 'DATABASE_URL'}`,
    ...(config.seedDemo
      ? [
          '  Demo logins:',
          ...DEMO_LOGINS.map((login) => `    ${login.role.padEnd(9)} ${login.username} / ${login.password}  (${url}${login.where})${login.role === 'operator' ? ' two-factor set-up at first login' : ''}`),
        ]
      : []),
    '  Press Ctrl-C to stop.',
    '',
  ];
  console.log(lines.join('\n'));
} catch (error) {
  logger.fatal({ err: error }, `start-up failed: ${(error as Error).message}`);
  for (const step of shutdownSteps.reverse()) await step().catch(() => undefined);
  process.exit(1);
}
