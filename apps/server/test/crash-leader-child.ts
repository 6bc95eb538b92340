import { setTimeout as sleep } from 'node:timers/promises';
import { composeCore } from '../src/compose.ts';
import { loadConfig } from '../src/platform/config.ts';
import { createLogger } from '../src/platform/logger.ts';

/**
 * A crash leader in a process of its own, for the takeover test (which SIGKILLs it mid-round).
 * Usage: node --import tsx crash-leader-child.ts <databaseUrl> <providerUrl> [settings JSON, e.g.
 * {"CRASH_BETTING_MS":"2000"}]. Prints "leading" once it holds the lead.
 */
const GIVE_UP_MS = 120_000;
const [databaseUrl, providerUrl, settings = '{}'] = process.argv.slice(2);
if (!databaseUrl || !providerUrl) {
  console.error('usage: crash-leader-child.ts <databaseUrl> <providerUrl>');
  process.exit(2);
}
// Never outlive a parent that forgot us.
setTimeout(() => process.exit(3), GIVE_UP_MS).unref();

const config = loadConfig({ ...(JSON.parse(settings) as Record<string, string>), NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
const core = await composeCore({ config, logger: createLogger({ level: 'silent', pretty: false }), databaseUrl });
core.modules.houseGames.api.setProviderUrl(providerUrl);
const leadership = core.modules.houseGames.api.startCrashLeader();
while (!leadership.isLeading()) await sleep(20);
console.log('leading');
await sleep(GIVE_UP_MS);
