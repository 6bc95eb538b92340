import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { formatCents, parseCents } from '@app/kernel';
import { composeCore } from '../compose.ts';
import { loadConfigOrExit } from '../platform/config.ts';
import { createLogger } from '../platform/logger.ts';
import { HOUSE } from '../modules/wallet/index.ts';
import { databaseUrlOf } from './database-url.ts';

/**
 * Operator tools for the ledger:
 *   npm run ledger:check [-- --last]        verify the invariants now (or show the last stored result); exit 1 on problems
 *   npm run wallet -- adjust --account demo --amount 100.00 --reason "goodwill"   manual adjustment (negative to debit)
 *   npm run wallet -- balance --account demo
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { account: { type: 'string' }, amount: { type: 'string' }, reason: { type: 'string' }, last: { type: 'boolean', default: false } },
});
const [command] = positionals;

const config = loadConfigOrExit();
const core = await composeCore({ config, logger: createLogger({ level: 'warn', pretty: false }), databaseUrl: databaseUrlOf(config) });
const { wallet, accounts } = core.modules;

async function memberOf(account: string | undefined) {
  const member = account ? await accounts.api.directory.findMemberByAccount(account) : undefined;
  if (!member) throw new Error(`no member "${account ?? ''}"`);
  return member;
}

try {
  if (command === 'check') {
    const result = values.last ? await wallet.api.lastLedgerCheck() : await wallet.api.runLedgerCheck();
    console.log(JSON.stringify(result, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2));
    if (!result || !result.ok) process.exitCode = 1;
  } else if (command === 'adjust') {
    const member = await memberOf(values.account);
    const amount = values.amount === undefined ? undefined : parseCents(values.amount);
    if (amount === undefined || amount === 0n) throw new Error('--amount must be a non-zero decimal such as 100.00 or -5.50');
    if (!values.reason?.trim()) throw new Error('--reason is required (it is kept on the journal)');
    const result = await core.db.transaction().execute((tx) =>
      wallet.api.postOrThrow(tx, {
        key: `adjustment:cli:${randomUUID()}`,
        type: 'adjustment',
        reference: values.reason!.trim().slice(0, 200),
        legs: [
          { member: member.id, amount },
          { house: HOUSE.adjustments, amount: -amount },
        ],
      }),
    );
    const cash = result.balances.find((row) => row.pocket === 'cash')?.balance ?? 0n;
    console.log(`journal ${result.journalId}: ${member.account} cash is now ${formatCents(cash)}`);
  } else if (command === 'balance') {
    const member = await memberOf(values.account);
    console.log(JSON.stringify(await wallet.api.balanceOf(member.id)));
  } else {
    console.error('usage: wallet check [--last] | adjust --account A --amount 12.34 --reason TEXT | balance --account A');
    process.exitCode = 2;
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await core.close();
}
