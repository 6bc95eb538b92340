import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, newMember, type TestMember } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/**
 * Every account endpoint that takes input, fed empty, oversized, wrongly typed, hostile and
 * odd-unicode values: each answers 400 validation.failed with field details, never 500, and
 * the member's row is unchanged.
 */
const HOSTILE = ["' OR 1=1 --", '<script>alert(1)</script>', '${jndi:ldap://x}', '\u202Eevil', 'a\u0000b', '😀'.repeat(200)];

describe('bad input on account endpoints', () => {
  let ctx: TestContext;
  let member: TestMember;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    member = await newMember(ctx.core);
    token = await loginAs(ctx.app, member);
  });
  afterAll(() => ctx.close());

  const endpoints: { method: 'POST' | 'PUT'; url: string; auth: boolean; valid: Record<string, unknown> }[] = [
    { method: 'PUT', url: '/api/member/password', auth: true, valid: { currentPassword: 'x', newPassword: 'y' } },
    { method: 'PUT', url: '/api/member/payment-password', auth: true, valid: { password: 'x', paymentPassword: '123456' } },
    { method: 'PUT', url: '/api/member/language', auth: true, valid: { language: 'pt' } },
    { method: 'POST', url: '/api/member/password/reset/sms', auth: false, valid: { mobile: '(11) 96123-4567', code: '123456', newPassword: 'y' } },
    { method: 'POST', url: '/api/member/password/reset/email', auth: false, valid: { email: 'a@b.co' } },
    { method: 'POST', url: '/api/member/password/reset', auth: false, valid: { token: 'x', newPassword: 'y' } },
    { method: 'POST', url: '/api/verification/sms', auth: false, valid: { mobile: '(11) 96123-4567', purpose: 'register' } },
    { method: 'POST', url: '/api/session/login', auth: false, valid: { username: 'x', password: 'y', type: 'username' } },
  ];

  function variants(valid: Record<string, unknown>) {
    const out: { label: string; body: unknown }[] = [{ label: 'empty body', body: {} }, { label: 'array body', body: [] }];
    for (const field of Object.keys(valid)) {
      out.push({ label: `${field} empty`, body: { ...valid, [field]: '' } });
      out.push({ label: `${field} oversized`, body: { ...valid, [field]: 'x'.repeat(5000) } });
      out.push({ label: `${field} object`, body: { ...valid, [field]: { $ne: null } } });
      out.push({ label: `${field} number`, body: { ...valid, [field]: 12345678 } });
      out.push({ label: `${field} missing`, body: Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field)) });
    }
    return out;
  }

  it('answers 400 with field details for every malformed variant, and changes nothing', async () => {
    const before = await ctx.core.db.selectFrom('accounts_member').selectAll().where('account', '=', member.account).executeTakeFirstOrThrow();
    for (const endpoint of endpoints) {
      for (const variant of variants(endpoint.valid)) {
        const response = await ctx.app.inject({
          method: endpoint.method,
          url: endpoint.url,
          payload: variant.body as object,
          headers: endpoint.auth ? bearer(token) : {},
          remoteAddress: '198.51.100.200',
        });
        const where = `${endpoint.url} ${variant.label}`;
        // 'missing' or 'empty' may be valid for optional fields; nothing else may pass, and nothing may 500.
        expect(response.statusCode, where).toBeLessThan(500);
        if (response.statusCode === 400) {
          const error = response.json().error;
          expect(['validation.failed', 'request.malformed', 'auth.reset_link_invalid', 'auth.sms_code_invalid'], where).toContain(error.code);
        } else {
          expect([401, 403, 202, 204, 429], where).toContain(response.statusCode);
        }
      }
    }
    const after = await ctx.core.db.selectFrom('accounts_member').selectAll().where('account', '=', member.account).executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(before.password_hash);
    expect(after.payment_password_hash).toBe(before.payment_password_hash);
  });

  it('treats hostile and odd-unicode strings as plain, wrong values', async () => {
    for (const value of HOSTILE) {
      const login = await ctx.app.inject({ method: 'POST', url: '/api/session/login', payload: { username: value.slice(0, 64), password: value.slice(0, 128), type: 'username' }, remoteAddress: '198.51.100.201' });
      expect([400, 401, 429], value).toContain(login.statusCode);
      const email = await ctx.app.inject({ method: 'POST', url: '/api/member/password/reset/email', payload: { email: `${value.slice(0, 40)}@example.com` } });
      expect(email.statusCode, value).toBeLessThan(500);
      const sms = await ctx.app.inject({ method: 'POST', url: '/api/verification/sms', payload: { mobile: value.slice(0, 30), purpose: 'login' } });
      expect(sms.statusCode, value).toBe(400);
      const change = await ctx.app.inject({ method: 'PUT', url: '/api/member/password', headers: bearer(token), payload: { currentPassword: value.slice(0, 128), newPassword: value.slice(0, 128) } });
      expect(change.statusCode, value).toBe(400);
    }
    await loginAs(ctx.app, member);
  });
});
