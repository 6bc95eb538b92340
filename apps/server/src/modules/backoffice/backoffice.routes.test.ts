import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, currentOperatorCode, loginAs, newMember, newOperator as enrolledOperator, type TestOperator } from '../../../test/builders.ts';
import { createTestContext, testLogger, type TestContext } from '../../../test/test-context.ts';
import { createHttpApp, type HttpApp } from '../../platform/http/app.ts';
import * as passwords from '../../platform/security/passwords.ts';
import type { OperatorRole } from './index.ts';
import { hashOperatorToken } from './operator-session-token.ts';

// Wrapped (still real) so a test can see which hash an unknown username is verified against.
vi.mock('../../platform/security/passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

/**
 * Operator sessions over HTTP: login (wrong, unknown, locked), the bearer hook with
 * permissions (through a probe app registered like another module's routes), logout, the audit
 * log and hostile input. Operators here are enrolled in two-factor authentication and log in with
 * the app's current code (two-factor.routes.test.ts covers the second factor itself).
 */
describe('back-office sessions', () => {
  let ctx: TestContext;
  let probe: HttpApp;
  beforeAll(async () => {
    ctx = await createTestContext();
    // Another module's routes, as payments will register them: one per role rule.
    probe = await createHttpApp({ config: ctx.config, logger: testLogger, db: ctx.core.db });
    const backoffice = ctx.core.modules.backoffice;
    backoffice.installAuth(probe);
    await probe.register(async (app) => {
      app.get('/probe/review', { preHandler: backoffice.api.requireOperator('payments.review') }, async (request) => ({ ...request.operator, id: String(request.operator?.id) }));
      app.get('/probe/any', { preHandler: backoffice.api.requireOperator() }, async () => ({ ok: true }));
      app.get('/probe/open', async (request) => ({ operator: request.operator }));
    });
    await probe.ready();
  });
  afterAll(async () => {
    await probe.close();
    await ctx.close();
  });

  const db = () => ctx.core.db;
  const login = (payload: unknown, ip = '203.0.113.7') =>
    ctx.app.inject({ method: 'POST', url: '/api/backoffice/session', payload: payload as object, remoteAddress: ip, headers: { 'user-agent': 'vitest' } });
  const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/backoffice/session', headers: bearer(token) });

  function expectError(response: Awaited<ReturnType<typeof login>>, status: number, code: string) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.code, response.body).toBe(code);
  }

  const newOperator = (role: OperatorRole = 'support') => enrolledOperator(ctx.core, ctx.app, role);

  async function tokenOf(operator: TestOperator) {
    const response = await login({ username: operator.username, password: operator.password, totp: await currentOperatorCode(ctx.core, operator) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().token as string;
  }

  const sessionAuditRows = (operatorId: bigint) =>
    db().selectFrom('backoffice_audit').selectAll().where('operator_id', '=', operatorId).where('action', 'like', 'backoffice.session.%').orderBy('id').execute();

  it('logs in (username case and spaces ignored), stores only the token hash, and audits the login', async () => {
    const operator = await newOperator('finance');
    const response = await login({ username: `  ${operator.username.toUpperCase()} `, password: operator.password, totp: await currentOperatorCode(ctx.core, operator) });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      status: 'authenticated',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      operator: { id: String(operator.id), username: operator.username, displayName: 'finance', role: 'finance' },
      mustChangePassword: false,
    });

    const session = await db().selectFrom('backoffice_session').selectAll().where('token_hash', '=', hashOperatorToken(body.token)).executeTakeFirstOrThrow();
    expect(session.token_hash).toHaveLength(32);
    expect(session.token_hash.toString('base64url')).not.toBe(body.token);
    expect(session.expires_at.getTime() - session.created_at.getTime()).toBe(8 * 60 * 60 * 1000);
    expect(session).toMatchObject({ ip: '203.0.113.7', user_agent: 'vitest', revoked_at: null });

    expect((await sessionAuditRows(operator.id)).at(-1)).toMatchObject({
      action: 'backoffice.session.login',
      target_type: 'backoffice_operator',
      target_id: String(operator.id),
      ip: '203.0.113.7',
      details: { userAgent: 'vitest', secondFactor: 'totp' },
    });

    const current = await me(body.token);
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json()).toEqual({ operator: body.operator, mustChangePassword: false });
  });

  it('answers a wrong password and an unknown username alike, verifying a dummy hash for the unknown one', async () => {
    const operator = await newOperator();
    const wrong = await login({ username: operator.username, password: 'not-the-password' });
    const verify = vi.mocked(passwords.verifyPassword);
    verify.mockClear();
    const unknown = await login({ username: `nobody${randomBytes(4).toString('hex')}`, password: 'not-the-password' });
    expectError(wrong, 401, 'backoffice.invalid_credentials');
    expectError(unknown, 401, 'backoffice.invalid_credentials');
    expect(unknown.json()).toEqual(wrong.json());
    // The argon2id work happens for unknown usernames too, with our parameters: same timing.
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]?.[0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // Only the session enrolment opened: the failures opened none.
    expect(await db().selectFrom('backoffice_session').select('token_hash').where('operator_id', '=', operator.id).execute()).toHaveLength(1);
  });

  it('refuses a locked operator with 403 only after the right password', async () => {
    const operator = await newOperator();
    await db().updateTable('backoffice_operator').set({ status: 'locked' }).where('id', '=', operator.id).execute();
    expectError(await login({ username: operator.username, password: operator.password }), 403, 'backoffice.operator_locked');
    expectError(await login({ username: operator.username, password: 'not-the-password' }), 401, 'backoffice.invalid_credentials');
  });

  // Throttling of failed logins: login-throttle.routes.test.ts.

  it('answers 401 backoffice.session_required for missing, malformed, unknown, member, enrolment, idle, expired and locked-out tokens', async () => {
    const operator = await newOperator();
    const unenrolled = `new${randomBytes(4).toString('hex')}`;
    await ctx.core.modules.backoffice.api.ensureOperator({ username: unenrolled, displayName: 'n', role: 'owner', password: 'Operator@1234' });
    const enrolmentToken = (await login({ username: unenrolled, password: 'Operator@1234' })).json().enrolmentToken as string;
    const idle = await tokenOf(operator);
    const expired = await tokenOf(operator);
    const lockedOut = await tokenOf(await newOperator());
    await db().updateTable('backoffice_session').set({ last_seen_at: sql<Date>`now() - interval '31 minutes'` }).where('operator_id', '=', operator.id).where('token_hash', '=', hashOperatorToken(idle)).execute();
    await db().updateTable('backoffice_session').set({ expires_at: sql<Date>`now() - interval '1 second'` }).where('token_hash', '=', hashOperatorToken(expired)).execute();
    await db().updateTable('backoffice_operator').set({ status: 'locked' }).where('username', '=', (await sessionOwner(lockedOut)).username).execute();
    const memberToken = await loginAs(ctx.app, await newMember(ctx.core));

    const headerSets: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer short' },
      { authorization: `Basic ${Buffer.from(`${operator.username}:${operator.password}`).toString('base64')}` },
      { authorization: `Bearer ${'A'.repeat(10_000)}` },
      bearer(randomBytes(32).toString('base64url')),
      bearer(memberToken),
      bearer(enrolmentToken),
      bearer(idle),
      bearer(expired),
      bearer(lockedOut),
    ];
    for (const headers of headerSets) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/backoffice/session', headers });
      expectError(response, 401, 'backoffice.session_required');
      expectError(await probe.inject({ method: 'GET', url: '/probe/any', headers }), 401, 'backoffice.session_required');
    }
  });

  it('refreshes last_seen_at on use', async () => {
    const token = await tokenOf(await newOperator());
    await db().updateTable('backoffice_session').set({ last_seen_at: sql<Date>`now() - interval '29 minutes'` }).where('token_hash', '=', hashOperatorToken(token)).execute();
    expect((await me(token)).statusCode).toBe(200);
    const row = await db().selectFrom('backoffice_session').select('last_seen_at').where('token_hash', '=', hashOperatorToken(token)).executeTakeFirstOrThrow();
    expect(Date.now() - row.last_seen_at.getTime()).toBeLessThan(60_000);
  });

  it('lets only roles holding the permission (and the owner) through, and sets request.operator', async () => {
    const support = await newOperator('support');
    const finance = await newOperator('finance');
    const owner = await newOperator('owner');
    const get = async (url: string, token: string) => probe.inject({ method: 'GET', url, headers: bearer(token) });

    expectError(await get('/probe/review', await tokenOf(support)), 403, 'backoffice.forbidden');
    expect((await get('/probe/any', await tokenOf(support))).statusCode).toBe(200);
    const asFinance = await get('/probe/review', await tokenOf(finance));
    expect(asFinance.json()).toEqual({ id: String(finance.id), username: finance.username, role: 'finance', mustChangePassword: false });
    expect((await get('/probe/review', await tokenOf(owner))).json()).toMatchObject({ role: 'owner' });
    expect((await probe.inject({ method: 'GET', url: '/probe/open' })).json()).toEqual({ operator: null });

    // A role change applies to live sessions at once.
    const token = await tokenOf(support);
    await db().updateTable('backoffice_operator').set({ role: 'finance' }).where('id', '=', support.id).execute();
    expect((await get('/probe/review', token)).statusCode).toBe(200);
  });

  it('audits every refused (403) back-office action with the operator, the route and the permission it lacked', async () => {
    const support = await newOperator('support');
    const refused = await probe.inject({ method: 'GET', url: '/probe/review?x=1', headers: bearer(await tokenOf(support)), remoteAddress: '203.0.113.45' });
    expectError(refused, 403, 'backoffice.forbidden');
    const rows = await db().selectFrom('backoffice_audit').selectAll().where('operator_id', '=', support.id).where('action', '=', 'backoffice.access.refused').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ target_type: 'route', target_id: 'GET /probe/review', ip: '203.0.113.45' });
    expect(rows[0]?.details).toEqual({ permission: 'payments.review', reason: 'backoffice.forbidden' });

    // A temporary password refuses permissioned routes too: audited the same way.
    await db().updateTable('backoffice_operator').set({ must_change_password: true }).where('id', '=', support.id).execute();
    expectError(await probe.inject({ method: 'GET', url: '/probe/review', headers: bearer(await tokenOf(support)) }), 403, 'backoffice.password_change_required');
    const all = await db().selectFrom('backoffice_audit').select('details').where('operator_id', '=', support.id).where('action', '=', 'backoffice.access.refused').orderBy('id').execute();
    expect(all.map((row) => (row.details as { reason: string }).reason)).toEqual(['backoffice.forbidden', 'backoffice.password_change_required']);
  });

  it('revokes the token on logout, leaves other sessions alone, and audits the logout once', async () => {
    const operator = await newOperator();
    const token = await tokenOf(operator);
    const other = await tokenOf(operator);
    const logout = await ctx.app.inject({ method: 'DELETE', url: '/api/backoffice/session', headers: bearer(token), remoteAddress: '198.51.100.9' });
    expect(logout.statusCode, logout.body).toBe(204);
    expectError(await me(token), 401, 'backoffice.session_required');
    expectError(await ctx.app.inject({ method: 'DELETE', url: '/api/backoffice/session', headers: bearer(token) }), 401, 'backoffice.session_required');
    expect((await me(other)).statusCode).toBe(200);
    const actions = (await sessionAuditRows(operator.id)).map((row) => [row.action, row.ip]);
    expect(actions).toEqual([
      ['backoffice.session.login', '127.0.0.1'],
      ['backoffice.session.login', '203.0.113.7'],
      ['backoffice.session.login', '203.0.113.7'],
      ['backoffice.session.logout', '198.51.100.9'],
    ]);
  });

  it('writes audit rows in the caller transaction and refuses UPDATE, DELETE and TRUNCATE', async () => {
    const { audit } = ctx.core.modules.backoffice.api;
    const targetId = randomBytes(6).toString('hex');
    const entry = { operatorId: null, action: 'test.thing.done', targetType: 'test_target', targetId, details: { amount: 12_345n, nested: { at: 'x' } }, ip: 'not-an-ip' };
    await db().transaction().execute(async (tx) => audit(tx, entry));
    await expect(
      db().transaction().execute(async (tx) => {
        await audit(tx, { ...entry, action: 'test.thing.rolled_back' });
        throw new Error('business change failed');
      }),
    ).rejects.toThrow('business change failed');

    const rows = await db().selectFrom('backoffice_audit').selectAll().where('target_type', '=', 'test_target').where('target_id', '=', targetId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ operator_id: null, action: 'test.thing.done', details: { amount: '12345', nested: { at: 'x' } }, ip: null });

    await expect(sql`update backoffice_audit set action = 'forged' where target_id = ${targetId}`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`delete from backoffice_audit where target_id = ${targetId}`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`truncate backoffice_audit`.execute(db())).rejects.toThrow(/append-only/);
    expect(await db().selectFrom('backoffice_audit').select('action').where('target_id', '=', targetId).execute()).toEqual([{ action: 'test.thing.done' }]);
  });

  it('answers 400 (never 500) to empty, oversized, wrongly typed and malformed login input', async () => {
    const operator = await newOperator();
    const huge = 'x'.repeat(10_000);
    const bodies: unknown[] = [
      {},
      [],
      'just a string',
      null,
      { username: operator.username },
      { password: operator.password },
      { username: '', password: operator.password },
      { username: '   ', password: operator.password },
      { username: operator.username, password: '' },
      { username: huge, password: operator.password },
      { username: operator.username, password: huge },
      { username: 'İ'.repeat(40), password: 'x' },
      { username: 12_345_678, password: operator.password },
      { username: operator.username, password: 12_345_678 },
      { username: { $ne: null }, password: operator.password },
      { username: [operator.username], password: true },
      { username: 'a\u0000b', password: 'x' },
      { username: operator.username, password: operator.password, totp: '12345' },
      { username: operator.username, password: operator.password, totp: 123_456 },
      { username: operator.username, password: operator.password, totp: '12345a' },
      { username: operator.username, password: operator.password, totp: '123456', recoveryCode: 'ABCD-EFGH-JKMN-PQRS' },
      { username: operator.username, password: operator.password, recoveryCode: 'x'.repeat(41) },
      { username: operator.username, password: operator.password, recoveryCode: ['ABCD'] },
    ];
    for (const body of bodies) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/session', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(response.statusCode, `${JSON.stringify(body).slice(0, 80)} → ${response.body.slice(0, 200)}`).toBe(400);
      expect(['validation.failed', 'request.malformed']).toContain(response.json().error.code);
    }
    for (const raw of ['{"username":', '{username: "a"}', '', '\u0000']) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/session', headers: { 'content-type': 'application/json' }, payload: raw });
      expect(response.statusCode, `${JSON.stringify(raw)} → ${response.body}`).toBe(400);
    }
    const wrongType = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/session', headers: { 'content-type': 'text/plain' }, payload: 'username=a' });
    // Fastify parses text/plain as a string, which the body schema then refuses.
    expectError(wrongType, 400, 'validation.failed');
    // Nothing above counted as a login or code failure for the real operator.
    await tokenOf(operator);
    expect((await db().selectFrom('backoffice_totp').select('failures').where('operator_id', '=', operator.id).executeTakeFirstOrThrow()).failures).toBe(0);
  });

  async function sessionOwner(token: string) {
    return db()
      .selectFrom('backoffice_session as s')
      .innerJoin('backoffice_operator as o', 'o.id', 's.operator_id')
      .select('o.username')
      .where('s.token_hash', '=', hashOperatorToken(token))
      .executeTakeFirstOrThrow();
  }
});
