import { parseArgs } from 'node:util';
import { CONTRACT_KINDS, type ContractKind } from '@app/contracts';
import { composeCore } from '../compose.ts';
import { loadConfigOrExit } from '../platform/config.ts';
import { createLogger } from '../platform/logger.ts';
import { databaseUrlOf } from './database-url.ts';

/**
 * Operator command line for agent commissions (the worker runs the same jobs on a schedule):
 *   npm run agents -- grant --account A --kind daily --tiers '[{"minValidBet":"0","minActive":0,"rate":"1"}]'
 *   npm run agents -- rollup
 *   npm run agents -- settle (daily|hourly|dividend|due) [--as-of ISO]   settles every period due by then
 *   npm run agents -- settle realtime [--as-of ISO]                       the real-time windows over by then
 * A grant is made in the name of the first owner operator and audited like the console's.
 */
const USAGE = 'usage: agents grant --account A --kind K --tiers JSON | rollup | settle (due|daily|hourly|dividend|realtime) [--as-of ISO]';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { account: { type: 'string' }, kind: { type: 'string' }, tiers: { type: 'string' }, 'as-of': { type: 'string' } },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const [command, what] = positionals;
if (command !== 'grant' && command !== 'rollup' && command !== 'settle') fail(USAGE);
const asOf = values['as-of'] === undefined ? new Date() : new Date(values['as-of']);
if (Number.isNaN(asOf.getTime())) fail('--as-of must be an ISO date and time');

const config = loadConfigOrExit();
const core = await composeCore({ config, logger: createLogger({ level: 'warn', pretty: false }), databaseUrl: databaseUrlOf(config) });
try {
  const agents = core.modules.agents.api;
  if (command === 'grant') {
    const kind = values.kind as ContractKind;
    if (!values.account || !CONTRACT_KINDS.includes(kind) || !values.tiers) fail(USAGE);
    const owner = await core.db.selectFrom('backoffice_operator').select(['id', 'username']).where('role', '=', 'owner').orderBy('id').executeTakeFirst();
    if (!owner) fail('no owner operator to act in the name of');
    const contract = await agents.contracts.grant({ id: owner.id, username: owner.username, ip: null }, { downline: values.account, kind, tiers: JSON.parse(values.tiers) as unknown[] });
    console.log(JSON.stringify(contract, null, 2));
  } else if (command === 'rollup') {
    console.log(JSON.stringify({ facts: await agents.rollup() }));
  } else if (what === 'realtime') {
    console.log(JSON.stringify(await agents.settlement.settleRealtime(asOf)));
  } else if (what === 'due') {
    console.log(JSON.stringify(await agents.settlement.settleDue(asOf)));
  } else if (what === 'daily' || what === 'hourly' || what === 'dividend') {
    console.log(JSON.stringify(await agents.settlement.settleDue(asOf, [what])));
  } else {
    fail(USAGE);
  }
} finally {
  await core.close();
}
