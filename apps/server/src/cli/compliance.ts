import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { AppError } from '@app/kernel';
import { composeCore } from '../compose.ts';
import { loadConfigOrExit } from '../platform/config.ts';
import { createLogger } from '../platform/logger.ts';
import { databaseUrlOf } from './database-url.ts';

/**
 * Operator command line for compliance (docs/compliance.md, docs/regulator-extract.md):
 *   npm run compliance -- evaluate                                              (one pass of the risk patterns; the worker runs it every 5 minutes)
 *   npm run compliance -- extract --day 2026-03-10 --family bets|wallet|bettors [--format csv|json] [--out file]
 */
const USAGE = 'usage: compliance evaluate | extract --day YYYY-MM-DD --family bets|wallet|bettors [--format csv|json] [--out file]';
const { values, positionals } = parseArgs({ allowPositionals: true, options: { day: { type: 'string' }, family: { type: 'string' }, format: { type: 'string' }, out: { type: 'string' } } });
const [command] = positionals;
const family = values.family ?? 'bets';
const format = values.format ?? 'csv';
if ((command !== 'evaluate' && command !== 'extract') || (command === 'extract' && (!values.day || !['bets', 'wallet', 'bettors'].includes(family) || !['csv', 'json'].includes(format)))) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfigOrExit();
const core = await composeCore({ config, logger: createLogger({ level: 'warn', pretty: false }), databaseUrl: databaseUrlOf(config) });
try {
  const compliance = core.modules.compliance.api;
  if (command === 'evaluate') console.log(JSON.stringify(await compliance.evaluateAlerts()));
  else {
    const { chunks } = await compliance.extract(values.day!, family as 'bets' | 'wallet' | 'bettors', format as 'csv' | 'json');
    await pipeline(Readable.from(chunks), values.out ? createWriteStream(values.out) : process.stdout);
  }
} catch (error) {
  if (error instanceof AppError) {
    console.error(`${error.code}: ${error.message}`);
    process.exitCode = 2;
  } else throw error;
} finally {
  await core.close();
}
