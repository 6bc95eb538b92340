import { composeCore } from '../compose.ts';
import { loadConfigOrExit } from '../platform/config.ts';
import { createLogger } from '../platform/logger.ts';
import { databaseUrlOf } from './database-url.ts';

/**
 * Back-office command line, for what must work when nobody can log in to the console:
 *   npm run audit:verify                         recompute the audit hash chain (exit 1 when broken)
 *   npm run backoffice -- verify-audit           the same
 *   npm run backoffice -- reset-2fa USERNAME     remove an operator's two-factor key and recovery
 *                                                codes, end their sessions; they enrol at next login
 * Both are audited or read-only; the reset is recorded as a system action (no operator).
 */
const USAGE = 'usage: backoffice verify-audit | reset-2fa USERNAME';
const [command, username, ...rest] = process.argv.slice(2);
if (!(command === 'verify-audit' && username === undefined) && !(command === 'reset-2fa' && username && rest.length === 0)) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfigOrExit();
const core = await composeCore({ config, logger: createLogger({ level: 'warn', pretty: false }), databaseUrl: databaseUrlOf(config) });
try {
  const backoffice = core.modules.backoffice.api;
  if (command === 'verify-audit') {
    const report = await backoffice.verifyAuditChain();
    console.log(JSON.stringify(report, null, 2));
    // The head is the chain's fingerprint: kept somewhere else, it shows a rewrite of the whole chain.
    if (!report.ok) process.exitCode = 1;
  } else {
    await backoffice.resetTwoFactorByUsername(username!);
    console.log(`two-factor authentication of ${username} reset: they enrol again at their next login`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await core.close();
}
