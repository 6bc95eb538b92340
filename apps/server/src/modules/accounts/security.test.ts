import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, newMember } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

describe('security centre and recovery', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const newMobile = () => `+55119${String(Number.parseInt(randomBytes(4).toString('hex'), 16) % 100_000_000).padStart(8, '0')}`;
  async function memberWithMobile() {
    const member = await newMember(ctx.core);
    const mobile = newMobile();
    await ctx.core.db.updateTable('accounts_member').set({ mobile, email: `${member.account}@example.com` }).where('account', '=', member.account).execute();
    return { ...member, mobile, email: `${member.account}@example.com` };
  }
  const lastSms = async (mobile: string) => {
    const row = await ctx.core.db.selectFrom('accounts_sms_outbox').select('body').where('mobile', '=', mobile).orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row ? (/\b(\d{6})\b/.exec(row.body)?.[1] ?? '') : undefined;
  };
  const smsCount = async (mobile: string) => (await ctx.core.db.selectFrom('accounts_sms_outbox').select('id').where('mobile', '=', mobile).execute()).length;
  const info = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/member/info', headers: bearer(token) });

  it('changes the password with the current one, signs out other sessions and keeps this one', async () => {
    const member = await newMember(ctx.core);
    const other = await loginAs(ctx.app, member);
    const mine = await loginAs(ctx.app, member);
    const wrong = await ctx.app.inject({ method: 'PUT', url: '/api/member/password', headers: bearer(mine), payload: { currentPassword: 'nope', newPassword: 'a brand new secret' } });
    expect(wrong.json().error.code).toBe('auth.wrong_password');
    const common = await ctx.app.inject({ method: 'PUT', url: '/api/member/password', headers: bearer(mine), payload: { currentPassword: member.password, newPassword: 'qwertyuiop' } });
    expect(common.json().error.details.fields[0].messageKey).toBe('password_common');
    const ok = await ctx.app.inject({ method: 'PUT', url: '/api/member/password', headers: bearer(mine), payload: { currentPassword: member.password, newPassword: 'a brand new secret' } });
    expect(ok.statusCode).toBe(204);
    expect((await info(mine)).statusCode).toBe(200);
    expect((await info(other)).statusCode).toBe(401);
    await loginAs(ctx.app, { ...member, password: 'a brand new secret' });
  });

  it('resets a forgotten password by phone and logs in, ending every older session', async () => {
    const member = await memberWithMobile();
    const old = await loginAs(ctx.app, member);
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/verification/sms', payload: { mobile: member.mobile, purpose: 'reset_password' } });
    expect(sent.statusCode).toBe(200);
    const code = await lastSms(member.mobile);
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/member/password/reset/sms', payload: { mobile: member.mobile, code, newPassword: 'phone reset secret' } });
    expect(reset.statusCode).toBe(200);
    expect((await info(reset.json().token)).statusCode).toBe(200);
    expect((await info(old)).statusCode).toBe(401);
    const replay = await ctx.app.inject({ method: 'POST', url: '/api/member/password/reset/sms', payload: { mobile: member.mobile, code, newPassword: 'another secret here' } });
    expect(replay.json().error.code).toBe('auth.sms_code_invalid');
  });

  it('does not reveal whether a number or e-mail is registered', async () => {
    const unknown = newMobile();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/verification/sms', payload: { mobile: unknown, purpose: 'reset_password' } });
    expect(response.json()).toEqual({ expiredMinutes: 5, resendAfterSeconds: 60 });
    expect(await smsCount(unknown)).toBe(0);
    const email = await ctx.app.inject({ method: 'POST', url: '/api/member/password/reset/email', payload: { email: 'nobody@example.com' } });
    expect(email.statusCode).toBe(202);
  });

  it('resets by a single-use e-mail link', async () => {
    const member = await memberWithMobile();
    expect((await ctx.app.inject({ method: 'POST', url: '/api/member/password/reset/email', payload: { email: member.email.toUpperCase() } })).statusCode).toBe(202);
    const mail = await ctx.core.db.selectFrom('accounts_email_outbox').select('body').where('email', '=', member.email).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const token = /resetToken=([A-Za-z0-9_-]{43})/.exec(mail.body)?.[1];
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/member/password/reset', payload: { token, newPassword: 'mailed reset secret' } });
    expect(reset.statusCode).toBe(204);
    await loginAs(ctx.app, { ...member, password: 'mailed reset secret' });
    const again = await ctx.app.inject({ method: 'POST', url: '/api/member/password/reset', payload: { token, newPassword: 'mailed reset secret 2' } });
    expect(again.json().error.code).toBe('auth.reset_link_invalid');
    const garbage = await ctx.app.inject({ method: 'POST', url: '/api/member/password/reset', payload: { token: "'; drop table x; --", newPassword: 'whatever secret' } });
    expect(garbage.json().error.code).toBe('auth.reset_link_invalid');
  });

  it('logs in by SMS code', async () => {
    const member = await memberWithMobile();
    await ctx.app.inject({ method: 'POST', url: '/api/verification/sms', payload: { mobile: member.mobile, purpose: 'login' } });
    const code = await lastSms(member.mobile);
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/session/login', payload: { username: member.mobile, password: '000000' === code ? '000001' : '000000', type: 'sms' } });
    expect(wrong.statusCode).toBe(401);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/session/login', payload: { username: member.mobile, password: code, type: 'sms' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().passwordExpired).toBe(false);
  });

  it('asks for an SMS code when a member logs in from a new address', async () => {
    const member = await memberWithMobile();
    const login = (ip: string, verificationCode?: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/session/login', remoteAddress: ip, payload: { username: member.account, password: member.password, type: 'username', ...(verificationCode ? { verificationCode } : {}) } });
    expect((await login('198.51.100.30')).statusCode).toBe(200);
    expect((await login('198.51.100.30')).statusCode).toBe(200);
    const fromNew = await login('198.51.100.31');
    expect(fromNew.statusCode).toBe(401);
    expect(fromNew.json().error).toMatchObject({ code: 'auth.new_device_verification', details: { mobile: expect.stringMatching(/^\+5511\*+\d{3}$/) } });
    const code = await lastSms(member.mobile);
    expect((await login('198.51.100.31', code)).statusCode).toBe(200);
    expect((await login('198.51.100.31')).statusCode).toBe(200);
  });

  it('sets a payment password only with the login password', async () => {
    const member = await newMember(ctx.core);
    const token = await loginAs(ctx.app, member);
    const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/member/payment-password', headers: bearer(token), payload });
    expect((await put({ password: 'wrong', paymentPassword: '123456' })).json().error.code).toBe('auth.wrong_password');
    expect((await put({ password: member.password, paymentPassword: '12ab56' })).statusCode).toBe(400);
    expect((await put({ password: member.password, paymentPassword: '482915' })).statusCode).toBe(204);
  });

  it('lists active sessions and signs out the others', async () => {
    const member = await newMember(ctx.core);
    const other = await loginAs(ctx.app, member);
    const mine = await loginAs(ctx.app, member);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/member/sessions', headers: bearer(mine) })).json();
    expect(list.sessions).toHaveLength(2);
    expect(list.sessions.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(mine);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/member/sessions/others', headers: bearer(mine) })).statusCode).toBe(204);
    expect((await info(other)).statusCode).toBe(401);
    expect((await info(mine)).statusCode).toBe(200);
  });

  it('creates trial accounts that can see their info but no panels', async () => {
    const trial = await ctx.app.inject({ method: 'POST', url: '/api/session/trial' });
    expect(trial.statusCode).toBe(200);
    const token = trial.json().token;
    expect((await info(token)).json().type).toBe(4);
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/member/sessions', headers: bearer(token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('auth.trial_refused');
  });

  it('limits trial accounts to 10 an hour per address', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 11; n += 1) statuses.push((await ctx.app.inject({ method: 'POST', url: '/api/session/trial', remoteAddress: '192.0.2.99' })).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('never lets one member act on another member', async () => {
    const alice = await newMember(ctx.core);
    const bob = await newMember(ctx.core);
    const aliceToken = await loginAs(ctx.app, alice);
    // Every member route acts on the token's member only; ids in the body are not accepted.
    const change = await ctx.app.inject({ method: 'PUT', url: '/api/member/password', headers: bearer(aliceToken), payload: { currentPassword: bob.password, newPassword: 'taken over secret', memberId: 'bob' } });
    expect(change.json().error.code).toBe('auth.wrong_password');
    await loginAs(ctx.app, bob);
    expect((await info(aliceToken)).json().account).toBe(alice.account);
  });
});
