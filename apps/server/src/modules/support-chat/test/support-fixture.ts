import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { answeredCaptcha, bearer, loginAs, newMember, newOperator, randomClientIp } from '../../../../test/builders.ts';
import type { TestContext } from '../../../../test/test-context.ts';

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
export const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

export async function memberSession(api: TestContext) {
  const member = await newMember(api.core);
  const token = await loginAs(api.app, member);
  return { member, token, headers: bearer(token) };
}

export async function operatorSession(api: TestContext) {
  const operator = await newOperator(api.core, api.app, 'support');
  return { ...operator, headers: bearer(operator.token) };
}

export async function visitorSession(api: TestContext, name = 'Ana') {
  const response = await api.app.inject({ method: 'POST', url: '/api/support/visitors', payload: { captcha: await answeredCaptcha(api.app), name }, remoteAddress: randomClientIp() });
  if (response.statusCode !== 201) throw new Error(`visitor: ${response.body}`);
  const token = response.json().token as string;
  return { token, headers: { 'x-support-visitor': token } };
}

export function send(api: TestContext, headers: Record<string, string>, body: string, clientId: string = randomUUID()) {
  return api.app.inject({ method: 'POST', url: '/api/support/messages', headers, payload: { clientId, body } });
}

/** A /ws client collecting messages, with a wait for the first of a type (optionally matching). */
export function socketOf(url: string) {
  const socket = new WebSocket(url);
  const messages: Record<string, unknown>[] = [];
  const waiters: { match: (message: Record<string, unknown>) => boolean; resolve: (message: Record<string, unknown>) => void }[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as Record<string, unknown>;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (!waiter.match(message)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    messages,
    opened,
    send: (message: unknown) => socket.send(JSON.stringify(message)),
    next(type: string, match: (message: Record<string, unknown>) => boolean = () => true, timeoutMs = 8000) {
      const seen = messages.find((message) => message.type === type && match(message));
      if (seen) return Promise.resolve(seen);
      return new Promise<Record<string, unknown>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms; got ${messages.map((m) => m.type).join(',')}`)), timeoutMs);
        waiters.push({ match: (message) => message.type === type && match(message), resolve: (message) => (clearTimeout(timer), resolve(message)) });
      });
    },
    close: () => socket.close(),
  };
}

export function wsUrl(api: TestContext) {
  const address = api.app.server.address();
  return `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
}
