import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_MAX_WORDS, FEEDBACK_PER_HOUR } from '@app/contracts';
import { bearer, loginAs, newOperator, newPlayer, type TestOperator } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/**
 * Feedback on a real database: word limits and hostile input, replays by request id, the hourly
 * limit, the operator's queue (assignment, notes never shown to the member), and the reply that
 * arrives as a platform message once per reply.
 */
let ctx: TestContext;
let support: TestOperator;
let other: TestOperator;
beforeAll(async () => {
  ctx = await createTestContext();
  support = await newOperator(ctx.core, ctx.app, 'support');
  other = await newOperator(ctx.core, ctx.app, 'support');
}, 60_000);
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST', url: string, token: string, payload?: object) => ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const form = (extra: object = {}) => ({ requestId: randomUUID(), questionType: 'complaint', content: 'The deposit took too long to arrive today', contact: 'me@example.com', ...extra });
const memberToken = async () => loginAs(ctx.app, await newPlayer(ctx.core));

describe('member tickets', () => {
  it('opens a numbered ticket once per request id, even on a double click', async () => {
    const token = await memberToken();
    const payload = form();
    const [a, b] = await Promise.all([api('POST', '/api/feedback', token, payload), api('POST', '/api/feedback', token, payload)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.json().number).toBe(a.json().number);
    expect(a.json()).toMatchObject({ status: 'open', questionType: 'complaint', replies: [] });
    expect(a.json().number).toMatch(/^#\d+$/);
    expect((await api('GET', '/api/feedback', token)).json().tickets).toHaveLength(1);
  });

  it('refuses too few or too many words, empty, oversized and malformed input, and stores nothing', async () => {
    const token = await memberToken();
    const short = await api('POST', '/api/feedback', token, form({ content: 'too short' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('feedback.too_short');
    const long = await api('POST', '/api/feedback', token, form({ content: Array.from({ length: FEEDBACK_MAX_WORDS + 1 }, () => 'w').join(' ') }));
    expect(long.json().error.code).toBe('feedback.too_long');
    for (const bad of [form({ content: '' }), form({ contact: '' }), form({ contact: 'x'.repeat(500) }), form({ content: 'a '.repeat(4000) }), form({ questionType: 'bogus' }), form({ requestId: 'not-a-uuid' }), { content: 5 }]) {
      const response = await api('POST', '/api/feedback', token, bad);
      expect(response.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect((await api('GET', '/api/feedback', token)).json().tickets).toEqual([]);
  });

  it('keeps hostile text as text (the console and the reply escape it)', async () => {
    const token = await memberToken();
    const hostile = '<script>alert(1)</script> please look at my <b>account</b> now';
    const ticket = (await api('POST', '/api/feedback', token, form({ content: hostile }))).json();
    expect(ticket.content).toBe(hostile);
  });

  it(`limits a member to ${FEEDBACK_PER_HOUR} tickets an hour, with a translated error`, async () => {
    const token = await memberToken();
    const responses = await Promise.all(Array.from({ length: FEEDBACK_PER_HOUR + 3 }, () => api('POST', '/api/feedback', token, form())));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(FEEDBACK_PER_HOUR);
    const refused = responses.find((response) => response.statusCode === 429)!;
    expect(refused.json().error.code).toBe('feedback.rate_limited');
  });
});

describe('operator queue', () => {
  it('assigns, notes (never shown to the member), replies as a message once, and closes', async () => {
    const member = await newPlayer(ctx.core);
    const token = await loginAs(ctx.app, member);
    const ticket = (await api('POST', '/api/feedback', token, form())).json();
    const queue = (await api('GET', '/api/backoffice/feedback?status=open', support.token)).json();
    expect(queue.tickets.some((row: { id: string; account: string }) => row.id === ticket.id && row.account === member.account)).toBe(true);

    const assigned = await api('POST', `/api/backoffice/feedback/${ticket.id}/assign`, support.token, { requestId: randomUUID(), username: support.username });
    expect(assigned.json().assignedTo).toBe(support.username);
    expect((await api('GET', '/api/backoffice/feedback?mine=true', support.token)).json().tickets.map((row: { id: string }) => row.id)).toContain(ticket.id);
    expect((await api('GET', '/api/backoffice/feedback?mine=true', other.token)).json().tickets.map((row: { id: string }) => row.id)).not.toContain(ticket.id);
    expect((await api('POST', `/api/backoffice/feedback/${ticket.id}/assign`, support.token, { requestId: randomUUID(), username: 'nobody-here' })).json().error.code).toBe('feedback.operator_unknown');

    await api('POST', `/api/backoffice/feedback/${ticket.id}/notes`, support.token, { requestId: randomUUID(), body: 'VIP, be kind' });
    const reply = { requestId: randomUUID(), body: 'We found it.\n<b>Sorry</b> for the wait.' };
    const [first, again] = await Promise.all([api('POST', `/api/backoffice/feedback/${ticket.id}/reply`, support.token, reply), api('POST', `/api/backoffice/feedback/${ticket.id}/reply`, support.token, reply)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    const view = (await api('GET', `/api/backoffice/feedback/${ticket.id}`, support.token)).json();
    expect(view.status).toBe('answered');
    expect(view.entries.map((entry: { kind: string }) => entry.kind)).toEqual(['note', 'reply']);

    const inbox = (await api('GET', '/api/messages', token)).json();
    expect(inbox.messages).toHaveLength(1);
    expect(inbox.messages[0]).toMatchObject({ kind: 'feedback', title: ticket.number, bodyHtml: '<p>We found it.</p><p>&lt;b&gt;Sorry&lt;/b&gt; for the wait.</p>', read: false });
    const mine = (await api('GET', '/api/feedback', token)).json().tickets[0];
    expect(mine.status).toBe('answered');
    expect(mine.replies).toHaveLength(1);
    expect(JSON.stringify(mine)).not.toContain('VIP, be kind');

    expect((await api('POST', `/api/backoffice/feedback/${ticket.id}/close`, support.token, { requestId: randomUUID() })).json().status).toBe('closed');
    const late = await api('POST', `/api/backoffice/feedback/${ticket.id}/reply`, support.token, { requestId: randomUUID(), body: 'late' });
    expect(late.json().error.code).toBe('feedback.closed');
    const audit = await sql<{ action: string }>`select action from backoffice_audit where target_type = 'feedback_ticket' and target_id = ${ticket.id} order by id`.execute(ctx.core.db);
    expect(audit.rows.map((row) => row.action)).toEqual(['feedback.assigned', 'feedback.noted', 'feedback.replied', 'feedback.closed']);
  });

  it('is refused to a role without feedback.handle, and answers 404 for an unknown ticket', async () => {
    const finance = await newOperator(ctx.core, ctx.app, 'finance');
    expect((await api('GET', '/api/backoffice/feedback', finance.token)).statusCode).toBe(403);
    expect((await api('GET', '/api/backoffice/feedback/99999999', support.token)).json().error.code).toBe('feedback.not_found');
  });
});
