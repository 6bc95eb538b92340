import { OperatorCreateRequestSchema } from '@app/contracts';
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
 *   npm run backoffice -- create-owner USERNAME [DISPLAY NAME]
 *                                                the first owner of a production install (the demo
 *                                                seed never runs there): prints a temporary password
 *                                                once; the owner enrols two-factor and chooses a
 *                                                password at the first console login
 * All are audited or read-only; reset and creation are recorded as system actions (no operator).
 */
const USAGE = 'usage: backoffice verify-audit | reset-2fa USERNAME | create-owner USERNAME [DISPLAY NAME]';
const [command, username, ...rest] = process.argv.slice(2);
const valid =
  (command === 'verify-audit' && username === undefined) ||
  (command === 'reset-2fa' && username && rest.length === 0) ||
  (command === 'create-owner' && username);
if (!valid) {
  console.error(USAGE);
  process.exit(2);
}
// The console's own rule for usernames and display names, so the command makes nothing the console would refuse.
const newOwner = command === 'create-owner' ? OperatorCreateRequestSchema.safeParse({ username, displayName: rest.join(' ') || username, role: 'owner' }) : undefined;
if (newOwner && !newOwner.success) {
  console.error(newOwner.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'));
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
  } else if (newOwner?.success) {
    const owner = await backoffice.createOwnerFromCommandLine(newOwner.data);
    console.log(
      [
        `owner ${owner.username} created (id ${owner.id})`,
        `temporary password: ${owner.temporaryPassword}`,
        'Shown once. Log in to the console (/admin/) with it: you will set up two-factor authentication and then choose your own password.',
      ].join('\n'),
    );
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
