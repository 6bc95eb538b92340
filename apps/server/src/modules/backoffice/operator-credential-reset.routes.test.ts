import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, currentOperatorCode, newOperator, type TestOperator } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { secretOfOtpauthUri, totp } from '../../platform/security/totp.ts';

const NEW_PASSWORD = 'Fresh start 2026';

/**
 * An owner resets another operator's password and two-factor: the old ones stop working and the
 * sessions end at once; the one-time link (hashed, 24 hours, single use, replaced by a newer one)
 * lets the operator choose a password and enrol two-factor again through the usual enrolment.
 */
describe('operator password and two-factor reset with a one-time link', () => {
  let ctx: TestContext;
  let owner: TestOperator;
  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await newOperator(ctx.core, ctx.app, 'owner');
  });
  afterAll(() => ctx.close());

  const reset = (token: string, id: bigint) => ctx.app.inject({ method: 'POST', url: `/api/backoffice/operators/${id}/credential-reset`, headers: bearer(token) });
  const post = (url: string, payload: object, token?: string) => ctx.app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });
  const inspect = (token: string) => post('/api/backoffice/credential-reset/inspect', { token });
  const complete = (token: string, newPassword = NEW_PASSWORD) => post('/api/backoffice/credential-reset/complete', { token, newPassword });
  const codeOf = (response: { json(): { error: { code: string } } }) => response.json().error.code;

  it('ends the sessions and the old password and two-factor at once; the link sets a new password and a new key, once', async () => {
    const support = await newOperator(ctx.core, ctx.app, 'support');
    const created = await reset(owner.token, support.id);
    expect(created.statusCode, created.body).toBe(201);
    const { token, expiresAt } = created.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    // Stored hashed: the token itself is nowhere in the table.
    const stored = await ctx.core.db.selectFrom('backoffice_credential_reset').select('token_hash').where('operator_id', '=', support.id).execute();
    expect(stored.map((row) => row.token_hash.toString('base64url'))).not.toContain(token);

    expect((await ctx.app.inject({ method: 'GET', url: '/api/backoffice/session', headers: bearer(support.token) })).statusCode).toBe(401);
    const oldLogin = await post('/api/backoffice/session', { username: support.username, password: support.password, totp: await currentOperatorCode(ctx.core, support) });
    expect(oldLogin.statusCode).toBe(401);
    expect(codeOf(oldLogin)).toBe('backoffice.invalid_credentials');
    expect(await ctx.core.db.selectFrom('backoffice_totp').select('status').where('operator_id', '=', support.id).executeTakeFirst()).toBeUndefined();

    expect((await inspect(token)).json()).toMatchObject({ username: support.username, displayName: 'support' });
    const weak = await complete(token, 'short1');
    expect(weak.statusCode).toBe(400);
    expect(codeOf(weak)).toBe('backoffice.password_weak');
    expect((await inspect(token)).statusCode).toBe(200);

    const done = await complete(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'enrolment_required', operator: { username: support.username } });
    const replay = await complete(token);
    expect(replay.statusCode).toBe(410);
    expect(codeOf(replay)).toBe('backoffice.reset_link_invalid');
    expect(codeOf(await inspect(token))).toBe('backoffice.reset_link_invalid');

    const enrolment = await post('/api/backoffice/2fa/enrol', {}, done.json().enrolmentToken);
    expect(enrolment.statusCode, enrolment.body).toBe(200);
    const secret = secretOfOtpauthUri(enrolment.json().otpauthUri);
    const confirmed = await post('/api/backoffice/2fa/confirm', { code: totp(secret, { timeMs: Date.now() }) }, done.json().enrolmentToken);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await ctx.core.db.updateTable('backoffice_totp').set({ last_step: null }).where('operator_id', '=', support.id).execute();
    const newLogin = await post('/api/backoffice/session', { username: support.username, password: NEW_PASSWORD, totp: totp(secret, { timeMs: Date.now() }) });
    expect(newLogin.statusCode, newLogin.body).toBe(200);
    expect(newLogin.json().mustChangePassword).toBe(false);

    const actions = await ctx.core.db.selectFrom('backoffice_audit').select(['action', 'operator_id']).where('target_id', '=', String(support.id)).where('action', 'like', 'backoffice.operator.credentials%').orderBy('id').execute();
    expect(actions).toEqual([
      { action: 'backoffice.operator.credentials_reset', operator_id: owner.id },
      { action: 'backoffice.operator.credentials_reset_completed', operator_id: support.id },
    ]);
  });

  it('a newer link replaces the older, an expired link is refused, and two completions with one link make one password', async () => {
    const risk = await newOperator(ctx.core, ctx.app, 'risk');
    const older = (await reset(owner.token, risk.id)).json().token;
    const newer = (await reset(owner.token, risk.id)).json().token;
    expect(codeOf(await inspect(older))).toBe('backoffice.reset_link_invalid');
    const answers = await Promise.all([complete(newer), complete(newer, 'Another pass 2027')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);

    const third = (await reset(owner.token, risk.id)).json().token;
    const past = new Date(Date.now() - 25 * 3600_000);
    await ctx.core.db.updateTable('backoffice_credential_reset').set({ created_at: past, expires_at: new Date(past.getTime() + 3600_000) }).where('operator_id', '=', risk.id).where('used_at', 'is', null).execute();
    expect(codeOf(await complete(third))).toBe('backoffice.reset_link_invalid');
  });

  it('refuses oneself, a disabled operator, a stranger, a malformed token; disabling kills an open link', async () => {
    const self = await reset(owner.token, owner.id);
    expect(self.statusCode).toBe(409);
    expect(codeOf(self)).toBe('backoffice.self_reset_refused');
    const content = await newOperator(ctx.core, ctx.app, 'content');
    const link = (await reset(owner.token, content.id)).json().token;
    expect((await reset(content.token, owner.id)).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/backoffice/operators/${content.id}/status`, headers: bearer(owner.token), payload: { status: 'locked' } })).statusCode).toBe(200);
    expect(codeOf(await complete(link))).toBe('backoffice.reset_link_invalid');
    const disabled = await reset(owner.token, content.id);
    expect(disabled.statusCode).toBe(403);
    expect(codeOf(disabled)).toBe('backoffice.operator_locked');
    expect(codeOf(await reset(owner.token, 999_999_999n))).toBe('backoffice.operator_not_found');
    const malformed = await inspect('not a token');
    expect(malformed.statusCode).toBe(400);
    expect(codeOf(malformed)).toBe('validation.failed');
  });
});
