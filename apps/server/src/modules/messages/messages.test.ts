import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_ACCOUNT_TYPE } from '@app/contracts';
import { bearer, loginAs, newMember, newOperatorSession, newPlayer, type TestPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { sanitiseHtml } from '../../platform/sanitise-html.ts';

/**
 * Platform messages on a real database: the unread count under parallel reads and sends, the
 * broadcast audiences (all, VIP level, an agent's team, accounts), idempotent sends, hostile HTML,
 * trial members, and the console's compose / schedule / cancel.
 */
let ctx: TestContext;
let operator: string;
beforeAll(async () => {
  ctx = await createTestContext();
  operator = await newOperatorSession(ctx.core, ctx.app, 'content');
}, 60_000);
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) => ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const messagesApi = () => ctx.core.modules.messages.api;
const unreadTruth = async (memberId: bigint) => {
  const { rows } = await sql<{ n: string }>`select count(*) as n from messages_item where member_id = ${memberId} and read_at is null and deleted_at is null`.execute(ctx.core.db);
  return Number(rows[0]!.n);
};
const send = (member: TestPlayer, sourceKey: string, bodyHtml = '<p>Olá</p>') => messagesApi().sendToMember(ctx.core.db, { memberId: member.id, kind: 'operator', title: 'Aviso', bodyHtml, sourceKey });
const broadcast = (payload: object) => api('POST', '/api/backoffice/messages', operator, { requestId: randomUUID(), title: 'Promo', bodyHtml: '<p>Boa sorte</p>', ...payload });

describe('inbox', () => {
  it('lists, opens (marks read), marks all read and deletes, with the unread count following', async () => {
    const member = await newPlayer(ctx.core);
    const token = await loginAs(ctx.app, member);
    for (const key of ['a', 'b', 'c']) await send(member, key);
    expect((await api('GET', '/api/messages/unread', token)).json()).toEqual({ unread: 3 });
    const list = (await api('GET', '/api/messages', token)).json();
    expect(list.total).toBe(3);
    expect(list.messages[0].title).toBe('Aviso');
    const opened = await api('POST', `/api/messages/${list.messages[0].id}/read`, token);
    expect(opened.json().read).toBe(true);
    expect((await api('GET', '/api/messages?order=unread', token)).json().messages.map((m: { read: boolean }) => m.read)).toEqual([false, false, true]);
    expect((await api('DELETE', `/api/messages/${list.messages[1].id}`, token)).json()).toEqual({ unread: 1 });
    expect((await api('DELETE', `/api/messages/${list.messages[1].id}`, token)).statusCode).toBe(404);
    expect((await api('POST', '/api/messages/read-all', token)).json()).toEqual({ unread: 0 });
    expect((await api('GET', '/api/messages', token)).json().total).toBe(2);
  });

  it("never shows or opens another member's message", async () => {
    const [owner, other] = await Promise.all([newPlayer(ctx.core), newPlayer(ctx.core)]);
    await send(owner, 'private');
    const id = (await api('GET', '/api/messages', await loginAs(ctx.app, owner))).json().messages[0].id;
    const intruder = await loginAs(ctx.app, other);
    expect((await api('POST', `/api/messages/${id}/read`, intruder)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/messages/${id}`, intruder)).statusCode).toBe(404);
    expect((await api('POST', '/api/messages/abc/read', intruder)).statusCode).toBe(400);
  });

  it('is idempotent per source key: replays never duplicate', async () => {
    const member = await newPlayer(ctx.core);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => send(member, 'deposit-1')));
    expect(outcomes.filter((outcome) => outcome.created)).toHaveLength(1);
    expect(await unreadTruth(member.id)).toBe(1);
  });

  it('keeps the unread count right under many parallel reads and new messages', async () => {
    const member = await newPlayer(ctx.core);
    const token = await loginAs(ctx.app, member);
    for (let i = 0; i < 10; i += 1) await send(member, `seed-${i}`);
    const ids = (await api('GET', '/api/messages', token)).json().messages.map((m: { id: string }) => m.id) as string[];
    await Promise.all([
      ...ids.flatMap((id) => [api('POST', `/api/messages/${id}/read`, token), api('POST', `/api/messages/${id}/read`, token)]),
      ...Array.from({ length: 15 }, (_, i) => send(member, `new-${i}`)),
      ...ids.slice(0, 3).map((id) => api('DELETE', `/api/messages/${id}`, token)),
    ]);
    const truth = await unreadTruth(member.id);
    expect(truth).toBe(15);
    expect((await api('GET', '/api/messages/unread', token)).json()).toEqual({ unread: truth });
    expect((await api('GET', '/api/messages', token)).json().unread).toBe(truth);
  });

  it('answers a trial member 0 and an empty list, and refuses changes', async () => {
    const trial = await newMember(ctx.core, { type: TRIAL_ACCOUNT_TYPE });
    const token = await loginAs(ctx.app, trial);
    expect((await api('GET', '/api/messages/unread', token)).json()).toEqual({ unread: 0 });
    expect((await api('GET', '/api/messages', token)).json().messages).toEqual([]);
    const refused = await api('POST', '/api/messages/read-all', token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('messages.trial_refused');
  });

  it('sends system messages as a template with parameters (deposit, bonus)', async () => {
    const member = await newPlayer(ctx.core);
    await ctx.core.db.transaction().execute((tx) => messagesApi().depositCredited(tx, { depositId: 77n, memberId: member.id, amount: 12345n }));
    await ctx.core.db.transaction().execute((tx) => messagesApi().depositCredited(tx, { depositId: 77n, memberId: member.id, amount: 12345n }));
    const list = (await api('GET', '/api/messages', await loginAs(ctx.app, member))).json();
    expect(list.messages).toHaveLength(1);
    expect(list.messages[0]).toMatchObject({ kind: 'system', template: 'deposit_credited', params: { amount: '123.45' }, title: null });
  });
});

describe('sanitiser', () => {
  it('drops scripts, handlers, styles, frames and javascript: links from a hostile body', async () => {
    const hostile = '<p onclick="x()">Oi<script>alert(1)</script><img src=x onerror=alert(1)><iframe src="//evil"></iframe><a href="javascript:alert(1)">a</a><a href="https://ok.example">b</a><style>*{}</style></p>';
    const clean = sanitiseHtml(hostile);
    expect(clean).not.toMatch(/script|onerror|onclick|iframe|javascript:|style|<img/i);
    expect(clean).toContain('rel="noopener noreferrer"');
    const member = await newPlayer(ctx.core);
    await send(member, 'hostile', hostile);
    const body = (await api('GET', '/api/messages', await loginAs(ctx.app, member))).json().messages[0].bodyHtml as string;
    expect(body).toBe(clean);
    await expect(send(member, 'empty', '<script>alert(1)</script>')).rejects.toMatchObject({ code: 'messages.body_empty' });
    const preview = await api('POST', '/api/backoffice/messages/preview', operator, { audience: { kind: 'accounts', accounts: [member.account] }, title: 'T', bodyHtml: hostile });
    expect(preview.json()).toEqual({ bodyHtml: clean, audienceCount: 1 });
  });
});

describe('broadcasts', () => {
  it('reaches listed accounts once, idempotent by request id, with delivered and read counts', async () => {
    const [a, b] = await Promise.all([newPlayer(ctx.core), newPlayer(ctx.core)]);
    const trial = await newMember(ctx.core, { type: TRIAL_ACCOUNT_TYPE });
    const requestId = randomUUID();
    const payload = { requestId, title: 'Lista', bodyHtml: '<p>Oi</p>', audience: { kind: 'accounts', accounts: [a.account, b.account, trial.account, 'nobody-here'] } };
    const [first, again] = await Promise.all([api('POST', '/api/backoffice/messages', operator, payload), api('POST', '/api/backoffice/messages', operator, payload)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(first.json()).toMatchObject({ status: 'sent', delivered: 2, read: 0 });
    const tokenA = await loginAs(ctx.app, a);
    const item = (await api('GET', '/api/messages', tokenA)).json().messages[0];
    expect(item).toMatchObject({ kind: 'broadcast', title: 'Lista', bodyHtml: '<p>Oi</p>' });
    await api('POST', `/api/messages/${item.id}/read`, tokenA);
    const listed = (await api('GET', '/api/backoffice/messages', operator)).json().broadcasts.find((row: { id: string }) => row.id === first.json().id);
    expect(listed).toMatchObject({ delivered: 2, read: 1 });
    const audit = await sql<{ n: string }>`select count(*) as n from backoffice_audit where action = 'messages.broadcast_sent' and target_id = ${first.json().id}`.execute(ctx.core.db);
    expect(Number(audit.rows[0]!.n)).toBe(1);
  });

  it("reaches a VIP level and an agent's whole team (every depth), not the agent", async () => {
    const agent = await newPlayer(ctx.core, { type: 1 });
    const direct = await newPlayer(ctx.core, { upline: agent.account });
    const deep = await newPlayer(ctx.core, { upline: direct.account });
    const outsider = await newPlayer(ctx.core);
    const team = await broadcast({ audience: { kind: 'team', agentAccount: agent.account } });
    expect(team.json().delivered, team.body).toBe(2);
    expect(await unreadTruth(direct.id)).toBe(1);
    expect(await unreadTruth(deep.id)).toBe(1);
    expect(await unreadTruth(agent.id)).toBe(0);
    expect(await unreadTruth(outsider.id)).toBe(0);
    await sql`insert into vip_member (member_id, rank) values (${outsider.id}, 7) on conflict (member_id) do update set rank = 7`.execute(ctx.core.db);
    const vip = await broadcast({ audience: { kind: 'vip', rank: 7 } });
    expect(vip.json().delivered).toBe(1);
    expect(await unreadTruth(outsider.id)).toBe(1);
    expect((await broadcast({ audience: { kind: 'team', agentAccount: 'no-such-agent' } })).json().error.code).toBe('messages.agent_unknown');
    expect((await broadcast({ audience: { kind: 'vip', rank: 99 } })).json().error.code).toBe('messages.audience_empty');
  });

  it('reaches every real member with one set-based insert', async () => {
    const member = await newPlayer(ctx.core);
    const { rows } = await sql<{ n: string }>`select count(*) as n from accounts_v_member where not is_trial`.execute(ctx.core.db);
    const all = await broadcast({ audience: { kind: 'all' } });
    expect(all.json().delivered).toBe(Number(rows[0]!.n));
    expect(await unreadTruth(member.id)).toBeGreaterThanOrEqual(1);
  });

  it('schedules, sends when due (the job), and cancels only a scheduled one', async () => {
    const member = await newPlayer(ctx.core);
    const audience = { kind: 'accounts', accounts: [member.account] };
    expect((await broadcast({ audience, sendAt: new Date(Date.now() - 60_000).toISOString() })).json().error.code).toBe('messages.send_at_past');
    const later = (await broadcast({ audience, sendAt: new Date(Date.now() + 3_600_000).toISOString() })).json();
    expect(later).toMatchObject({ status: 'scheduled', delivered: 0 });
    const cancelled = await api('POST', `/api/backoffice/messages/${later.id}/cancel`, operator);
    expect(cancelled.json().status).toBe('cancelled');
    const due = (await broadcast({ audience, sendAt: new Date(Date.now() + 3_600_000).toISOString() })).json();
    await sql`update messages_broadcast set send_at = now() - interval '1 second' where id = ${due.id}`.execute(ctx.core.db);
    await ctx.core.modules.messages.api.broadcasts.sendDue();
    expect(await unreadTruth(member.id)).toBe(1);
    const refused = await api('POST', `/api/backoffice/messages/${due.id}/cancel`, operator);
    expect(refused.json().error.code).toBe('messages.broadcast_not_scheduled');
  });

  it('refuses bad drafts with clear errors and changes nothing', async () => {
    const before = await sql<{ n: string }>`select count(*) as n from messages_broadcast`.execute(ctx.core.db);
    for (const payload of [{ title: '' }, { title: 'x'.repeat(200) }, { bodyHtml: '<script>1</script>' }, { audience: { kind: 'accounts', accounts: [] } }, { audience: { kind: 'bogus' } }]) {
      const response = await broadcast({ audience: { kind: 'all' }, ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const after = await sql<{ n: string }>`select count(*) as n from messages_broadcast`.execute(ctx.core.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});
