import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answeredCaptcha, currentOperatorCode, newOperator, TEST_CAPTCHA, type TestOperator } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/**
 * Operator login throttling by account and address together: guessing from one address slows
 * that address down and makes other unknown addresses solve a captcha, but never keeps the
 * operator out of an address they logged in from before. Failures are audited and alerted.
 */
describe('operator login throttling', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { CAPTCHA_FIXED_ANSWER: TEST_CAPTCHA } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const db = () => ctx.core.db;
  const login = (payload: object, ip: string) => ctx.app.inject({ method: 'POST', url: '/api/backoffice/session', payload, remoteAddress: ip });
  // newOperator enrols (a completed login) from 127.0.0.1: that is the operator's known address.
  const KNOWN = '127.0.0.1';
  const code = (operator: TestOperator) => currentOperatorCode(ctx.core, operator);

  it('lets the operator in from a known address while others guess, and asks unknown addresses for a captcha, never a lock', async () => {
    const operator = await newOperator(ctx.core, ctx.app, 'owner');
    const attackers = ['198.51.100.11', '198.51.100.12', '198.51.100.13', '198.51.100.14'];
    for (const ip of attackers) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const failed = await login({ username: operator.username, password: 'wrong-password-1' }, ip);
        expect([401, 400], failed.body).toContain(failed.statusCode);
        expect(['backoffice.invalid_credentials', 'auth.captcha_required']).toContain(failed.json().error.code);
      }
      // The guessing address waits, even with the right password.
      const waiting = await login({ username: operator.username, password: operator.password }, ip);
      expect(waiting.statusCode, waiting.body).toBe(429);
      expect(waiting.json().error.code).toBe('backoffice.login_locked');
      expect(waiting.json().error.details.retryAfterSeconds).toBeGreaterThan(0);
      expect(waiting.json().error.details.retryAfterSeconds).toBeLessThanOrEqual(30);
    }

    // The owner at a known address: right password and code, no captcha, in.
    const owner = await login({ username: operator.username, password: operator.password, totp: await code(operator) }, KNOWN);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().status).toBe('authenticated');

    // A new address must solve the captcha; with it, the right password and code get in.
    const newAddress = '192.0.2.77';
    const asked = await login({ username: operator.username, password: operator.password }, newAddress);
    expect(asked.statusCode, asked.body).toBe(400);
    expect(asked.json().error).toMatchObject({ code: 'auth.captcha_required', details: { captchaRequired: true } });
    const solved = await login({ username: operator.username, password: operator.password, totp: await code(operator), captcha: await answeredCaptcha(ctx.app) }, newAddress);
    expect(solved.statusCode, solved.body).toBe(200);
  });

  it('spends a captcha sent with any login, asked for or not', async () => {
    const operator = await newOperator(ctx.core, ctx.app, 'content');
    const captcha = await answeredCaptcha(ctx.app);
    const ip = '198.51.100.41';
    await login({ username: operator.username, password: 'wrong-password-1', captcha }, ip);
    await login({ username: operator.username, password: 'wrong-password-1' }, '198.51.100.42');
    await login({ username: operator.username, password: 'wrong-password-1' }, '198.51.100.43');
    const reused = await login({ username: operator.username, password: operator.password, totp: await code(operator), captcha }, '198.51.100.44');
    expect(reused.json().error?.code, reused.body).toBe('auth.captcha_invalid');
  });

  it('makes a guessing address wait longer after each failure (30 s, 1 min, 2 min…)', async () => {
    const operator = await newOperator(ctx.core, ctx.app, 'support');
    const ip = '198.51.100.21';
    for (let attempt = 0; attempt < 3; attempt += 1) await login({ username: operator.username, password: 'wrong-password-1' }, ip);
    const pairKey = `pair:${operator.username}|${ip}`;
    const waits: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const refused = await login({ username: operator.username, password: 'wrong-password-1' }, ip);
      expect(refused.statusCode, refused.body).toBe(429);
      waits.push(refused.json().error.details.retryAfterSeconds as number);
      // The wait has passed: one more wrong try (with the captcha the address now needs).
      await db().updateTable('backoffice_login_counter').set({ blocked_until: sql<Date>`now() - interval '1 second'` }).where('key', '=', pairKey).execute();
      const failed = await login({ username: operator.username, password: 'wrong-password-1', captcha: await answeredCaptcha(ctx.app) }, ip);
      expect(failed.json().error.code, failed.body).toBe('backoffice.invalid_credentials');
    }
    expect(waits[0]).toBeLessThanOrEqual(30);
    expect(waits[1]).toBeGreaterThan(30);
    expect(waits[1]).toBeLessThanOrEqual(60);
    expect(waits[2]).toBeGreaterThan(60);
    expect(waits[2]).toBeLessThanOrEqual(120);
  });

  it('audits every failed login and alerts the operators once when a username keeps failing', async () => {
    const operator = await newOperator(ctx.core, ctx.app, 'finance');
    const ips = ['198.51.100.31', '198.51.100.32', '198.51.100.33'];
    for (const ip of ips) {
      for (let attempt = 0; attempt < 3; attempt += 1) await login({ username: operator.username, password: 'wrong-password-1', captcha: await answeredCaptcha(ctx.app) }, ip);
    }
    const failedRows = await db().selectFrom('backoffice_audit').selectAll().where('action', '=', 'backoffice.session.login_failed').where('target_id', '=', String(operator.id)).execute();
    expect(failedRows).toHaveLength(9);
    expect(failedRows[0]).toMatchObject({ operator_id: null, target_type: 'backoffice_operator', ip: '198.51.100.31' });
    expect(failedRows[0]?.details).toMatchObject({ username: operator.username, reason: 'password' });

    const alerts = await db().selectFrom('backoffice_audit').selectAll().where('action', '=', 'backoffice.security.login_failures').where('target_id', '=', String(operator.id)).execute();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.details).toMatchObject({ username: operator.username, failures: 5 });
    // What the console's dashboard shows to those who read the audit log.
    const owner = await newOperator(ctx.core, ctx.app, 'owner');
    const shown = await ctx.app.inject({ method: 'GET', url: '/api/backoffice/security/alerts', headers: { authorization: `Bearer ${owner.token}` } });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().alerts).toContainEqual({ at: expect.any(String), username: operator.username, failures: 5, lastIp: '198.51.100.32' });

    // An unknown username is audited too (by name), so guessing at names shows up as well.
    await login({ username: 'nobody-at-all', password: 'wrong-password-1' }, '198.51.100.39');
    const unknownRows = await db().selectFrom('backoffice_audit').select('details').where('action', '=', 'backoffice.session.login_failed').where('target_id', '=', 'username:nobody-at-all').execute();
    expect(unknownRows).toHaveLength(1);
  });
});
