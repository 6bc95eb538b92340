import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answeredCaptcha, newMember, TEST_CAPTCHA } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/**
 * Many players in Brazil share one carrier-NAT address: other accounts' failures from it may ask
 * everyone there for a captcha, but never refuse a right password with a solved captcha.
 */
describe('member login behind a shared address', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { CAPTCHA_FIXED_ANSWER: TEST_CAPTCHA } });
  });
  afterAll(() => ctx.close());

  const login = (payload: object, ip: string) => ctx.app.inject({ method: 'POST', url: '/api/session/login', payload, remoteAddress: ip });

  it('asks for a captcha after many failures of other accounts from the address, and lets a right password with it in', async () => {
    const nat = '100.64.12.34';
    const codes = new Set<string>();
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const failed = await login({ username: `nat-guess-${attempt}`, password: 'nope-nope', type: 'username' }, nat);
      codes.add(failed.json().error.code as string);
    }
    // Never a refusal of the whole address: only wrong passwords and, later, captcha requests.
    expect([...codes].sort()).toEqual(['auth.captcha_required', 'auth.invalid_credentials']);

    const member = await newMember(ctx.core);
    const asked = await login({ username: member.account, password: member.password, type: 'username' }, nat);
    expect(asked.statusCode, asked.body).toBe(400);
    expect(asked.json().error).toMatchObject({ code: 'auth.captcha_required', details: { captchaRequired: true } });
    const solved = await login({ username: member.account, password: member.password, type: 'username', captcha: await answeredCaptcha(ctx.app) }, nat);
    expect(solved.statusCode, solved.body).toBe(200);

    // The same member from another address is not asked for anything.
    const elsewhere = await login({ username: member.account, password: member.password, type: 'username' }, '100.64.99.1');
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('spends a captcha sent with any login, asked for or not, so one answer never serves twice', async () => {
    const member = await newMember(ctx.core);
    const captcha = await answeredCaptcha(ctx.app);
    const ip = '100.64.50.1';
    const wrong = (extra: object = {}) => login({ username: member.account, password: 'nope-nope', type: 'username', ...extra }, ip);
    await wrong({ captcha });
    await wrong();
    await wrong();
    // Now the account asks for a captcha: the one sent with the first attempt is spent.
    const reused = await login({ username: member.account, password: member.password, type: 'username', captcha }, ip);
    expect(reused.json().error?.code, reused.body).toBe('auth.captcha_invalid');
  });

  it('tells a wrong password from a busy address that the next try needs a captcha', async () => {
    const nat = '100.64.12.35';
    for (let attempt = 0; attempt < 10; attempt += 1) await login({ username: `nat2-guess-${attempt}`, password: 'nope-nope', type: 'username', captcha: await answeredCaptcha(ctx.app) }, nat);
    const member = await newMember(ctx.core);
    const wrong = await login({ username: member.account, password: 'nope-nope', type: 'username', captcha: await answeredCaptcha(ctx.app) }, nat);
    expect(wrong.json().error).toMatchObject({ code: 'auth.invalid_credentials', details: { captchaRequired: true } });
  });
});
