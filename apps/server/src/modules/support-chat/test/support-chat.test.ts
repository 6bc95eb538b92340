import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CAPTCHA } from '../../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import { JPG, memberSession, operatorSession, PNG, send, visitorSession } from './support-fixture.ts';

describe('support chat (real PostgreSQL)', () => {
  let api: TestContext;
  beforeAll(async () => {
    api = await createTestContext({ env: { CAPTCHA_FIXED_ANSWER: TEST_CAPTCHA } });
  });
  afterAll(async () => {
    await api.close();
  });

  it('queues a member message, tells them no operator is online, and lets exactly one of two operators take it', async () => {
    const { headers } = await memberSession(api);
    const first = await send(api, headers, '  Olá, preciso de ajuda\u0007  ');
    expect(first.statusCode).toBe(200);
    expect(first.json().messages[0].body).toBe('Olá, preciso de ajuda');
    expect(first.json().conversation.status).toBe('waiting');
    const id = first.json().conversation.id as string;
    const [a, b] = await Promise.all([operatorSession(api), operatorSession(api)]);
    const queue = (await api.app.inject({ method: 'GET', url: '/api/backoffice/support/conversations', headers: a.headers })).json();
    expect(queue.queue.map((c: { id: string }) => c.id)).toContain(id);
    const takes = await Promise.all([a, b].map((operator) => api.app.inject({ method: 'POST', url: `/api/backoffice/support/conversations/${id}/take`, headers: operator.headers })));
    expect(takes.map((take) => take.statusCode).sort()).toEqual([200, 409]);
    expect(takes.find((take) => take.statusCode === 409)?.json().error.code).toBe('support.already_taken');
    const winner = takes[0]?.statusCode === 200 ? a : b;
    const loser = winner === a ? b : a;
    const refused = await api.app.inject({ method: 'POST', url: `/api/backoffice/support/conversations/${id}/messages`, headers: loser.headers, payload: { clientId: randomUUID(), body: 'oi' } });
    expect(refused.json().error.code).toBe('support.not_yours');
    const reply = await api.app.inject({ method: 'POST', url: `/api/backoffice/support/conversations/${id}/messages`, headers: winner.headers, payload: { clientId: randomUUID(), body: 'Como posso ajudar?' } });
    expect(reply.statusCode).toBe(200);
    const chat = (await api.app.inject({ method: 'GET', url: '/api/support/chat', headers })).json();
    expect(chat.messages.map((m: { sender: string }) => m.sender)).toEqual(['party', 'operator']);
    expect(chat.operatorsOnline).toBe(true);
    // Transfer to the other (online) operator, then close; a new message opens a new conversation.
    const moved = await api.app.inject({ method: 'POST', url: `/api/backoffice/support/conversations/${id}/transfer`, headers: winner.headers, payload: { operatorId: loser.id.toString() } });
    expect(moved.json().operatorId).toBe(loser.id.toString());
    const closed = await api.app.inject({ method: 'POST', url: `/api/backoffice/support/conversations/${id}/close`, headers: loser.headers });
    expect(closed.json().status).toBe('closed');
    const again = await send(api, headers, 'mais uma coisa');
    expect(again.json().conversation.id).not.toBe(id);
    const audit = await api.core.db.selectFrom('backoffice_audit').select('action').where('target_id', '=', id).where('target_type', '=', 'support_conversation').execute();
    expect(audit.map((row) => row.action).sort()).toEqual(['support.conversation.closed', 'support.conversation.taken', 'support.conversation.transferred']);
  });

  it('stores a replayed message once (double send and resend after reconnect)', async () => {
    const { headers } = await memberSession(api);
    const clientId = randomUUID();
    const answers = await Promise.all([send(api, headers, 'uma vez', clientId), send(api, headers, 'uma vez', clientId), send(api, headers, 'uma vez', clientId)]);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.json().messages[0].id)).size).toBe(1);
    expect(answers.filter((answer) => answer.json().replayed === false)).toHaveLength(1);
    const chat = (await api.app.inject({ method: 'GET', url: '/api/support/chat', headers })).json();
    expect(chat.messages).toHaveLength(1);
  });

  it('refuses empty, oversized, malformed and too fast messages with translated codes', async () => {
    const { headers } = await memberSession(api);
    expect((await send(api, headers, '   \u200b ')).json().error.code).toBe('support.empty');
    expect((await send(api, headers, 'x'.repeat(1001))).json().error.code).toBe('support.too_long');
    const bad = await api.app.inject({ method: 'POST', url: '/api/support/messages', headers, payload: { clientId: 'not-a-uuid', body: 'x' } });
    expect(bad.statusCode).toBe(400);
    const burst = [];
    for (let i = 0; i < 10; i++) burst.push((await send(api, headers, `m${i}`)).statusCode);
    expect(burst.slice(0, 8).every((status) => status === 200)).toBe(true);
    expect(burst.slice(8)).toEqual([429, 429]);
  });

  it('accepts PNG and JPEG by their bytes only, refuses disguised files and > 5 MB, and serves images only to the parties', async () => {
    const owner = await memberSession(api);
    const upload = (headers: Record<string, string>, body: Buffer, type = 'image/png') => api.app.inject({ method: 'POST', url: '/api/support/images', headers: { ...headers, 'content-type': type }, payload: body });
    const png = await upload(owner.headers, PNG);
    expect(png.statusCode).toBe(201);
    expect(png.json().contentType).toBe('image/png');
    expect((await upload(owner.headers, JPG, 'application/octet-stream')).json().contentType).toBe('image/jpeg');
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
    for (const disguised of [html, svg, exe]) {
      const refused = await upload(owner.headers, disguised);
      expect(refused.statusCode).toBe(415);
      expect(refused.json().error.code).toBe('support.image_invalid');
    }
    const big = await upload(owner.headers, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    const message = await api.app.inject({ method: 'POST', url: '/api/support/messages', headers: owner.headers, payload: { clientId: randomUUID(), imageId: png.json().id } });
    expect(message.json().messages[0].imageId).toBe(png.json().id);
    const served = await api.app.inject({ method: 'GET', url: `/api/support/images/${png.json().id}`, headers: owner.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const stranger = await memberSession(api);
    expect((await api.app.inject({ method: 'GET', url: `/api/support/images/${png.json().id}`, headers: stranger.headers })).statusCode).toBe(404);
    // Another party cannot put someone else's image into their own conversation.
    const stolen = await api.app.inject({ method: 'POST', url: '/api/support/messages', headers: stranger.headers, payload: { clientId: randomUUID(), imageId: png.json().id } });
    expect(stolen.json().error.code).toBe('support.image_not_found');
  });

  it('keeps visitors apart: a token reads only its own chat; a wrong captcha opens nothing', async () => {
    const wrong = await api.app.inject({ method: 'POST', url: '/api/support/visitors', payload: { captcha: { id: randomUUID(), answer: 'NOPE' } } });
    expect(wrong.json().error.code).toBe('support.captcha_failed');
    const ana = await visitorSession(api, 'Ana');
    const bia = await visitorSession(api, 'Bia');
    await send(api, ana.headers, 'segredo da Ana');
    const biaChat = (await api.app.inject({ method: 'GET', url: '/api/support/chat', headers: bia.headers })).json();
    expect(biaChat.conversation).toBeNull();
    expect((await api.app.inject({ method: 'GET', url: '/api/support/chat', headers: { 'x-support-visitor': 'forged' } })).json().error.code).toBe('support.visitor_required');
    const anaChat = (await api.app.inject({ method: 'GET', url: '/api/support/chat', headers: ana.headers })).json();
    expect(anaChat.messages[0].body).toBe('segredo da Ana');
    const operator = await operatorSession(api);
    const queue = (await api.app.inject({ method: 'GET', url: '/api/backoffice/support/conversations', headers: operator.headers })).json();
    expect(queue.queue.find((c: { id: string }) => c.id === anaChat.conversation.id).party).toMatchObject({ kind: 'visitor', name: 'Ana' });
  });

  it('moves read receipts forward only, reports first response and resolution, manages canned replies', async () => {
    const { headers } = await memberSession(api);
    const sent = (await send(api, headers, 'oi')).json();
    const id = sent.conversation.id as string;
    const operator = await operatorSession(api);
    const reply = (await api.app.inject({ method: 'POST', url: `/api/backoffice/support/conversations/${id}/messages`, headers: operator.headers, payload: { clientId: randomUUID(), body: 'olá' } })).json();
    expect((await api.app.inject({ method: 'POST', url: '/api/support/read', headers, payload: { lastReadId: reply.message.id } })).statusCode).toBe(204);
    await api.app.inject({ method: 'POST', url: '/api/support/read', headers, payload: { lastReadId: sent.messages[0].id } });
    const thread = (await api.app.inject({ method: 'GET', url: `/api/backoffice/support/conversations/${id}`, headers: operator.headers })).json();
    expect(thread.conversation.partyReadId).toBe(reply.message.id);
    await api.app.inject({ method: 'POST', url: `/api/backoffice/support/conversations/${id}/close`, headers: operator.headers });
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const report = (await api.app.inject({ method: 'GET', url: `/api/backoffice/support/report?from=${yesterday}&to=${tomorrow}`, headers: operator.headers })).json();
    expect(report.total.closed).toBeGreaterThanOrEqual(1);
    expect(report.total.firstResponse.avgSeconds).toBeGreaterThanOrEqual(0);
    expect((await api.app.inject({ method: 'GET', url: `/api/backoffice/support/report?from=${today}&to=${yesterday}`, headers: operator.headers })).json().error.code).toBe('support.report_range_invalid');
    const created = await api.app.inject({ method: 'POST', url: '/api/backoffice/support/canned-replies', headers: operator.headers, payload: { shortcut: 'oi', body: 'Olá! Como posso ajudar?' } });
    expect(created.statusCode).toBe(201);
    expect((await api.app.inject({ method: 'POST', url: '/api/backoffice/support/canned-replies', headers: operator.headers, payload: { shortcut: 'oi', body: 'x' } })).json().error.code).toBe('support.shortcut_taken');
    expect((await api.app.inject({ method: 'POST', url: '/api/backoffice/support/canned-replies', headers: operator.headers, payload: { shortcut: 'Bad Space', body: 'x' } })).statusCode).toBe(400);
    const context = (await api.app.inject({ method: 'GET', url: `/api/backoffice/support/conversations/${id}/context`, headers: operator.headers })).json();
    expect(context).toMatchObject({ kind: 'member', balance: { cash: '0.00', bonus: '0.00' }, deposits: [], withdrawals: [] });
    const finance = await (await import('../../../../test/builders.ts')).newOperator(api.core, api.app, 'finance');
    expect((await api.app.inject({ method: 'GET', url: '/api/backoffice/support/conversations', headers: { authorization: `Bearer ${finance.token}` } })).statusCode).toBe(403);
  });
});
