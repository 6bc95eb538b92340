import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, newMember, randomClientIp } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/** Session hand-off: a 60-second single-use code opens a new session elsewhere; links never carry a session token. */
describe('session hand-off codes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function loggedIn() {
    const member = await newMember(ctx.core);
    return { ...member, token: await loginAs(ctx.app, member) };
  }
  const issue = (token?: string) => ctx.app.inject({ method: 'POST', url: '/api/session/handoff-code', headers: token ? bearer(token) : {} });
  const exchange = (code: unknown, ip = randomClientIp()) => ctx.app.inject({ method: 'POST', url: '/api/session/handoff', payload: { code } as object, remoteAddress: ip });
  const whoAmI = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/member/info', headers: bearer(token) });

  it('issues a code valid 60 seconds, stored only as its hash, that opens a new session of the same member once', async () => {
    const member = await loggedIn();
    const issued = await issue(member.token);
    expect(issued.statusCode, issued.body).toBe(200);
    const { code, expiresAt } = issued.json() as { code: string; expiresAt: string };
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const lifetime = new Date(expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(50_000);
    expect(lifetime).toBeLessThanOrEqual(60_000);
    // Only the SHA-256 is kept: a copy of the table opens nothing.
    const stored = await ctx.core.db.selectFrom('accounts_session_handoff').select('code_hash').where('code_hash', '=', createHash('sha256').update(code).digest()).execute();
    expect(stored).toHaveLength(1);

    const first = await exchange(code);
    expect(first.statusCode, first.body).toBe(200);
    const session = first.json() as { token: string; account: string };
    expect(session.account).toBe(member.account);
    expect(session.token).not.toBe(member.token);
    expect((await whoAmI(session.token)).json().account).toBe(member.account);
    // The session that asked for the code goes on.
    expect((await whoAmI(member.token)).statusCode).toBe(200);

    const replay = await exchange(code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('accounts.handoff_invalid');
  });

  it('refuses an expired code', async () => {
    const member = await loggedIn();
    const { code } = (await issue(member.token)).json();
    await ctx.core.db.updateTable('accounts_session_handoff').set({ expires_at: new Date(Date.now() - 1000), created_at: new Date(Date.now() - 61_000) }).where('member_id', '=', (await ctx.core.modules.accounts.api.directory.findMemberByAccount(member.account))!.id).execute();
    const response = await exchange(code);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('accounts.handoff_invalid');
  });

  it('opens exactly one session when the same code is redeemed many times at once', async () => {
    const member = await loggedIn();
    const { code } = (await issue(member.token)).json();
    const answers = await Promise.all(Array.from({ length: 8 }, () => exchange(code)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    expect(answers.filter((answer) => answer.statusCode === 400).every((answer) => answer.json().error.code === 'accounts.handoff_invalid')).toBe(true);
  });

  it('answers wrong, malformed and hostile codes with a translated 4xx, never 500', async () => {
    const wrong = await exchange(randomBytes(32).toString('base64url'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('accounts.handoff_invalid');
    for (const code of ['', 'short', 'x'.repeat(256), "' OR 1=1 --", '<script>', 'é'.repeat(43)]) {
      const response = await exchange(code);
      expect(response.statusCode, code.slice(0, 20)).toBe(400);
      expect(response.json().error.code).toBe('accounts.handoff_invalid');
    }
    for (const code of ['x'.repeat(10_000), '\u0000'.repeat(43), 12345, null, ['a'], { $ne: '' }]) {
      const response = await exchange(code);
      expect(response.statusCode, JSON.stringify(code).slice(0, 20)).toBe(400);
      expect(response.json().error.code).toBe('validation.failed');
    }
    for (const raw of ['not json', '{"code": ']) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/session/handoff', headers: { 'content-type': 'application/json' }, payload: raw, remoteAddress: randomClientIp() });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('request.malformed');
    }
  });

  it('locks an address out for a while after ten wrong codes, even for a right one', async () => {
    const ip = randomClientIp();
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await exchange(randomBytes(32).toString('base64url'), ip)).statusCode).toBe(400);
    const member = await loggedIn();
    const { code } = (await issue(member.token)).json();
    const locked = await exchange(code, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('rate.limited');
    // Another address is not affected, and the code was not spent by the refused attempt.
    expect((await exchange(code)).statusCode).toBe(200);
  });

  it('issues codes only to logged-in real members, a bounded number at a time', async () => {
    expect((await issue()).json().error.code).toBe('auth.required');
    const trial = (await ctx.app.inject({ method: 'POST', url: '/api/session/trial', remoteAddress: randomClientIp() })).json().token as string;
    expect((await issue(trial)).json().error.code).toBe('auth.trial_refused');
    const member = await loggedIn();
    const answers = [];
    for (let index = 0; index < 11; index += 1) answers.push((await issue(member.token)).statusCode);
    expect(answers.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it('opens no session for a member locked since the code was issued', async () => {
    const member = await loggedIn();
    const { code } = (await issue(member.token)).json();
    await ctx.core.db.updateTable('accounts_member').set({ status: 'locked' }).where('account', '=', member.account).execute();
    const response = await exchange(code);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('auth.account_locked');
  });
});
