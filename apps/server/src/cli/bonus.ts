import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { formatCents, parseCents } from '@app/kernel';
import { composeCore } from '../compose.ts';
import { loadConfigOrExit } from '../platform/config.ts';
import { createLogger } from '../platform/logger.ts';
import { databaseUrlOf } from './database-url.ts';

/**
 * Operator command line for bonus money (until the console grants through an approval):
 *   npm run bonus -- grant --account A --amount 10.00 --multiple 10 [--days 7] [--key K] [--note TEXT]
 *   npm run bonus -- expire      (the expiry and conversion job, once)
 *   npm run bonus -- contribution [--type LIVE --percent 10]   (list, or set one game type's share of wagering)
 */
const USAGE = 'usage: bonus grant --account A --amount 10.00 --multiple 10 [--days 7] [--key K] [--note TEXT] | expire | contribution [--type T --percent P]';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { account: { type: 'string' }, amount: { type: 'string' }, multiple: { type: 'string' }, days: { type: 'string' }, key: { type: 'string' }, note: { type: 'string' }, type: { type: 'string' }, percent: { type: 'string' } },
});
const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};

const [command] = positionals;
if (command !== 'grant' && command !== 'expire' && command !== 'contribution') fail(USAGE);
const amount = command === 'grant' ? (parseCents(values.amount ?? '') ?? fail('--amount must be like 10.00')) : 0n;
const multiple = Number(values.multiple ?? '0');
if (command === 'grant' && (!values.account || !Number.isFinite(multiple) || multiple < 0)) fail(USAGE);
const days = Number(values.days ?? '7');
if (!Number.isFinite(days) || days <= 0 || days > 365) fail('--days must be from 1 to 365');

const config = loadConfigOrExit();
const core = await composeCore({ config, logger: createLogger({ level: 'warn', pretty: false }), databaseUrl: databaseUrlOf(config) });
try {
  const bonus = core.modules.bonus.api;
  if (command === 'contribution') {
    if (values.type !== undefined) await bonus.setContribution(values.type, Number(values.percent));
    console.log(JSON.stringify(await bonus.contributions()));
  } else if (command === 'expire') {
    const expiry = await bonus.expireDue();
    console.log(JSON.stringify({ ...expiry, converted: expiry.converted + (await bonus.convertCompleted()) }));
  } else {
    const member = await core.modules.accounts.api.directory.findMemberByAccount(values.account!);
    if (!member) fail(`no member ${values.account}`);
    const key = values.key ?? `cli:${randomUUID()}`;
    const result = await core.db.transaction().execute((tx) =>
      bonus.grant(tx, { key, memberId: member!.id, amount, wageringMultiple: multiple, expiresAt: new Date(Date.now() + days * 86_400_000), source: { kind: 'operator_cli', id: key }, note: values.note }),
    );
    console.log(JSON.stringify({ grantId: result.grantId.toString(), created: result.created, amount: formatCents(amount) }));
  }
} finally {
  await core.close();
}
