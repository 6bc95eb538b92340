import { parseArgs } from 'node:util';
import { composeCore } from '../compose.ts';
import { loadConfigOrExit } from '../platform/config.ts';
import { createLogger } from '../platform/logger.ts';
import { databaseUrlOf } from './database-url.ts';

/**
 * Operator command line for VIP levels (the worker runs the same work on its schedule):
 *   npm run vip -- recompute [--all]   (recent members, or every member with play or deposits; pays what upgrades owe)
 *   npm run vip -- month-turn          (retention and monthly bonuses for this month, once)
 *   npm run vip -- pay                 (owed VIP bonuses left by a failed run)
 *   npm run vip -- level --account A   (a member's rank, recomputed first)
 */
const USAGE = 'usage: vip recompute [--all] | month-turn | pay | level --account A';
const { values, positionals } = parseArgs({ allowPositionals: true, options: { all: { type: 'boolean' }, account: { type: 'string' } } });
const [command] = positionals;
if (command !== 'recompute' && command !== 'month-turn' && command !== 'pay' && command !== 'level') {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfigOrExit();
const core = await composeCore({ config, logger: createLogger({ level: 'warn', pretty: false }), databaseUrl: databaseUrlOf(config) });
try {
  const vip = core.modules.vip.api;
  if (command === 'recompute') console.log(JSON.stringify(values.all ? await vip.recomputeAll() : await vip.recomputeRecent()));
  else if (command === 'month-turn') console.log(JSON.stringify(await vip.monthTurn()));
  else if (command === 'pay') console.log(JSON.stringify({ paid: await vip.payDues() }));
  else {
    const member = values.account ? await core.modules.accounts.api.directory.findMemberByAccount(values.account) : undefined;
    if (!member) {
      console.error(values.account ? `no member ${values.account}` : USAGE);
      process.exitCode = 2;
    } else {
      await vip.refreshMember(member.id);
      console.log(JSON.stringify({ account: values.account, rank: await vip.levelOf(member.id) }));
    }
  }
} finally {
  await core.close();
}
