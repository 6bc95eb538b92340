import { setTimeout as sleep } from 'node:timers/promises';
import { composeCore } from '../../../compose.ts';
import { loadConfig } from '../../../platform/config.ts';
import { createLogger } from '../../../platform/logger.ts';

/**
 * A live-tables leader in a process of its own, for the takeover test (which SIGKILLs it).
 * Usage: node --import tsx live-leader-child.ts <databaseUrl> [settings JSON]. Prints "leading".
 */
const GIVE_UP_MS = 120_000;
const [databaseUrl, settings = '{}'] = process.argv.slice(2);
if (!databaseUrl) {
  console.error('usage: live-leader-child.ts <databaseUrl> [settings]');
  process.exit(2);
}
setTimeout(() => process.exit(3), GIVE_UP_MS).unref();
const config = loadConfig({ ...(JSON.parse(settings) as Record<string, string>), NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
const core = await composeCore({ config, logger: createLogger({ level: 'silent', pretty: false }), databaseUrl });
const leadership = core.modules.liveTables.api.startLeader();
while (!leadership.isLeading()) await sleep(20);
console.log('leading');
await sleep(GIVE_UP_MS);
