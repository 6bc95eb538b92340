import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { completeCpf, LoginResponseSchema, RegistrationSettingsSchema } from '@app/contracts';
import { answeredCaptcha, bearer, newMember, randomClientIp, solveBotCheck, TEST_CAPTCHA } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

describe('registration', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { CAPTCHA_FIXED_ANSWER: TEST_CAPTCHA } });
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.core.modules.system.api.updateSetting('registration', { fields: [], captchaRequired: true, affiliateValidation: false, confirm21: false }, 'test');
  });

  const uniqueName = () => `u${randomBytes(4).toString('hex')}`;
  const countMembersWithCpf = async (cpf: string) => (await ctx.core.db.selectFrom('accounts_member').select('id').where('cpf', '=', cpf).execute()).length;
  const countMembers = async () => Number((await ctx.core.db.selectFrom('accounts_member').select(({ fn }) => fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow()).n);

  async function register(fields: Record<string, string>, extra: Record<string, unknown> = {}, ip = randomClientIp()) {
    const payload = {
      method: 'username',
      fields,
      captcha: await answeredCaptcha(ctx.app),
      botCheck: await solveBotCheck(ctx.app),
      agreeTerms: true,
      ...extra,
    };
    return ctx.app.inject({ method: 'POST', url: '/api/member/register', payload, remoteAddress: ip });
  }
  const valid = (overrides: Record<string, string> = {}) => {
    const username = uniqueName();
    return { username, password: 'correct horse battery', confirmPassword: 'correct horse battery', ...overrides };
  };
  const fieldKeys = (response: { json(): { error: { details: { fields: { path: string; messageKey?: string }[] } } } }) =>
    Object.fromEntries(response.json().error.details.fields.map((field) => [field.path, field.messageKey]));

  it('publishes the rules in force', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/member/register/settings' });
    const settings = RegistrationSettingsSchema.parse(response.json());
    expect(settings.methods).toEqual({ username: true, mobile: false, mobilePassword: false, smsVerification: false });
    expect(settings.fields.map((field) => field.field)).toEqual(expect.arrayContaining(['username', 'password', 'confirmPassword']));
    expect(settings.birthdayMax).toMatch(/^\d{4}-12-31$/);
    expect(settings.captchaRequired).toBe(true);
  });

  it('registers with captcha and bot check, and logs the new member in', async () => {
    const fields = valid({ idNumber: '529.982.247-25', birthday: '1990-05-17', payeeName: 'José da Silva', email: 'Jose@Example.com' });
    const response = await register(fields, {}, '203.0.113.20');
    expect(response.statusCode).toBe(200);
    const body = LoginResponseSchema.parse(response.json());
    expect(body.firstTimeLogin).toBe(true);
    const info = (await ctx.app.inject({ method: 'GET', url: '/api/member/info', headers: bearer(body.token) })).json();
    expect(info.account).toBe(fields.username);
    const row = await ctx.core.db.selectFrom('accounts_member').selectAll().where('account', '=', fields.username).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cpf: '52998224725', email: 'jose@example.com', payee_name: 'José da Silva', registration_ip: '203.0.113.20' });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers every bad field with its translated message key and stores nothing', async () => {
    const before = await countMembers();
    const cases: [Record<string, string>, string, string][] = [
      [valid({ username: '' }), 'fields.username', 'required'],
      [valid({ username: 'a'.repeat(17) }), 'fields.username', 'reg_pattern_1'],
      [valid({ username: '1abc' }), 'fields.username', 'reg_pattern_1'],
      [valid({ username: "ab' OR 1=1 --" }), 'fields.username', 'reg_pattern_1'],
      [valid({ username: 'ação😀' }), 'fields.username', 'reg_pattern_1'],
      [valid({ password: 'short', confirmPassword: 'short' }), 'fields.password', 'reg_pattern_0'],
      [valid({ confirmPassword: 'something else' }), 'fields.confirmPassword', 'inconsistent_twice'],
      [valid({ password: 'password1', confirmPassword: 'password1' }), 'fields.password', 'password_common'],
      [valid({ idNumber: '111.111.111-11' }), 'fields.idNumber', 'reg_pattern_22'],
      [valid({ idNumber: '<script>alert(1)</script>' }), 'fields.idNumber', 'reg_pattern_22'],
      [valid({ birthday: '2020-01-01' }), 'fields.birthday', 'too_young'],
      [valid({ birthday: '1990-02-30' }), 'fields.birthday', 'reg_pattern_11'],
      [valid({ email: 'not-an-email' }), 'fields.email', 'reg_pattern_3'],
      [valid({ mobileNum: '(11) 3123-4567' }), 'fields.mobileNum', 'reg_pattern_23'],
      [valid({ payeeName: 'Madonna' }), 'fields.payeeName', 'reg_pattern_19'],
    ];
    for (const [fields, path, key] of cases) {
      const response = await register(fields);
      expect(response.statusCode, `${path} ${JSON.stringify(fields[path.slice(7)])}`).toBe(400);
      expect(fieldKeys(response)[path], path).toBe(key);
    }
    const untickedTerms = await register(valid(), { agreeTerms: false });
    expect(fieldKeys(untickedTerms).agreeTerms).toBe('agree_terms');
    expect(await countMembers()).toBe(before);
  });

  it('rejects malformed bodies with validation.failed, never 500', async () => {
    for (const payload of [{}, { method: 'username' }, { method: 'email', fields: {}, botCheck: { challenge: 'x', nonce: '1' }, agreeTerms: true }, { method: 'username', fields: { username: ['a'] }, botCheck: { challenge: 'x', nonce: '1' }, agreeTerms: true }, { method: 'username', fields: Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`f${i}`, 'x'])), botCheck: { challenge: 'x', nonce: '1' }, agreeTerms: true }]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/member/register', payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().error.code).toBe('validation.failed');
    }
  });

  it('refuses a wrong captcha and a replayed one', async () => {
    const wrong = await register(valid(), { captcha: await answeredCaptcha(ctx.app, 'ZZZZ') });
    expect(wrong.json().error.code).toBe('auth.captcha_invalid');
    const captcha = await answeredCaptcha(ctx.app);
    expect((await register(valid(), { captcha })).statusCode).toBe(200);
    expect((await register(valid(), { captcha })).json().error.code).toBe('auth.captcha_invalid');
  });

  it('refuses a missing, forged or replayed proof of work', async () => {
    const forged = await register(valid(), { botCheck: { challenge: 'AAAA', nonce: '1' } });
    expect(forged.json().error).toMatchObject({ code: 'auth.bot_check_failed', details: { reason: 'malformed' } });
    const proof = await solveBotCheck(ctx.app);
    expect((await register(valid(), { botCheck: proof })).statusCode).toBe(200);
    const replay = await register(valid(), { botCheck: proof });
    expect(replay.json().error).toMatchObject({ code: 'auth.bot_check_failed', details: { reason: 'replayed' } });
  });

  it('keeps one account per username, CPF and e-mail', async () => {
    const cpf = completeCpf(String(100_000_000 + Number.parseInt(randomBytes(3).toString('hex'), 16)).slice(0, 9));
    const first: Record<string, string> = valid({ idNumber: cpf, email: `${uniqueName()}@example.com` });
    expect((await register(first)).statusCode).toBe(200);
    const again = await register(valid({ username: String(first.username).toUpperCase(), idNumber: cpf, email: String(first.email).toUpperCase() }));
    expect(fieldKeys(again)).toEqual({ 'fields.username': 'username_taken', 'fields.email': 'email_taken' });
    // With a free username and e-mail, the CPF still keeps it to one account, without saying so.
    const third = await register(valid({ idNumber: cpf }));
    expect(third.json().error.code, third.body).toBe('accounts.registration_not_completed');
    expect(await countMembersWithCpf(cpf)).toBe(1);
  });

  it('answers a taken CPF neutrally and tells the holder by e-mail and SMS instead', async () => {
    const cpf = completeCpf(String(100_000_000 + Number.parseInt(randomBytes(3).toString('hex'), 16)).slice(0, 9));
    const holderEmail = `${uniqueName()}@example.com`;
    expect((await register(valid({ idNumber: cpf, email: holderEmail }))).statusCode).toBe(200);
    const holderMobile = `+55119${String(Number.parseInt(randomBytes(3).toString('hex'), 16)).padStart(8, '0').slice(0, 8)}`;
    await ctx.core.db.updateTable('accounts_member').set({ mobile: holderMobile }).where('cpf', '=', cpf).execute();

    const probe = await register(valid({ idNumber: cpf }));
    expect(probe.statusCode).toBe(400);
    expect(probe.json().error.code).toBe('accounts.registration_not_completed');
    expect(probe.body).not.toMatch(/cpf_taken|idNumber|already/i);

    const mail = await ctx.core.db.selectFrom('accounts_email_outbox').selectAll().where('email', '=', holderEmail).orderBy('id', 'desc').execute();
    expect(mail[0]?.body).toMatch(/CPF/);
    const sms = await ctx.core.db.selectFrom('accounts_sms_outbox').selectAll().where('mobile', '=', holderMobile).execute();
    expect(sms).toHaveLength(1);
  });

  it('spends the captcha on every submission, even one refused for its fields', async () => {
    const captcha = await answeredCaptcha(ctx.app);
    const refused = await register(valid({ confirmPassword: 'something else entirely' }), { captcha });
    expect(refused.json().error.code).toBe('validation.failed');
    const again = await register(valid(), { captcha });
    expect(again.json().error.code, again.body).toBe('auth.captcha_invalid');
  });

  it('creates exactly one account when the same form is submitted twice at once', async () => {
    const fields = valid();
    const [a, b] = await Promise.all([register(fields), register(fields)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const rows = await ctx.core.db.selectFrom('accounts_member').select('id').where('account', '=', fields.username).execute();
    expect(rows).toHaveLength(1);
  });

  it('places a member who came through an agent referral code under that agent', async () => {
    const agent = await newMember(ctx.core, { type: 1 });
    const code = `R${randomBytes(4).toString('hex')}`;
    await ctx.core.db.updateTable('accounts_member').set({ referral_code: code }).where('account', '=', agent.account).execute();
    const fields = valid();
    expect((await register(fields, { referralCode: code.toLowerCase() })).statusCode).toBe(200);
    const row = await ctx.core.db.selectFrom('accounts_member as m').innerJoin('accounts_member as u', 'u.id', 'm.upline_member_id').select('u.account').where('m.account', '=', fields.username).executeTakeFirstOrThrow();
    expect(row.account).toBe(agent.account);
  });

  it('validates the affiliate code when the operator turns validation on', async () => {
    await ctx.core.modules.system.api.updateSetting('registration', { fields: [], captchaRequired: true, affiliateValidation: true, confirm21: false }, 'test');
    const response = await register(valid({ affiliateCode: 'NOSUCHCODE' }));
    expect(fieldKeys(response)['fields.affiliateCode']).toBe('invalid_invitation_code');
  });
});

describe('mobile registration with SMS verification', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { CAPTCHA_FIXED_ANSWER: TEST_CAPTCHA } });
    const whitelabel = { USERNAMEREG3: true, MOBILENUMREG3: true, MOBILENUMPASSREG3: true, REGMOBVERF3: true, CHNGPASSVERIF3: true, AGENTPOLICY3: true };
    await ctx.core.modules.system.api.updateSetting('whitelabel', whitelabel, 'test');
  });
  afterAll(() => ctx.close());

  const mobile = () => `+55 11 9${String(Number.parseInt(randomBytes(4).toString('hex'), 16) % 100_000_000).padStart(8, '0')}`;
  const lastCode = async (e164: string) => {
    const row = await ctx.core.db.selectFrom('accounts_sms_outbox').select('body').where('mobile', '=', e164).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    return /\b(\d{6})\b/.exec(row.body)?.[1] ?? '';
  };

  it('sends a code, counts wrong guesses, and registers with the right one', async () => {
    const number = mobile();
    const e164 = `+55${number.replace(/\D/g, '').slice(2)}`;
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/verification/sms', payload: { mobile: number, purpose: 'register' } });
    expect(sent.json()).toEqual({ expiredMinutes: 5, resendAfterSeconds: 60 });
    const again = await ctx.app.inject({ method: 'POST', url: '/api/verification/sms', payload: { mobile: number, purpose: 'register' } });
    expect(again.statusCode).toBe(429);

    const code = await lastCode(e164);
    const attempt = async (verificationCode: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/member/register',
        payload: {
          method: 'mobile',
          fields: { mobileNum: number, password: 'correct horse battery', confirmPassword: 'correct horse battery', verificationCode },
          captcha: await answeredCaptcha(ctx.app),
          botCheck: await solveBotCheck(ctx.app),
          agreeTerms: true,
        },
      });
    const wrong = await attempt(code === '000000' ? '000001' : '000000');
    expect(wrong.json().error.code).toBe('auth.sms_code_invalid');
    const right = await attempt(code);
    expect(right.statusCode).toBe(200);
    const row = await ctx.core.db.selectFrom('accounts_member').select(['account', 'mobile']).where('mobile', '=', e164).executeTakeFirstOrThrow();
    expect(row.account).toBe(`m${e164.slice(3)}`);
  });

  it('refuses an invalid number before sending anything', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/verification/sms', payload: { mobile: '(23) 96123-4567', purpose: 'register' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields[0].messageKey).toBe('invalid_mobile');
  });
});
