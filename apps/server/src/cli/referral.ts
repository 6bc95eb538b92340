import { parseArgs } from 'node:util';
import { ReferralRulesInputSchema } from '@app/contracts';
import { composeCore } from '../compose.ts';
import { loadConfigOrExit } from '../platform/config.ts';
import { createLogger } from '../platform/logger.ts';
import { databaseUrlOf } from './database-url.ts';

/**
 * Operator command line for the member referral programme (the worker runs the pass every minute):
 *   npm run referral -- qualify                 (one qualification pass: pays, flags, caps or expires)
 *   npm run referral -- rules --json '{…}'      (a new version of the rules, as PUT /api/backoffice/referral/rules takes them; audited)
 */
const USAGE = "usage: referral qualify | rules --json '{\"enabled\":true,…}'";
const { values, positionals } = parseArgs({ allowPositionals: true, options: { json: { type: 'string' } } });
const [command] = positionals;
if (command !== 'qualify' && command !== 'rules') {
  console.error(USAGE);
  process.exit(2);
}
let rules: ReturnType<typeof ReferralRulesInputSchema.parse> | undefined;
if (command === 'rules') {
  let parsed: ReturnType<typeof ReferralRulesInputSchema.safeParse>;
  try {
    parsed = ReferralRulesInputSchema.safeParse(JSON.parse(values.json ?? ''));
  } catch {
    console.error(USAGE);
    process.exit(2);
  }
  if (!parsed.success) {
    console.error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'));
    process.exit(2);
  }
  rules = parsed.data;
}

const config = loadConfigOrExit();
const core = await composeCore({ config, logger: createLogger({ level: 'warn', pretty: false }), databaseUrl: databaseUrlOf(config) });
try {
  const referral = core.modules.referral.api;
  if (rules) console.log(JSON.stringify(await referral.saveRules(rules, { id: null, username: 'cli', ip: null })));
  else console.log(JSON.stringify(await referral.qualifyPass()));
} finally {
  await core.close();
}
