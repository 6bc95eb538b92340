import { parseArgs } from 'node:util';
import { normalizeBrMobile } from '@app/contracts';
import { composeCore } from '../compose.ts';
import { loadConfigOrExit } from '../platform/config.ts';
import { createLogger } from '../platform/logger.ts';
import { databaseUrlOf } from './database-url.ts';

/**
 * What the development SMS and e-mail providers "sent":
 *   npm run outbox -- sms [--to "(11) 96123-4567"] [--limit 10]
 *   npm run outbox -- email [--to someone@example.com] [--limit 10]
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { to: { type: 'string' }, limit: { type: 'string', default: '10' } },
});
const [kind] = positionals;
const limit = Math.min(200, Math.max(1, Number.parseInt(values.limit ?? '10', 10) || 10));

const config = loadConfigOrExit();
const core = await composeCore({ config, logger: createLogger({ level: 'warn', pretty: false }), databaseUrl: databaseUrlOf(config) });
try {
  if (kind === 'sms') {
    const mobile = values.to ? (normalizeBrMobile(values.to) ?? values.to) : undefined;
    for (const row of (await core.modules.accounts.api.listSmsOutbox({ mobile, limit })).reverse()) {
      console.log(`${row.created_at.toISOString()}  ${row.mobile}  ${row.body}`);
    }
  } else if (kind === 'email') {
    for (const row of (await core.modules.accounts.api.listEmailOutbox({ email: values.to, limit })).reverse()) {
      console.log(`${row.created_at.toISOString()}  ${row.email}  ${row.subject}\n${row.body}\n`);
    }
  } else {
    console.error('usage: outbox sms|email [--to ADDRESS] [--limit N]');
    process.exitCode = 2;
  }
} finally {
  await core.close();
}
