import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, enrolOperator, newOperator } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/**
 * An owner creates an operator with a temporary password; the new operator enrols two-factor
 * authentication, may then only change the password, and afterwards works normally. Bad input
 * and the policy are refused with clear codes and change nothing.
 */
describe('operator creation and the forced password change', () => {
  let ctx: TestContext;
  let ownerToken: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    ownerToken = (await newOperator(ctx.core, ctx.app, 'owner')).token;
  });
  afterAll(() => ctx.close());

  const create = (token: string, payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/backoffice/operators', headers: bearer(token), payload: payload as object });
  const changePassword = (token: string, payload: unknown) => ctx.app.inject({ method: 'PUT', url: '/api/backoffice/session/password', headers: bearer(token), payload: payload as object });
  const auditActions = async (targetId: string) =>
    (await ctx.core.db.selectFrom('backoffice_audit').select('action').where('target_id', '=', targetId).where('action', 'like', 'backoffice.operator.%').orderBy('id').execute()).map((row) => row.action);

  it('creates an operator whose temporary password opens only the password change, then everything their role holds', async () => {
    const username = `fin${Date.now().toString(36)}`;
    const created = await create(ownerToken, { username: ` ${username.toUpperCase()} `, displayName: 'Finance One', role: 'finance' });
    expect(created.statusCode, created.body).toBe(201);
    const { operator, temporaryPassword } = created.json();
    expect(operator).toMatchObject({ username, role: 'finance' });
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9_-]{25}$/);

    const session = await enrolOperator(ctx.app, { username, password: temporaryPassword });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/backoffice/session', headers: bearer(session.token) });
    expect(me.json().mustChangePassword).toBe(true);
    const blocked = await ctx.app.inject({ method: 'GET', url: '/api/backoffice/payments/withdrawals', headers: bearer(session.token) });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('backoffice.password_change_required');

    const newPassword = 'Finance-Strong-2026';
    expect((await changePassword(session.token, { currentPassword: temporaryPassword, newPassword })).statusCode).toBe(204);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/backoffice/session', headers: bearer(session.token) });
    expect(after.json().mustChangePassword).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/backoffice/payments/withdrawals', headers: bearer(session.token) })).statusCode).toBe(200);
    // Replaying the change with the old password no longer works.
    expect((await changePassword(session.token, { currentPassword: temporaryPassword, newPassword: 'Another-Strong-2027' })).json().error.code).toBe('backoffice.current_password_wrong');
    expect(await auditActions(operator.id)).toEqual(['backoffice.operator.created', 'backoffice.operator.password_changed']);
  });

  it('refuses weak passwords, a wrong current password and hostile input without changing anything', async () => {
    const username = `sup${Date.now().toString(36)}`;
    const { temporaryPassword, operator } = (await create(ownerToken, { username, displayName: 'Support', role: 'support' })).json();
    const { token } = await enrolOperator(ctx.app, { username, password: temporaryPassword });
    for (const newPassword of ['short1', 'onlyletterslongenough', '123456789012345', `${username}Strong99`, temporaryPassword, 'x1'.repeat(65)]) {
      const response = await changePassword(token, { currentPassword: temporaryPassword, newPassword });
      expect(response.statusCode, newPassword).toBe(400);
    }
    expect((await changePassword(token, { currentPassword: 'wrong-password-1', newPassword: 'Valid-Password-2026' })).json().error.code).toBe('backoffice.current_password_wrong');
    for (const body of [{}, { currentPassword: '', newPassword: '' }, { currentPassword: 7, newPassword: [] }, { currentPassword: 'a'.repeat(10_000), newPassword: 'b' }]) {
      expect((await changePassword(token, body)).statusCode).toBe(400);
    }
    expect(await auditActions(operator.id)).toEqual(['backoffice.operator.created']);
  });

  it('refuses duplicate usernames, bad fields and operators without operators.manage', async () => {
    const username = `dup${Date.now().toString(36)}`;
    expect((await create(ownerToken, { username, displayName: 'One', role: 'content' })).statusCode).toBe(201);
    const again = await create(ownerToken, { username, displayName: 'Two', role: 'owner' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('backoffice.username_taken');
    for (const payload of [{ username: 'a', displayName: 'x', role: 'owner' }, { username: '<script>', displayName: 'x', role: 'owner' }, { username: 'validname', displayName: '', role: 'owner' }, { username: 'validname', displayName: 'x', role: 'god' }]) {
      expect((await create(ownerToken, payload)).statusCode).toBe(400);
    }
    const finance = await newOperator(ctx.core, ctx.app, 'finance');
    expect((await create(finance.token, { username: `x${username}`, displayName: 'X', role: 'owner' })).statusCode).toBe(403);
  });
});
