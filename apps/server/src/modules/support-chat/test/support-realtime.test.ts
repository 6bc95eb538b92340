import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../../../../test/api-process.ts';
import { bearer, newOperator, TEST_CAPTCHA } from '../../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import { memberSession, operatorSession, send, socketOf, visitorSession, wsUrl } from './support-fixture.ts';

describe('support chat over /ws: audiences', () => {
  let api: TestContext;
  let otherProcess: TestContext;
  beforeAll(async () => {
    api = await createTestContext({ env: { CAPTCHA_FIXED_ANSWER: TEST_CAPTCHA } });
    otherProcess = await createTestContext({ databaseUrl: api.databaseUrl, env: { CAPTCHA_FIXED_ANSWER: TEST_CAPTCHA } });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await otherProcess.close();
    await api.close();
  });

  it('sends the queue to chat operators only, a conversation to its parties only, typing and receipts to the other side', async () => {
    const member = await memberSession(api);
    const visitor = await visitorSession(api);
    const operator = await operatorSession(api);
    const finance = await newOperator(api.core, api.app, 'finance');
    const [memberWs, visitorWs, operatorWs, financeWs, strangerWs] = [0, 1, 2, 3, 4].map(() => socketOf(wsUrl(api)));
    await Promise.all([memberWs, visitorWs, operatorWs, financeWs, strangerWs].map((socket) => socket!.next('hello')));
    memberWs!.send({ type: 'auth', token: member.token });
    visitorWs!.send({ type: 'visitor.auth', token: visitor.token });
    operatorWs!.send({ type: 'operator.auth', token: operator.token });
    financeWs!.send({ type: 'operator.auth', token: finance.token });
    strangerWs!.send({ type: 'visitor.auth', token: 'x'.repeat(43) });
    await Promise.all([memberWs!.next('auth.ok'), visitorWs!.next('visitor.auth.ok'), operatorWs!.next('operator.auth.ok'), financeWs!.next('operator.auth.ok'), strangerWs!.next('visitor.auth.failed')]);

    // Sent through another API process: the bus carries it to this process's sockets.
    const sent = (await send(otherProcess, member.headers, 'preciso de ajuda')).json();
    const id = sent.conversation.id as string;
    await operatorWs!.next('support.message', (m) => (m.message as { conversationId: string }).conversationId === id);
    await operatorWs!.next('support.conversation', (m) => m.conversationId === id && m.status === 'waiting');
    await memberWs!.next('support.message', (m) => (m.message as { conversationId: string }).conversationId === id);
    await send(api, visitor.headers, 'sou visitante');
    await visitorWs!.next('support.message');

    // The assigned operator hears the member typing; the member hears the operator typing and reading.
    await api.app.inject({ method: 'POST', url: `/api/backoffice/support/conversations/${id}/take`, headers: operator.headers });
    await api.app.inject({ method: 'POST', url: '/api/support/typing', headers: member.headers });
    await operatorWs!.next('support.typing', (m) => m.conversationId === id && m.sender === 'party');
    await api.app.inject({ method: 'POST', url: `/api/backoffice/support/conversations/${id}/typing`, headers: operator.headers });
    await memberWs!.next('support.typing', (m) => m.conversationId === id && m.sender === 'operator');
    await api.app.inject({ method: 'POST', url: `/api/backoffice/support/conversations/${id}/read`, headers: operator.headers, payload: { lastReadId: sent.messages[0].id } });
    await memberWs!.next('support.read', (m) => m.sender === 'operator');

    await sleep(300);
    const leaked = (socket: ReturnType<typeof socketOf>) => socket.messages.filter((m) => String(m.type).startsWith('support.'));
    expect(leaked(financeWs!)).toEqual([]);
    expect(leaked(strangerWs!)).toEqual([]);
    expect(leaked(visitorWs!).every((m) => (m.message as { conversationId?: string } | undefined)?.conversationId !== id && m.conversationId !== id)).toBe(true);
    expect(leaked(memberWs!).some((m) => (m.message as { body?: string } | undefined)?.body === 'sou visitante')).toBe(false);
    for (const socket of [memberWs, visitorWs, operatorWs, financeWs, strangerWs]) socket!.close();
  });
});

/** A client that reconnects by itself (like the web's), re-binds, and re-reads what it missed by the last message id. */
function reconnectingMember(url: () => string, token: string, base: () => string) {
  const seen = new Map<string, string>();
  let lastId = '0';
  let socket: WebSocket | undefined;
  let stopped = false;
  let reconnects = 0;
  const note = (message: { id: string; body: string | null }) => {
    seen.set(message.id, message.body ?? '');
    if (BigInt(message.id) > BigInt(lastId)) lastId = message.id;
  };
  const catchUp = async () => {
    const chat = (await (await fetch(`${base()}/api/support/chat?after=${lastId}`, { headers: bearer(token) })).json()) as { messages: { id: string; body: string | null }[] };
    chat.messages.forEach(note);
  };
  const connect = () => {
    if (stopped) return;
    const next = new WebSocket(url());
    socket = next;
    next.on('open', () => next.send(JSON.stringify({ type: 'auth', token })));
    next.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; message?: { id: string; body: string | null } };
      if (message.type === 'auth.ok') void catchUp().catch(() => undefined);
      if (message.type === 'support.message' && message.message) note(message.message);
    });
    next.on('error', () => undefined);
    next.on('close', () => {
      reconnects += 1;
      setTimeout(connect, 300);
    });
  };
  connect();
  return {
    seen,
    reconnects: () => reconnects,
    stop() {
      stopped = true;
      socket?.close();
    },
  };
}

describe('support chat across a server restart', () => {
  let setup: TestContext;
  let server: ApiProcess | undefined;
  beforeAll(async () => {
    setup = await createTestContext();
    server = await startApiProcess(setup.databaseUrl);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await setup.close();
  });

  it('keeps the history and the client reconnects and continues', async () => {
    // The restarted process listens on another port (the test harness picks one); the client follows
    // the address as a browser follows the site behind its proxy.
    const base = () => server!.baseUrl;
    const member = await memberSession(setup);
    const operator = await operatorSession(setup);
    const reply = (body: string) =>
      fetch(`${base()}/api/backoffice/support/conversations/${id}/messages`, { method: 'POST', headers: { ...operator.headers, 'content-type': 'application/json' }, body: JSON.stringify({ clientId: randomUUID(), body }) });
    const first = (await send(setup, member.headers, "antes do reinício")).json() as { conversation: { id: string } };
    const id = first.conversation.id;
    const client = reconnectingMember(() => `${base().replace('http', 'ws')}/ws`, member.token, base);
    await waitUntil(() => client.seen.size >= 1);
    expect((await reply('resposta 1')).status).toBe(200);
    await waitUntil(() => [...client.seen.values()].includes('resposta 1'));

    await server!.stop();
    // Written while the server is down (another process): stored, announced to nobody.
    await setup.app.inject({ method: 'POST', url: `/api/backoffice/support/conversations/${id}/messages`, headers: operator.headers, payload: { clientId: randomUUID(), body: 'durante a queda' } });
    server = await startApiProcess(setup.databaseUrl);
    await waitUntil(() => [...client.seen.values()].includes('durante a queda'), 20_000);
    expect((await reply('resposta 2')).status).toBe(200);
    await waitUntil(() => [...client.seen.values()].includes('resposta 2'));
    expect(client.reconnects()).toBeGreaterThanOrEqual(1);
    const history = (await (await fetch(`${base()}/api/support/chat`, { headers: member.headers })).json()) as { messages: { body: string }[] };
    expect(history.messages.map((m) => m.body)).toEqual(['antes do reinício', 'resposta 1', 'durante a queda', 'resposta 2']);
    client.stop();
  }, 120_000);
});

async function waitUntil(check: () => boolean, timeoutMs = 10_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(50)) if (check()) return;
  throw new Error('condition not met in time');
}
