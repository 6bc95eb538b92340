import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOperator, type TestOperator } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { base32Decode, secretOfOtpauthUri, totp, totpStep } from '../../platform/security/totp.ts';

/**
 * Operator two-factor authentication over HTTP: first login and enrolment, login with the app's
 * code or a recovery code, replay and throttling, and the owner's reset.
 */
describe('operator two-factor authentication', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  const db = () => ctx.core.db;
  const post = (url: string, payload: object | undefined, token?: string) =>
    ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}), remoteAddress: '203.0.113.7' });
  const login = (operator: { username: string; password: string }, extra: Record<string, unknown> = {}) =>
    post('/api/backoffice/session', { username: operator.username, password: operator.password, ...extra });
  const codeAt = (secret: Buffer, offsetSteps = 0) => totp(secret, { step: totpStep(Date.now()) + offsetSteps });
  const errorOf = (response: { statusCode: number; body: string; json(): { error: { code: string; details?: Record<string, unknown> } } }, status: number) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json().error;
  };
  const totpRow = (operatorId: bigint) => db().selectFrom('backoffice_totp').selectAll().where('operator_id', '=', operatorId).executeTakeFirstOrThrow();
  const auditActions = async (operatorId: bigint) =>
    (await db().selectFrom('backoffice_audit').select('action').where('target_type', '=', 'backoffice_operator').where('target_id', '=', String(operatorId)).orderBy('id').execute()).map((row) => row.action);

  async function unenrolled(role: 'owner' | 'finance' | 'support' = 'finance') {
    const operator = { username: `new${randomBytes(4).toString('hex')}`, password: 'Operator@1234' };
    await ctx.core.modules.backoffice.api.ensureOperator({ ...operator, displayName: 'New', role });
    const { id } = await db().selectFrom('backoffice_operator').select('id').where('username', '=', operator.username).executeTakeFirstOrThrow();
    return { ...operator, id };
  }

  describe('first login and enrolment', () => {
    it('gives a password-only login an enrolment token, never a session, and refuses it everywhere else', async () => {
      const operator = await unenrolled();
      const response = await login(operator, { totp: '123456' });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        status: 'enrolment_required',
        enrolmentToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        expiresAt: expect.any(String),
        operator: { id: String(operator.id), username: operator.username, displayName: 'New', role: 'finance' },
      });
      const lifetime = new Date(body.expiresAt).getTime() - Date.now();
      expect(lifetime).toBeGreaterThan(290_000);
      expect(lifetime).toBeLessThanOrEqual(300_000);
      expect(await db().selectFrom('backoffice_session').select('token_hash').where('operator_id', '=', operator.id).execute()).toHaveLength(0);
      expect(errorOf(await ctx.app.inject({ method: 'GET', url: '/api/backoffice/session', headers: bearer(body.enrolmentToken) }), 401).code).toBe('backoffice.session_required');
      for (const token of [undefined, randomBytes(32).toString('base64url'), 'short']) {
        expect(errorOf(await post('/api/backoffice/2fa/enrol', undefined, token), 401).code).toBe('backoffice.enrolment_required');
      }
      expect(errorOf(await post('/api/backoffice/2fa/confirm', { code: '123456' }, body.enrolmentToken), 409).code).toBe('backoffice.enrolment_not_started');
    });

    it('answers a 160-bit key once (URI, QR, base32) and ten recovery codes, stores them only sealed and hashed, and replaces them on a second call', async () => {
      const operator = await unenrolled();
      const token = (await login(operator)).json().enrolmentToken as string;
      const first = await post('/api/backoffice/2fa/enrol', undefined, token);
      expect(first.statusCode, first.body).toBe(200);
      const enrolment = first.json();
      expect(enrolment.otpauthUri).toMatch(new RegExp(`^otpauth://totp/Bet%20Platform:${operator.username}\\?secret=[A-Z2-7]{32}&issuer=Bet%20Platform&algorithm=SHA1&digits=6&period=30$`));
      const secret = secretOfOtpauthUri(enrolment.otpauthUri);
      expect(secret).toHaveLength(20);
      expect(base32Decode(enrolment.secret)).toEqual(secret);
      expect(enrolment.qrSvg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
      expect(enrolment.recoveryCodes).toHaveLength(10);
      expect(new Set(enrolment.recoveryCodes).size).toBe(10);
      for (const code of enrolment.recoveryCodes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);

      const row = await totpRow(operator.id);
      expect(row).toMatchObject({ status: 'pending', last_step: null, activated_at: null });
      expect(row.secret_sealed).toHaveLength(49);
      expect(row.secret_sealed.includes(secret)).toBe(false);
      const hashes = await db().selectFrom('backoffice_recovery_code').select('code_hash').where('operator_id', '=', operator.id).execute();
      expect(hashes).toHaveLength(10);
      for (const { code_hash } of hashes) expect(enrolment.recoveryCodes.some((code: string) => code_hash.includes(Buffer.from(code.replace(/-/g, ''))))).toBe(false);

      const second = (await post('/api/backoffice/2fa/enrol', undefined, token)).json();
      expect(second.secret).not.toBe(enrolment.secret);
      expect(errorOf(await post('/api/backoffice/2fa/confirm', { code: codeAt(secret) }, token), 401).code).toBe('backoffice.totp_invalid');
      expect(await db().selectFrom('backoffice_recovery_code').select('code_hash').where('operator_id', '=', operator.id).execute()).toHaveLength(10);
    });

    it('turns two-factor on with the first code, answers a full session, closes the enrolment and audits each step', async () => {
      const operator = await unenrolled();
      const token = (await login(operator)).json().enrolmentToken as string;
      const secret = secretOfOtpauthUri((await post('/api/backoffice/2fa/enrol', undefined, token)).json().otpauthUri);
      for (const code of ['12345', 'abcdef', '1234567']) expect((await post('/api/backoffice/2fa/confirm', { code }, token)).statusCode).toBe(400);
      expect(errorOf(await post('/api/backoffice/2fa/confirm', { code: codeAt(secret, 3) }, token), 401).code).toBe('backoffice.totp_invalid');

      const code = codeAt(secret);
      const confirmed = await post('/api/backoffice/2fa/confirm', { code: `${code.slice(0, 3)} ${code.slice(3)}` }, token);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({ status: 'authenticated', token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), operator: { username: operator.username } });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/backoffice/session', headers: bearer(confirmed.json().token) })).statusCode).toBe(200);
      expect(await totpRow(operator.id)).toMatchObject({ status: 'active', last_step: BigInt(totpStep(Date.now())), failures: 0 });

      // The enrolment is over: the token does nothing more, and the code that confirmed is spent.
      expect(errorOf(await post('/api/backoffice/2fa/enrol', undefined, token), 401).code).toBe('backoffice.enrolment_required');
      expect(errorOf(await post('/api/backoffice/2fa/confirm', { code }, token), 401).code).toBe('backoffice.enrolment_required');
      expect(errorOf(await login(operator, { totp: code }), 401).code).toBe('backoffice.totp_invalid');
      // The replayed code is a failed login, audited like a wrong password.
      expect(await auditActions(operator.id)).toEqual(['backoffice.2fa.enrolment_started', 'backoffice.2fa.enabled', 'backoffice.session.login', 'backoffice.session.login_failed']);
    });
  });

  describe('login with two-factor on', () => {
    let operator: TestOperator;
    beforeAll(async () => {
      operator = await newOperator(ctx.core, ctx.app, 'finance');
    });

    it('asks for the code without counting a failure, then takes the next step once and nothing older', async () => {
      expect(errorOf(await login(operator), 401).code).toBe('backoffice.totp_required');
      expect((await totpRow(operator.id)).failures).toBe(0);
      // Enrolment took the current step: the next one (a phone a little ahead) is still accepted, once.
      const next = codeAt(operator.secret, 1);
      const [first, second] = await Promise.all([login(operator, { totp: next }), login(operator, { totp: next })]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 401]);
      expect(errorOf(await login(operator, { totp: codeAt(operator.secret) }), 401).code).toBe('backoffice.totp_invalid');
      expect(errorOf(await login(operator, { totp: codeAt(operator.secret, -2) }), 401).code).toBe('backoffice.totp_invalid');
      expect(errorOf(await login(operator, { totp: codeAt(operator.secret, 3) }), 401).code).toBe('backoffice.totp_invalid');
    });

    it('spends a recovery code once (any case, spaces, O for 0) and audits what is left', async () => {
      const [code] = operator.recoveryCodes;
      const typed = ` ${code!.toLowerCase().replace(/0/g, 'o').replace(/-/g, ' ')} `;
      const response = await login(operator, { recoveryCode: typed });
      expect(response.statusCode, response.body).toBe(200);
      const row = await db().selectFrom('backoffice_audit').select('details').where('operator_id', '=', operator.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row.details).toMatchObject({ secondFactor: 'recovery_code', recoveryCodesLeft: 9 });
      expect(errorOf(await login(operator, { recoveryCode: code }), 401).code).toBe('backoffice.recovery_code_invalid');
      expect(errorOf(await login(operator, { recoveryCode: 'not-a-code' }), 401).code).toBe('backoffice.recovery_code_invalid');
    });

    it('locks code entry for 15 minutes after 5 wrong codes, without locking the password', async () => {
      const victim = await newOperator(ctx.core, ctx.app, 'support');
      const wrong = codeAt(victim.secret, 5);
      for (let attempt = 0; attempt < 5; attempt += 1) errorOf(await login(victim, { totp: wrong }), 401);
      const locked = errorOf(await login(victim, { totp: codeAt(victim.secret, 1) }), 429);
      expect(locked.code).toBe('backoffice.totp_locked');
      expect(locked.details?.retryAfterSeconds).toBeGreaterThan(880);
      expect(errorOf(await login(victim, { recoveryCode: victim.recoveryCodes[0] }), 429).code).toBe('backoffice.totp_locked');
      // The password still checks out (no password lock): the code is what is refused.
      expect(errorOf(await login(victim), 401).code).toBe('backoffice.totp_required');

      await db().updateTable('backoffice_totp').set({ locked_until: sql<Date>`now() - interval '1 second'`, window_started_at: sql<Date>`now() - interval '16 minutes'` }).where('operator_id', '=', victim.id).execute();
      expect((await login(victim, { totp: codeAt(victim.secret, 1) })).statusCode).toBe(200);
      expect(await totpRow(victim.id)).toMatchObject({ failures: 0, locked_until: null });
    });
  });

  describe("the owner's reset", () => {
    it('removes the key and codes, ends the sessions, audits before and after; the operator enrols again', async () => {
      const owner = await newOperator(ctx.core, ctx.app, 'owner');
      const finance = await newOperator(ctx.core, ctx.app, 'finance');
      const list = await ctx.app.inject({ method: 'GET', url: '/api/backoffice/operators', headers: bearer(owner.token) });
      expect(list.json().operators).toEqual(expect.arrayContaining([expect.objectContaining({ username: finance.username, role: 'finance', status: 'active', twoFactorEnabled: true })]));

      const reset = (id: bigint, token = owner.token) => ctx.app.inject({ method: 'DELETE', url: `/api/backoffice/operators/${id}/2fa`, headers: bearer(token), remoteAddress: '198.51.100.4' });
      expect(errorOf(await reset(owner.id, finance.token), 403).code).toBe('backoffice.forbidden');
      expect(errorOf(await reset(owner.id), 409).code).toBe('backoffice.self_reset_refused');
      expect(errorOf(await reset(999_999_999n), 404).code).toBe('backoffice.operator_not_found');
      expect((await reset(finance.id)).statusCode).toBe(204);

      expect(errorOf(await ctx.app.inject({ method: 'GET', url: '/api/backoffice/session', headers: bearer(finance.token) }), 401).code).toBe('backoffice.session_required');
      expect(await db().selectFrom('backoffice_totp').select('status').where('operator_id', '=', finance.id).execute()).toEqual([]);
      expect(await db().selectFrom('backoffice_recovery_code').select('code_hash').where('operator_id', '=', finance.id).execute()).toEqual([]);
      const audit = await db().selectFrom('backoffice_audit').selectAll().where('action', '=', 'backoffice.2fa.reset').where('target_id', '=', String(finance.id)).executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        operator_id: owner.id,
        ip: '198.51.100.4',
        details: { username: finance.username, before: { twoFactor: 'active' }, after: { twoFactor: 'none' }, sessionsRevoked: 1, via: 'api' },
      });
      expect((await login(finance, { totp: codeAt(finance.secret, 1) })).json().status).toBe('enrolment_required');
    });

    it('can be done from the command line when no owner can log in, as a system action', async () => {
      const owner = await newOperator(ctx.core, ctx.app, 'owner');
      await ctx.core.modules.backoffice.api.resetTwoFactorByUsername(owner.username.toUpperCase());
      const audit = await db().selectFrom('backoffice_audit').selectAll().where('action', '=', 'backoffice.2fa.reset').where('target_id', '=', String(owner.id)).executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ operator_id: null, details: { via: 'cli', before: { twoFactor: 'active' } } });
      await expect(ctx.core.modules.backoffice.api.resetTwoFactorByUsername('nobody-here')).rejects.toThrow('no operator nobody-here');
    });
  });
});
