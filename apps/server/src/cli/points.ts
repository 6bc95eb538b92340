import { composeCore } from '../compose.ts';
import { loadConfigOrExit } from '../platform/config.ts';
import { createLogger } from '../platform/logger.ts';
import { databaseUrlOf } from './database-url.ts';

/**
 * Operator command line for points:
 *   npm run points -- credit    (one crediting pass now: deposits credited and settled play since the cursors)
 * The worker's points.credit-earnings job runs the same pass every second.
 */
const [command] = process.argv.slice(2);
if (command !== 'credit') {
  console.error('usage: points credit');
  process.exit(2);
}
const config = loadConfigOrExit();
const core = await composeCore({ config, logger: createLogger({ level: 'warn', pretty: false }), databaseUrl: databaseUrlOf(config) });
try {
  const { deposits, play } = await core.modules.points.api.creditEarnings();
  console.log(JSON.stringify({ deposits: deposits.facts, depositPoints: deposits.points.toString(), facts: play.facts, members: play.members, playPoints: play.points.toString() }));
} finally {
  await core.close();
}
