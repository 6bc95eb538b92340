import { randomUUID } from 'node:crypto';
import closeWithGrace from 'close-with-grace';
import { composeCore } from './compose.ts';
import { composeWorker } from './compose-worker.ts';
import { loadConfigOrExit } from './platform/config.ts';
import { createLogger } from './platform/logger.ts';
import { migrate } from './platform/migrate.ts';

/**
 * A separate worker process, for deployments that scale API and jobs apart. `npm start`
 * already runs the worker inside the API process, so this one needs a shared DATABASE_URL.
 */
const config = loadConfigOrExit();
const logger = createLogger({ level: config.logLevel, pretty: process.stdout.isTTY && !config.isProduction });
if (!config.databaseUrl) {
  logger.fatal('a separate worker needs DATABASE_URL (the embedded database belongs to `npm start`, which runs the worker itself)');
  process.exit(1);
}

// The migrations' advisory lock is a session lock: never through pgbouncer (DATABASE_DIRECT_URL).
await migrate(config.scale.databaseDirectUrl ?? config.databaseUrl, logger);
const core = await composeCore({ config, logger, databaseUrl: config.databaseUrl });
const jobs = await composeWorker(core, { databaseUrl: config.databaseUrl, logger, workerId: `worker-${randomUUID()}`, crashLeader: config.crash.leader });
logger.info('worker running');

closeWithGrace({ delay: 20_000 }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'stopping after an error');
  else logger.info({ signal }, 'worker shutting down');
  await jobs.stop();
  await core.close();
});
