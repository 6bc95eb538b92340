import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_MAX_TOPICS_PER_CONNECTION } from '@app/contracts';
import { bearer, loginAs, newPlayer } from '../../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import type { FeedMessage } from '../index.ts';
import { feedClock } from '../sportsbook-test-fixtures.ts';
import { packTopic } from './publisher.ts';

/**
 * The live push through the whole app on a real PostgreSQL: feed messages applied, their changes
 * published through the event bus (LISTEN/NOTIFY) after the commit, and /ws clients receiving what
 * their topics carry — and nothing else.
 */
let ctx: TestContext;
let wsUrl: string;
const { start: T0, tick } = feedClock();
let eventCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/ws`;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const apply = (message: Record<string, unknown>) => ctx.core.modules.sportsbook.api.applyFeedMessage({ producer: 'testfeed', ...message } as FeedMessage);
const market1x2 = (home: number) => ({ type: '1x2', status: 'active', outcomes: [{ id: 'home', odds: home }, { id: 'draw', odds: 3400 }, { id: 'away', odds: 3600 }] });
const totals = (over: number) => ({ type: 'totals', specifiers: { total: '2.5' }, status: 'active', outcomes: [{ id: 'over', odds: over }, { id: 'under', odds: 1850 }] });

async function newEvent(): Promise<string> {
  eventCounter += 1;
  const id = `push:match:${eventCounter}:${randomUUID().slice(0, 8)}`;
  await apply({
    kind: 'fixture_change',
    eventId: id,
    timestamp: tick(id),
    sport: { id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football' },
    category: { id: 'push:football:brazil', namePt: 'Brasil', nameEn: 'Brazil', countryCode: 'BR' },
    tournament: { id: 'push:football:serie-a', namePt: 'Série A', nameEn: 'Série A' },
    home: 'Flamengo',
    away: 'Palmeiras',
    startAt: T0 + 3_600_000,
  });
  await apply({ kind: 'odds_change', eventId: id, timestamp: tick(id), markets: [market1x2(2100), totals(1950)] });
  return id;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- messages are read field by field in assertions */
interface Client {
  socket: WebSocket;
  messages: any[];
  send(message: unknown): void;
  waitFor(predicate: (message: any) => boolean, timeoutMs?: number): Promise<any>;
  close(): void;
}

async function client(): Promise<Client> {
  const socket = new WebSocket(wsUrl);
  const messages: any[] = [];
  const waiters = new Set<{ predicate: (message: any) => boolean; resolve: (message: any) => void }>();
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString());
    messages.push(message);
    for (const waiter of waiters) {
      if (!waiter.predicate(message)) continue;
      waiters.delete(waiter);
      waiter.resolve(message);
    }
  });
  const self: Client = {
    socket,
    messages,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    waitFor(predicate, timeoutMs = 10_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { predicate, resolve };
        waiters.add(waiter);
        setTimeout(() => (waiters.delete(waiter) ? reject(new Error(`no matching message in ${timeoutMs} ms: ${JSON.stringify(messages.slice(-3))}`)) : undefined), timeoutMs);
      });
    },
    close: () => socket.close(),
  };
  await self.waitFor((message) => message.type === 'hello');
  return self;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** A subscription is taken once the server has read it: a ping after it comes back after it. */
async function settled(c: Client): Promise<void> {
  const pong = once(c.socket, 'pong');
  c.socket.ping();
  await pong;
}

/** The setup's own changes published and delivered, so what follows is the test's alone. */
async function quiet(): Promise<void> {
  await ctx.core.modules.sportsbook.api.flushPush();
  await sleep(150);
}

describe('sportsbook live push over /ws', () => {
  it('a subscriber of the event gets its odds change (all markets); the live list only the main market; others nothing', async () => {
    const eventId = await newEvent();
    const [watcher, lister, stranger, otherEvent] = await Promise.all([client(), client(), client(), client()]);
    watcher.send({ type: 'subscribe', topic: `sportsbook.event:${eventId}` });
    lister.send({ type: 'subscribe', topic: 'sportsbook.live' });
    otherEvent.send({ type: 'subscribe', topic: `sportsbook.event:${await newEvent()}` });
    await Promise.all([watcher, lister, stranger, otherEvent].map(settled));
    await quiet();

    const before = Date.now();
    const seenBefore = { watcher: watcher.messages.length, lister: lister.messages.length };
    await apply({ kind: 'odds_change', eventId, timestamp: tick(eventId), event: { status: 'live', homeScore: 1, awayScore: 0, clockSeconds: 600 }, markets: [market1x2(1700), totals(2050)] });
    const pushed = await watcher.waitFor((message) => watcher.messages.indexOf(message) >= seenBefore.watcher && message.type === 'sportsbook.changes' && message.events.some((change: { eventId: string }) => change.eventId === eventId));
    const change = pushed.events.find((each: { eventId: string }) => each.eventId === eventId);
    expect(pushed.topic).toBe(`sportsbook.event:${eventId}`);
    expect(change.committedAt).toBeGreaterThanOrEqual(before);
    expect(change.state).toEqual({ status: 'live', homeScore: 1, awayScore: 0, period: null, clockSeconds: 600 });
    expect(change.markets).toEqual([
      { marketKey: '1x2', type: '1x2', status: 'active', oddsVersion: '2', outcomes: [{ id: 'home', odds: '1.700', active: true }, { id: 'draw', odds: '3.400', active: true }, { id: 'away', odds: '3.600', active: true }] },
      { marketKey: 'totals?total=2.5', type: 'totals', status: 'active', oddsVersion: '2', outcomes: [{ id: 'over', odds: '2.050', active: true }, { id: 'under', odds: '1.850', active: true }] },
    ]);
    const listed = await lister.waitFor((message) => lister.messages.indexOf(message) >= seenBefore.lister && message.type === 'sportsbook.changes' && message.events.some((each: { eventId: string }) => each.eventId === eventId));
    expect(listed.topic).toBe('sportsbook.live');
    expect(listed.events.find((each: { eventId: string }) => each.eventId === eventId).markets.map((market: { marketKey: string }) => market.marketKey)).toEqual(['1x2']);

    // A bet stop: status-only changes (no outcomes), versions up.
    await apply({ kind: 'bet_stop', eventId, timestamp: tick(eventId) });
    const stopped = await watcher.waitFor((message) => message.type === 'sportsbook.changes' && message.events.some((each: { markets: Array<{ status: string }> }) => each.markets.some((market) => market.status === 'suspended')));
    expect(stopped.events[0].markets).toEqual([
      { marketKey: '1x2', type: '1x2', status: 'suspended', oddsVersion: '3' },
      { marketKey: 'totals?total=2.5', type: 'totals', status: 'suspended', oddsVersion: '3' },
    ]);

    await sleep(200);
    const aboutEvent = (c: Client) => c.messages.filter((message) => message.type === 'sportsbook.changes' && message.events.some((each: { eventId: string }) => each.eventId === eventId));
    expect(aboutEvent(stranger)).toEqual([]);
    expect(aboutEvent(otherEvent)).toEqual([]);

    // Unsubscribed: the next change does not arrive.
    watcher.send({ type: 'unsubscribe', topic: `sportsbook.event:${eventId}` });
    await settled(watcher);
    const seen = aboutEvent(watcher).length;
    await apply({ kind: 'odds_change', eventId, timestamp: tick(eventId), markets: [market1x2(1650)] });
    await lister.waitFor((message) => message.type === 'sportsbook.changes' && message.events.some((each: { markets: Array<{ oddsVersion: string }> }) => each.markets.some((market) => market.oddsVersion === '4')));
    await sleep(150);
    expect(aboutEvent(watcher)).toHaveLength(seen);
    for (const c of [watcher, lister, stranger, otherEvent]) c.close();
  });

  it('refuses hostile or unknown topics and more than the bound per connection, without dropping the connection', async () => {
    const c = await client();
    const hostile = ['sportsbook.event:', `sportsbook.event:${'x'.repeat(500)}`, 'sportsbook.event:../../etc/passwd', 'sportsbook.event:a b', 'sportsbook.live ', 'wallet', '__proto__', 'crash\u0000'];
    for (const topic of hostile) c.send({ type: 'subscribe', topic });
    c.send({ type: 'subscribe', topic: 42 });
    c.send({ type: 'subscribe' });
    c.send('not json');
    await settled(c);
    const refused = c.messages.filter((message) => message.type === 'subscribe.refused');
    expect(refused.map((message) => message.reason)).toEqual(hostile.map(() => 'invalid_topic'));
    expect(refused.every((message) => typeof message.topic === 'string' && message.topic.length <= 200)).toBe(true);

    for (let i = 0; i < WS_MAX_TOPICS_PER_CONNECTION + 3; i += 1) c.send({ type: 'subscribe', topic: `sportsbook.event:many:${i}` });
    await settled(c);
    const tooMany = c.messages.filter((message) => message.type === 'subscribe.refused' && message.reason === 'too_many_topics');
    expect(tooMany.map((message) => message.topic)).toEqual([0, 1, 2].map((i) => `sportsbook.event:many:${WS_MAX_TOPICS_PER_CONNECTION + i}`));

    // Still served: after freeing one topic, a real event's change arrives.
    const eventId = await newEvent();
    await quiet();
    c.send({ type: 'unsubscribe', topic: 'sportsbook.event:many:0' });
    c.send({ type: 'subscribe', topic: `sportsbook.event:${eventId}` });
    await settled(c);
    await apply({ kind: 'odds_change', eventId, timestamp: tick(eventId), markets: [market1x2(1900)] });
    await c.waitFor((message) => message.type === 'sportsbook.changes' && message.topic === `sportsbook.event:${eventId}`);
    c.close();
  });

  it("tells a ticket's owner when the odds under an open ticket move (a fresh cash-out quote)", async () => {
    const member = await newPlayer(ctx.core, { balance: 100_00n });
    const token = await loginAs(ctx.app, member);
    const eventId = await newEvent();
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/sportsbook/tickets',
      headers: bearer(token),
      payload: { requestId: randomUUID(), betType: { kind: 'single' }, stakeMode: 'unit', stake: '10.00', oddsPolicy: 'none', legs: [{ eventId, marketKey: '1x2', outcomeId: 'home', odds: 2100 }] },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const ticketId = placed.json().id as string;
    const [owner, someoneElse] = await Promise.all([client(), client()]);
    owner.send({ type: 'auth', token });
    someoneElse.send({ type: 'auth', token: await loginAs(ctx.app, await newPlayer(ctx.core, { balance: 0n })) });
    await Promise.all([owner.waitFor((message) => message.type === 'auth.ok'), someoneElse.waitFor((message) => message.type === 'auth.ok')]);

    await apply({ kind: 'odds_change', eventId, timestamp: tick(eventId), markets: [market1x2(1500)] });
    await ctx.core.modules.sportsbook.api.flushPush();
    const offer = await owner.waitFor((message) => message.type === 'sportsbook.cashout_changed');
    expect(offer.ticketIds).toEqual([ticketId]);
    expect(offer.offers).toEqual([expect.objectContaining({ ticketId, available: true, price: '13.30' })]);
    await sleep(100);
    expect(someoneElse.messages.filter((message) => message.type === 'sportsbook.cashout_changed')).toEqual([]);
    owner.close();
    someoneElse.close();
  });
});

describe('packing a topic into NOTIFY-sized messages', () => {
  it('splits an event with hundreds of markets into pieces under the bus limit, the state in the first', () => {
    const markets = Array.from({ length: 400 }, (_, i) => ({ marketKey: `correct_score?x=${i}`, type: 'correct_score', status: 'active' as const, oddsVersion: '7', outcomes: [{ id: `${i}:0`, odds: '12.500', active: true }] }));
    const state = { status: 'live' as const, homeScore: 2, awayScore: 1, period: '2H', clockSeconds: 4000 };
    const messages = packTopic('sportsbook.event:big', [{ eventId: 'big', committedAt: 1, state, markets }, { eventId: 'small', committedAt: 2, markets: markets.slice(0, 1) }], 3);
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) expect(Buffer.byteLength(JSON.stringify(message))).toBeLessThan(7_900);
    const pieces = messages.flatMap((message) => (message.data as { events: Array<{ eventId: string; state?: unknown; markets: unknown[] }> }).events);
    expect(pieces.filter((piece) => piece.eventId === 'big').reduce((sum, piece) => sum + piece.markets.length, 0)).toBe(400);
    expect(pieces.filter((piece) => piece.state !== undefined)).toHaveLength(1);
    expect(pieces.find((piece) => piece.eventId === 'big')!.state).toEqual(state);
  });
});
