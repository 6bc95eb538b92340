import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, currentOperatorCode, newOperator, type TestOperator } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/**
 * The back-office IP allow-list (setting backoffice.ipAllowList): checked at login, on the
 * enrolment calls and on every operator request; an owner cannot save a list that leaves them out.
 */
describe('back-office IP allow-list', () => {
  let ctx: TestContext;
  let owner: TestOperator;
  let support: TestOperator;
  const inside = '198.51.100.20';
  const outside = '203.0.113.7';

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await newOperator(ctx.core, ctx.app, 'owner', { ip: inside });
    support = await newOperator(ctx.core, ctx.app, 'support', { ip: inside });
  });
  afterAll(async () => ctx.close());

  const allow = (ipAllowList: string[]) => ctx.core.modules.system.api.updateSetting('backoffice', { ipAllowList }, 'test');
  const me = (token: string, ip: string) => ctx.app.inject({ method: 'GET', url: '/api/backoffice/session', headers: bearer(token), remoteAddress: ip });
  const login = async (operator: TestOperator, ip: string, password = operator.password) =>
    ctx.app.inject({ method: 'POST', url: '/api/backoffice/session', payload: { username: operator.username, password, totp: await currentOperatorCode(ctx.core, operator) }, remoteAddress: ip });
  const putSetting = (ipAllowList: unknown, ip: string) =>
    ctx.app.inject({ method: 'PUT', url: '/api/backoffice/settings/backoffice', headers: bearer(owner.token), payload: { ipAllowList }, remoteAddress: ip });

  it('lets any address in while the list is empty', async () => {
    expect((await me(support.token, outside)).statusCode).toBe(200);
    expect((await login(support, outside)).statusCode).toBe(200);
  });

  it('refuses logins, sessions and enrolment from elsewhere once set, before looking at the password', async () => {
    await allow(['198.51.100.0/24', '2001:db8::/32']);
    for (const ip of [outside, '10.0.0.1', '2001:db9::1', '::ffff:203.0.113.7']) {
      const refused = await me(support.token, ip);
      expect(refused.statusCode, ip).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'backoffice.ip_not_allowed', details: { ip } });
    }
    for (const ip of [inside, '2001:db8::42', '::ffff:198.51.100.99']) expect((await me(support.token, ip)).statusCode, ip).toBe(200);

    expect((await login(support, outside)).json().error.code).toBe('backoffice.ip_not_allowed');
    // A wrong password from outside is refused the same way and does not count as a failure.
    expect((await login(support, outside, 'wrong')).json().error.code).toBe('backoffice.ip_not_allowed');
    expect(await ctx.core.db.selectFrom('backoffice_login_counter').select('failures').where('key', '=', `user:${support.username}`).execute()).toEqual([]);
    expect((await login(support, inside)).statusCode).toBe(200);

    await ctx.core.modules.backoffice.api.ensureOperator({ username: 'newcomer1', displayName: 'n', role: 'content', password: 'Operator@1234' });
    const first = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/session', payload: { username: 'newcomer1', password: 'Operator@1234' }, remoteAddress: inside });
    const enrol = (ip: string) => ctx.app.inject({ method: 'POST', url: '/api/backoffice/2fa/enrol', headers: bearer(first.json().enrolmentToken), remoteAddress: ip });
    expect((await enrol(outside)).json().error.code).toBe('backoffice.ip_not_allowed');
    expect((await enrol(inside)).statusCode).toBe(200);
  });

  it('will not save a list that leaves out the owner saving it, and is the owner’s alone', async () => {
    await allow([]);
    const lockout = await putSetting(['192.0.2.0/24'], outside);
    expect(lockout.statusCode).toBe(400);
    expect(lockout.json().error).toMatchObject({ code: 'validation.failed', details: { fields: [{ path: 'backoffice.ipAllowList' }] } });
    expect((await putSetting(['not-an-ip'], outside)).json().error.code).toBe('validation.failed');
    expect((await putSetting(['203.0.113.0/24'], outside)).statusCode).toBe(200);
    expect((await ctx.core.modules.system.api.getSettings()).backoffice.ipAllowList).toEqual(['203.0.113.0/24']);
    const audit = await ctx.core.db.selectFrom('backoffice_audit').selectAll().where('action', '=', 'system.setting.backoffice.updated').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ operator_id: owner.id, details: { before: { ipAllowList: [] }, after: { ipAllowList: ['203.0.113.0/24'] } } });

    const content = await newOperator(ctx.core, ctx.app, 'content', { ip: outside });
    const byContent = await ctx.app.inject({ method: 'PUT', url: '/api/backoffice/settings/backoffice', headers: bearer(content.token), payload: { ipAllowList: [] }, remoteAddress: outside });
    expect(byContent.json().error.code).toBe('backoffice.forbidden');
    await allow([]);
  });
});
