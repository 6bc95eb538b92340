import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';

const run = promisify(execFile);
const cli = path.join(import.meta.dirname, 'backoffice.ts');

/**
 * The first owner of a production install, where the demo seed never runs: the command creates
 * the owner with a temporary password printed once; the owner enrols two-factor and chooses a
 * password at the first login, like any operator an owner creates.
 */
describe('npm run backoffice -- create-owner', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const backoffice = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', cli, ...args], { env: { NODE_ENV: 'test', DATABASE_URL: ctx.databaseUrl, LOG_LEVEL: 'warn' }, timeout: 60_000 }).then(
      (result) => ({ code: 0, ...result }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it('creates an owner with a one-time temporary password that leads to two-factor enrolment, audited as a system action', async () => {
    const created = await backoffice('create-owner', 'Chief');
    expect(created.code, created.stderr).toBe(0);
    const temporaryPassword = /temporary password: (\S+)/.exec(created.stdout)?.[1];
    expect(temporaryPassword, created.stdout).toMatch(/^[A-Za-z0-9_-]{24}7$/);

    const row = await ctx.core.db.selectFrom('backoffice_operator').selectAll().where('username', '=', 'chief').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'owner', must_change_password: true, status: 'active' });
    const first = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/session', payload: { username: 'chief', password: temporaryPassword }, remoteAddress: '192.0.2.5' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'enrolment_required', operator: { username: 'chief', role: 'owner' } });

    const audited = await ctx.core.db.selectFrom('backoffice_audit').selectAll().where('action', '=', 'backoffice.operator.created').where('target_id', '=', String(row.id)).execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ operator_id: null });
    expect(audited[0]?.details).toMatchObject({ after: { username: 'chief', role: 'owner' }, via: 'command line' });
  }, 120_000);

  it('refuses a taken username and a malformed one without changing anything', async () => {
    await ctx.core.modules.backoffice.api.ensureOperator({ username: 'taken-owner', displayName: 'x', role: 'support', password: 'Operator@1234' });
    const taken = await backoffice('create-owner', 'taken-owner');
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/exists/);
    const malformed = await backoffice('create-owner', 'no spaces allowed');
    expect(malformed.code).not.toBe(0);
    const row = await ctx.core.db.selectFrom('backoffice_operator').select('role').where('username', '=', 'taken-owner').executeTakeFirstOrThrow();
    expect(row.role).toBe('support');
  }, 120_000);
});
