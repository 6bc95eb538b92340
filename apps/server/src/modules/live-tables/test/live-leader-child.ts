import { setTimeout as sleep } from 'node:timers/promises';
import { createTestContext } from '../../../../test/test-context.ts';

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
const ctx = await createTestContext({ databaseUrl, env: JSON.parse(settings) as Record<string, string> });
const leadership = ctx.core.modules.liveTables.api.startLeader();
while (!leadership.isLeading()) await sleep(20);
console.log('leading');
await sleep(GIVE_UP_MS);
