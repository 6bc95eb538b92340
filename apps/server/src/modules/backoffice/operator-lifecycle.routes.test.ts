import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, currentOperatorCode, newOperator, type TestOperator, type TestOperatorRole } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/**
 * An owner disables, re-enables and changes the role of operators: a disabled operator's sessions
 * end at once and it cannot log in; a role applies from the next request; the last active owner
 * is never disabled or demoted; repeats change nothing; every change is audited.
 */
describe('operator lifecycle: disable, re-enable, change role', () => {
  let ctx: TestContext;
  let owner: TestOperator;
  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await newOperator(ctx.core, ctx.app, 'owner');
  });
  afterAll(() => ctx.close());

  const put = (token: string, url: string, payload: object) => ctx.app.inject({ method: 'PUT', url, headers: bearer(token), payload });
  const setStatus = (token: string, id: bigint, status: string) => put(token, `/api/backoffice/operators/${id}/status`, { status });
  const setRole = (token: string, id: bigint, role: string) => put(token, `/api/backoffice/operators/${id}/role`, { role });
  const session = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/backoffice/session', headers: bearer(token) });
  const login = async (operator: TestOperator) =>
    ctx.app.inject({ method: 'POST', url: '/api/backoffice/session', payload: { username: operator.username, password: operator.password, totp: await currentOperatorCode(ctx.core, operator) } });
  const audits = async (targetId: bigint, action: string) =>
    ctx.core.db.selectFrom('backoffice_audit').select(['operator_id', 'details']).where('target_id', '=', String(targetId)).where('action', '=', action).execute();
  const fresh = (role: TestOperatorRole) => newOperator(ctx.core, ctx.app, role);
  /** Leaves `keep` as the only active owners of this test database (its own database). */
  const onlyOwners = async (...keep: bigint[]) =>
    ctx.core.db.updateTable('backoffice_operator').set({ role: 'support' }).where('role', '=', 'owner').where('id', 'not in', keep).execute();

  it('disabling ends the sessions at once and refuses the login; a repeat changes nothing; re-enabling lets the operator in again', async () => {
    const support = await fresh('support');
    expect((await session(support.token)).statusCode).toBe(200);
    const disabled = await setStatus(owner.token, support.id, 'locked');
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ operator: { id: String(support.id), status: 'locked' }, changed: true, sessionsEnded: 1 });
    const refused = await session(support.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('backoffice.session_required');
    const locked = await login(support);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.code).toBe('backoffice.operator_locked');

    const again = await setStatus(owner.token, support.id, 'locked');
    expect(again.json()).toMatchObject({ changed: false, sessionsEnded: 0 });
    const [entry, ...more] = await audits(support.id, 'backoffice.operator.disabled');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ operator_id: owner.id, details: { before: { status: 'active' }, after: { status: 'locked' }, sessionsEnded: 1 } });

    expect((await setStatus(owner.token, support.id, 'active')).json()).toMatchObject({ operator: { status: 'active' }, changed: true });
    expect(await audits(support.id, 'backoffice.operator.enabled')).toHaveLength(1);
    const back = await login(support);
    expect(back.statusCode, back.body).toBe(200);
    expect((await session(back.json().token)).statusCode).toBe(200);
  });

  it('a new role applies on the next request of the same session, audited once with before and after', async () => {
    const finance = await fresh('finance');
    const list = () => ctx.app.inject({ method: 'GET', url: '/api/backoffice/operators', headers: bearer(finance.token) });
    expect((await list()).statusCode).toBe(403);
    const changed = await setRole(owner.token, finance.id, 'owner');
    expect(changed.json()).toMatchObject({ operator: { role: 'owner' }, changed: true, sessionsEnded: 0 });
    expect((await list()).statusCode).toBe(200);
    expect((await setRole(owner.token, finance.id, 'owner')).json()).toMatchObject({ changed: false });
    const entries = await audits(finance.id, 'backoffice.operator.role_changed');
    expect(entries).toHaveLength(1);
    expect(entries[0]?.details).toMatchObject({ before: { role: 'finance' }, after: { role: 'owner' } });
    expect((await setRole(owner.token, finance.id, 'support')).json()).toMatchObject({ changed: true });
    expect((await list()).statusCode).toBe(403);
  });

  it('never disables oneself nor disables or demotes the last active owner, and answers bad input with clear 4xx', async () => {
    const other = await fresh('owner');
    await onlyOwners(owner.id, other.id);
    const self = await setStatus(owner.token, owner.id, 'locked');
    expect(self.statusCode).toBe(409);
    expect(self.json().error.code).toBe('backoffice.self_disable_refused');

    // Demoting oneself is allowed while another owner remains; then that owner is the last one.
    expect((await setRole(other.token, other.id, 'risk')).json()).toMatchObject({ changed: true });
    const demoteLast = await setRole(owner.token, owner.id, 'support');
    expect(demoteLast.statusCode).toBe(409);
    expect(demoteLast.json().error.code).toBe('backoffice.last_owner');
    // A disabled owner does not count: the last active one still cannot go.
    expect((await setRole(owner.token, other.id, 'owner')).statusCode).toBe(200);
    expect((await setStatus(owner.token, other.id, 'locked')).statusCode).toBe(200);
    const demoteAgain = await setRole(owner.token, owner.id, 'finance');
    expect(demoteAgain.json().error.code).toBe('backoffice.last_owner');
    expect((await ctx.core.db.selectFrom('backoffice_operator').select('role').where('id', '=', owner.id).executeTakeFirstOrThrow()).role).toBe('owner');

    for (const [response, status, code] of [
      [await setRole(owner.token, other.id, 'emperor'), 400, 'validation.failed'],
      [await setStatus(owner.token, other.id, 'gone'), 400, 'validation.failed'],
      [await setStatus(owner.token, 999_999_999n, 'locked'), 404, 'backoffice.operator_not_found'],
      [await put(owner.token, '/api/backoffice/operators/abc/role', { role: 'support' }), 400, 'validation.failed'],
    ] as const) {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.code).toBe(code);
    }
    await setStatus(owner.token, other.id, 'active');
  });

  it('of two owners disabling each other at the same moment, one wins and an active owner remains', async () => {
    const first = await fresh('owner');
    const second = await fresh('owner');
    await onlyOwners(first.id, second.id);
    const answers = await Promise.all([setStatus(first.token, second.id, 'locked'), setStatus(second.token, first.id, 'locked')]);
    expect(answers.filter((answer) => answer.statusCode === 200), answers.map((answer) => answer.body).join(' | ')).toHaveLength(1);
    const owners = await ctx.core.db.selectFrom('backoffice_operator').select('id').where('role', '=', 'owner').where('status', '=', 'active').execute();
    expect(owners).toHaveLength(1);
  });
});
