import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bearer, loginAs, newMember, newOperator } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

function collect(socket: WebSocket) {
  const messages: { type: string }[] = [];
  const waiters: { type: string; resolve: (message: { type: string }) => void }[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as { type: string };
    messages.push(message);
    const index = waiters.findIndex((waiter) => waiter.type === message.type);
    if (index >= 0) waiters.splice(index, 1)[0]?.resolve(message);
  });
  return {
    next(type: string, timeoutMs = 5000) {
      const seen = messages.find((message) => message.type === type);
      if (seen) return Promise.resolve(seen);
      return new Promise<{ type: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ type, resolve: (message) => (clearTimeout(timer), resolve(message)) });
      });
    },
  };
}

describe('/ws', () => {
  let api: TestContext;
  let otherProcess: TestContext;
  let url: string;
  beforeAll(async () => {
    api = await createTestContext();
    otherProcess = await createTestContext({ databaseUrl: api.databaseUrl });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const address = api.app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
  });
  afterAll(async () => {
    await otherProcess.close();
    await api.close();
  });

  it('greets a client and pushes a settings change made by another process', async () => {
    const socket = new WebSocket(url);
    const inbox = collect(socket);
    await inbox.next('hello');
    await otherProcess.core.modules.system.api.updateSetting('maintenance', { enabled: true, message: null }, 'test');
    await inbox.next('system.settings_changed');
    socket.close();
  });

  it('ignores whatever a client sends, including garbage', async () => {
    const socket = new WebSocket(url);
    const inbox = collect(socket);
    await inbox.next('hello');
    socket.send('{"type":"__proto__","x":');
    socket.send(Buffer.alloc(1000, 0xff));
    const health = await api.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });
  it('unbinds a member socket whose session another process ended (password change, logout), and keeps the others', async () => {
    await api.core.modules.system.api.updateSetting('maintenance', { enabled: false, message: null }, 'test');
    const member = await newMember(api.core);
    const [kept, changedAway, loggedOut] = [await loginAs(api.app, member), await loginAs(api.app, member), await loginAs(api.app, member)];
    const sockets = [new WebSocket(url), new WebSocket(url), new WebSocket(url)];
    const [keptInbox, changedInbox, loggedOutInbox] = sockets.map(collect);
    await Promise.all([keptInbox, changedInbox, loggedOutInbox].map((inbox) => inbox!.next('hello')));
    [kept, changedAway, loggedOut].forEach((token, index) => sockets[index]!.send(JSON.stringify({ type: 'auth', token })));
    await Promise.all([keptInbox, changedInbox, loggedOutInbox].map((inbox) => inbox!.next('auth.ok')));

    // The other process logs one session out, then changes the password from the kept one (which ends the rest).
    const logout = await otherProcess.app.inject({ method: 'DELETE', url: '/api/session', headers: bearer(loggedOut) });
    expect(logout.statusCode).toBeLessThan(300);
    await loggedOutInbox!.next('auth.failed');
    const newPassword = `Pw-${member.password}-novo`;
    const changed = await otherProcess.app.inject({ method: 'PUT', url: '/api/member/password', headers: bearer(kept), payload: { currentPassword: member.password, newPassword } });
    expect(changed.statusCode, changed.body).toBe(204);
    await changedInbox!.next('auth.failed');

    const memberId = (await api.core.modules.accounts.api.authenticate(kept))!.id.toString();
    await otherProcess.core.bus.publish(otherProcess.core.db, { type: 'test.private', audience: { kind: 'member', memberId } });
    await keptInbox!.next('test.private');
    await expect(changedInbox!.next('test.private', 300)).rejects.toThrow();
    await expect(loggedOutInbox!.next('test.private', 300)).rejects.toThrow();
    await expect(keptInbox!.next('auth.failed', 300)).rejects.toThrow();
    for (const socket of sockets) socket.close();
  });

  it('delivers operator audiences by permission and by operator, and refuses a bad operator token', async () => {
    const [support, finance] = await Promise.all([newOperator(api.core, api.app, 'support'), newOperator(api.core, api.app, 'finance')]);
    const sockets = [new WebSocket(url), new WebSocket(url), new WebSocket(url)];
    const [supportInbox, financeInbox, badInbox] = sockets.map(collect);
    await Promise.all([supportInbox, financeInbox, badInbox].map((inbox) => inbox!.next('hello')));
    sockets[0]!.send(JSON.stringify({ type: 'operator.auth', token: support.token }));
    sockets[1]!.send(JSON.stringify({ type: 'operator.auth', token: finance.token }));
    sockets[2]!.send(JSON.stringify({ type: 'operator.auth', token: 'nope' }));
    await Promise.all([supportInbox!.next('operator.auth.ok'), financeInbox!.next('operator.auth.ok'), badInbox!.next('operator.auth.failed')]);
    await otherProcess.core.bus.publish(otherProcess.core.db, { type: 'test.queue', audience: { kind: 'operators', permission: 'support.chat' } });
    await otherProcess.core.bus.publish(otherProcess.core.db, { type: 'test.finance_only', audience: { kind: 'operator', operatorId: finance.id.toString() } });
    await supportInbox!.next('test.queue');
    await financeInbox!.next('test.finance_only');
    await expect(financeInbox!.next('test.queue', 300)).rejects.toThrow();
    await expect(supportInbox!.next('test.finance_only', 300)).rejects.toThrow();
    for (const socket of sockets) socket.close();
  });
});
