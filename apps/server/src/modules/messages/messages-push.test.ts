import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bearer, loginAs, newOperatorSession, newPlayer } from '../../../test/builders.ts';
import { api, payingMember } from '../../../test/payments-fixture.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/**
 * The unread count over /ws on a listening server: a member's own message, a broadcast (one bus
 * event, the process pushing to its connected recipients only), and a system message from the
 * payments bus event (withdrawal paid), once however often the event is heard.
 */
let ctx: TestContext;
let url: string;
let operator: string;
beforeAll(async () => {
  ctx = await createTestContext();
  operator = await newOperatorSession(ctx.core, ctx.app, 'content');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
}, 60_000);
afterAll(() => ctx.close());

/** A socket bound to the member, and the unread counts it hears. */
async function listen(token: string): Promise<{ counts: number[]; close: () => void }> {
  const socket = new WebSocket(url);
  const counts: number[] = [];
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString()) as { type: string; unread?: number };
      if (message.type === 'hello') socket.send(JSON.stringify({ type: 'auth', token }));
      else if (message.type === 'auth.ok') resolve();
      else if (message.type === 'messages.unread') counts.push(message.unread!);
    });
    socket.once('error', reject);
  });
  return { counts, close: () => socket.close() };
}

const eventually = async (check: () => void | Promise<void>) => {
  const until = Date.now() + 5000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
};

describe('unread pushes over /ws', () => {
  it("pushes a member's count when a message arrives and is read; a broadcast reaches its connected recipients only", async () => {
    const [member, outsider] = await Promise.all([newPlayer(ctx.core), newPlayer(ctx.core)]);
    const token = await loginAs(ctx.app, member);
    const mine = await listen(token);
    const theirs = await listen(await loginAs(ctx.app, outsider));
    await ctx.core.modules.messages.api.sendToMember(ctx.core.db, { memberId: member.id, kind: 'operator', title: 'Oi', bodyHtml: '<p>Oi</p>', sourceKey: 'push-1' });
    await eventually(() => expect(mine.counts).toEqual([1]));

    const sent = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/messages', headers: bearer(operator), payload: { requestId: randomUUID(), title: 'Todos', bodyHtml: '<p>Oi</p>', audience: { kind: 'accounts', accounts: [member.account] } } });
    expect(sent.statusCode, sent.body).toBe(200);
    await eventually(() => expect(mine.counts).toEqual([1, 2]));

    const id = (await ctx.app.inject({ method: 'GET', url: '/api/messages', headers: bearer(token) })).json().messages[0].id as string;
    await ctx.app.inject({ method: 'POST', url: `/api/messages/${id}/read`, headers: bearer(token) });
    await eventually(() => expect(mine.counts).toEqual([1, 2, 1]));
    expect(theirs.counts).toEqual([]);
    mine.close();
    theirs.close();
  });

  it('writes one withdrawal-paid system message from the payments event, however often it is heard', async () => {
    const member = await newPlayer(ctx.core);
    const event = { type: 'payments.withdrawal_changed', audience: { kind: 'member' as const, memberId: member.id.toString() }, data: { id: '4242', status: 'paid' } };
    await ctx.core.bus.publish(ctx.core.db, event);
    await ctx.core.bus.publish(ctx.core.db, event);
    await ctx.core.bus.publish(ctx.core.db, { ...event, data: { id: '4243', status: 'approved' } });
    await eventually(async () => {
      const { rows } = await sql<{ template: string; params: { id: string } }>`select template, params from messages_item where member_id = ${member.id}`.execute(ctx.core.db);
      expect(rows).toEqual([{ template: 'withdrawal_paid', params: { id: '4242' } }]);
    });
  });

  it("sends deposit-credited in the credit's transaction (payments' hook), once per deposit", async () => {
    const member = await payingMember(ctx);
    const created = await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '25.00', requestId: randomUUID() });
    expect(created.statusCode, created.body).toBe(201);
    const { txid, amount } = await ctx.core.db.selectFrom('payments_deposit').select(['txid', 'amount']).where('id', '=', BigInt(created.json().id as string)).executeTakeFirstOrThrow();
    const paid = { txid, amount, endToEndId: `E${randomBytes(15).toString('hex')}`, paidAt: new Date() };
    expect(await ctx.core.modules.payments.api.deposits.settlePaid(paid)).toBe('credited');
    await ctx.core.modules.payments.api.deposits.settlePaid(paid);
    const inbox = (await api(ctx, 'GET', '/api/messages', member.token)).json();
    expect(inbox.messages).toEqual([expect.objectContaining({ kind: 'system', template: 'deposit_credited', params: { amount: '25.00' } })]);
  });
});
