import { parseArgs } from 'node:util';
import { formatCents } from '@app/kernel';
import { composeCore } from '../compose.ts';
import { loadConfigOrExit } from '../platform/config.ts';
import { createLogger } from '../platform/logger.ts';
import { databaseUrlOf } from './database-url.ts';

/**
 * Operator command line for the progressive jackpot (until the back-office has a screen for it):
 *   npm run jackpot -- status
 *   npm run jackpot -- set [--odds-cents N] [--contribution-bp N] [--seed-cents N]
 * The next bet of every running server uses the new settings (they are read from the pool's row).
 */
const USAGE = 'usage: jackpot status | set [--odds-cents N] [--contribution-bp N] [--seed-cents N]';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'odds-cents': { type: 'string' }, 'contribution-bp': { type: 'string' }, 'seed-cents': { type: 'string' } },
});

function wholeNumber(text: string | undefined, name: string, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d{1,16}$/.test(text) || value < min || value > max) {
    console.error(`${name} must be a whole number from ${min} to ${max}`);
    process.exit(2);
  }
  return value;
}

const [command] = positionals;
if (command !== 'status' && command !== 'set') {
  console.error(USAGE);
  process.exit(2);
}
const oddsCents = wholeNumber(values['odds-cents'], '--odds-cents', 1, 1e15);
const contributionBp = wholeNumber(values['contribution-bp'], '--contribution-bp', 0, 1000);
const seedCents = wholeNumber(values['seed-cents'], '--seed-cents', 0, 1_000_000_000);

const config = loadConfigOrExit();
const core = await composeCore({ config, logger: createLogger({ level: 'warn', pretty: false }), databaseUrl: databaseUrlOf(config) });
try {
  const houseGames = core.modules.houseGames.api;
  await houseGames.register();
  const settings =
    command === 'set'
      ? await houseGames.configureJackpot({ oddsCents: oddsCents === undefined ? undefined : BigInt(oddsCents), contributionBp, seed: seedCents === undefined ? undefined : BigInt(seedCents) })
      : await houseGames.jackpotSettings();
  const pools = await houseGames.jackpotPools();
  console.log(JSON.stringify({ pool: pools.pools[0]?.amount ?? null, oddsCents: settings.oddsCents.toString(), contributionBp: settings.contributionBp, seed: formatCents(settings.seed) }, null, 2));
} finally {
  await core.close();
}
