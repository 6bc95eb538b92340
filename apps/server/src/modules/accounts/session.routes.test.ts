import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginResponseSchema, MemberInfoSchema } from '@app/contracts';
import { bearer, loginAs, newMember } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

describe('sessions', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const login = (payload: unknown, ip = '203.0.113.10') =>
    ctx.app.inject({ method: 'POST', url: '/api/session/login', payload: payload as object, remoteAddress: ip });

  it('logs in, reports the first login once, and serves member info for the token', async () => {
    const member = await newMember(ctx.core);
    const first = await login({ username: ` ${member.account.toUpperCase()} `, password: member.password, type: 'username' });
    expect(first.statusCode).toBe(200);
    const body = LoginResponseSchema.parse(first.json());
    expect(body).toMatchObject({ firstTimeLogin: true, passwordExpired: false });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const info = await ctx.app.inject({ method: 'GET', url: '/api/member/info', headers: bearer(body.token) });
    expect(info.statusCode).toBe(200);
    expect(MemberInfoSchema.parse(info.json())).toMatchObject({ account: member.account, type: 0, balance: '0.00', currency: 'BRL', currencySymbol: 'R$' });

    const second = LoginResponseSchema.parse((await login({ username: member.account, password: member.password, type: 'username' })).json());
    expect(second.firstTimeLogin).toBe(false);
    expect(second.token).not.toBe(body.token);
  });

  it('stores only the hash of the token', async () => {
    const member = await newMember(ctx.core);
    const token = await loginAs(ctx.app, member);
    const rows = await ctx.core.db.selectFrom('accounts_session').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash.toString('base64url') === token)).toBe(false);
    expect(rows.every((row) => row.token_hash.length === 32)).toBe(true);
  });

  it('revokes the token at once on logout', async () => {
    const token = await loginAs(ctx.app, await newMember(ctx.core));
    const logout = await ctx.app.inject({ method: 'DELETE', url: '/api/session', headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/member/info', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('auth.required');
  });

  it('answers the same for a wrong password and an unknown account', async () => {
    const member = await newMember(ctx.core);
    const wrong = await login({ username: member.account, password: 'wrong-password', type: 'username' }, '198.51.100.1');
    const unknown = await login({ username: 'nobody-here', password: 'wrong-password', type: 'username' }, '198.51.100.1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('auth.invalid_credentials');
    expect(unknown.json().error.message).toBe(wrong.json().error.message);
  });

  it('asks for a captcha after 3 failures without locking the account for other addresses', async () => {
    const member = await newMember(ctx.core);
    const attempt = (ip: string) => login({ username: member.account, password: 'nope-nope', type: 'username' }, ip);
    expect((await attempt('192.0.2.1')).json().error.details.captchaRequired).toBe(false);
    await attempt('192.0.2.2');
    expect((await attempt('192.0.2.3')).json().error.details.captchaRequired).toBe(true);
    const withoutCaptcha = await login({ username: member.account, password: member.password, type: 'username' }, '192.0.2.4');
    expect(withoutCaptcha.statusCode).toBe(400);
    expect(withoutCaptcha.json().error).toMatchObject({ code: 'auth.captcha_required', details: { captchaRequired: true } });
  });

  it('locks one address for one account for 5 minutes after 5 failures, and counts concurrent failures', async () => {
    const member = await newMember(ctx.core);
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () => login({ username: member.account, password: 'nope-nope', type: 'username' }, '192.0.2.50')),
    );
    expect(attempts.every((response) => response.statusCode === 401 || response.statusCode === 400)).toBe(true);
    const locked = await login({ username: member.account, password: member.password, type: 'username' }, '192.0.2.50');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.details.retryAfterSeconds).toBeGreaterThan(250);
  });

  it('locks the pair even when a bot keeps ignoring the captcha', async () => {
    const member = await newMember(ctx.core);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await login({ username: member.account, password: 'nope-nope', type: 'username' }, '192.0.2.60')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 400, 400, 429]);
    // The same account from another address is not locked: the attacker cannot lock the victim out.
    const elsewhere = await login({ username: member.account, password: member.password, type: 'username' }, '192.0.2.61');
    expect(elsewhere.json().error.code).toBe('auth.captcha_required');
  });

  it('lets only agents log in at the agent portal', async () => {
    const player = await newMember(ctx.core);
    const refused = await login({ username: player.account, password: player.password, type: 'username', portal: 'agent' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('auth.agent_only');
    const agent = await newMember(ctx.core, { type: 1 });
    expect((await login({ username: agent.account, password: agent.password, type: 'username', portal: 'agent' })).statusCode).toBe(200);
  });

  it('forces a password change when the password is the configured default', async () => {
    await ctx.core.modules.system.api.updateSetting('accounts', { defaultPassword: 'Reset@2026', passwordExpiryDays: null }, 'test');
    const member = await newMember(ctx.core, { password: 'Reset@2026' });
    const body = (await login({ username: member.account, password: 'Reset@2026', type: 'username' })).json();
    expect(body.passwordExpired).toBe(true);

    // The server holds the player to it: only member info, the change itself, language and logout answer.
    const headers = bearer(body.token);
    const info = await ctx.app.inject({ method: 'GET', url: '/api/member/info', headers });
    expect(MemberInfoSchema.parse(info.json()).passwordExpired).toBe(true);
    const sessions = await ctx.app.inject({ method: 'GET', url: '/api/member/sessions', headers });
    expect(sessions.statusCode).toBe(403);
    expect(sessions.json().error.code).toBe('auth.password_change_required');
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/member/password',
      headers,
      payload: { currentPassword: 'Reset@2026', newPassword: 'Fresh#Start2026' },
    });
    expect(changed.statusCode).toBeLessThan(300);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/member/sessions', headers })).statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/member/info', headers });
    expect(MemberInfoSchema.parse(after.json()).passwordExpired).toBe(false);
    await ctx.core.modules.system.api.updateSetting('accounts', { defaultPassword: null, passwordExpiryDays: null }, 'test');
  });

  it('remembers the member language', async () => {
    const token = await loginAs(ctx.app, await newMember(ctx.core));
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/member/language', headers: bearer(token), payload: { language: 'en' } });
    expect(put.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/member/info', headers: bearer(token) })).json().language).toBe('en');
    const bad = await ctx.app.inject({ method: 'PUT', url: '/api/member/language', headers: bearer(token), payload: { language: 'xx' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation.failed');
  });

  it('answers empty, oversized, hostile and malformed login input with 400 and stores nothing', async () => {
    const before = await ctx.core.db.selectFrom('accounts_session').select(({ fn }) => fn.countAll().as('n')).executeTakeFirstOrThrow();
    const cases: unknown[] = [
      {},
      { username: '', password: '', type: 'username' },
      { username: '   ', password: 'x', type: 'username' },
      { username: 'a'.repeat(65), password: 'x', type: 'username' },
      { username: 'a', password: 'x'.repeat(129), type: 'username' },
      { username: { $ne: null }, password: 'x', type: 'username' },
      { username: "admin' --", password: ['x'], type: 'username' },
      { username: 'a', password: 'x', type: 'firebase' },
    ];
    for (const payload of cases) {
      const response = await login(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('validation.failed');
    }
    const after = await ctx.core.db.selectFrom('accounts_session').select(({ fn }) => fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses malformed, unknown and foreign-scheme tokens alike', async () => {
    for (const authorization of ['Bearer', 'Bearer x', `Bearer ${'A'.repeat(43)}`, 'Basic dXNlcjpwYXNz', `Bearer ${'a'.repeat(5000)}`]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/member/info', headers: { authorization } });
      expect(response.statusCode, authorization.slice(0, 20)).toBe(401);
    }
  });
});
