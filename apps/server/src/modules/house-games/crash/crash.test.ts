import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { crashPointFromDigest } from '@app/house-games';
import { formatCents } from '@app/kernel';
import { bearer, loginAs, newPlayer } from '../../../../test/builders.ts';
import { seedCrashChain, waitFor } from '../../../../test/crash-fixture.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';

/** The crash game through HTTP with an in-process leader; money through the provider API as HOUSE. */
describe('crash game', () => {
  let ctx: TestContext;
  let chain: Awaited<ReturnType<typeof seedCrashChain>>;
  let baseUrl: string;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { CRASH_BETTING_MS: '3000', CRASH_PAUSE_MS: '300', CRASH_TICK_MS: '50' } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    ctx.core.modules.houseGames.api.setProviderUrl(baseUrl);
    await ctx.core.modules.houseGames.api.register();
    // Round 0 crashes between 1.40× and 1.60×, round 1 between 1.20× and 1.50×.
    chain = await seedCrashChain(ctx.core.db, [
      [140n, 160n],
      [120n, 150n],
    ]);
    ctx.core.modules.houseGames.api.startCrashLeader();
  }, 60_000);
  afterAll(async () => {
    // The leader pays through this process's provider API: it stops before the HTTP server closes.
    await ctx?.core.modules.houseGames.api.stopCrashLeader();
    await ctx?.close();
  });

  const state = async () => (await ctx.app.inject({ method: 'GET', url: '/api/crash' })).json();
  const bet = (token: string, body: object) => ctx.app.inject({ method: 'POST', url: '/api/crash/bet', headers: bearer(token), payload: { requestId: randomUUID(), autoCashOut: null, ...body } });
  const cashOut = (token: string, betId: string) => ctx.app.inject({ method: 'POST', url: '/api/crash/cashout', headers: bearer(token), payload: { betId } });
  async function player(balance = 100_00n) {
    const created = await newPlayer(ctx.core, { balance });
    return { ...created, token: await loginAs(ctx.app, created) };
  }
  const roundIn = (phase: string, position: number) =>
    waitFor(async () => {
      const current = await ctx.core.db.selectFrom('crash_round').selectAll().where('position', '=', position).executeTakeFirst();
      return current?.phase === phase ? current : undefined;
    }, 30_000, `round ${position} ${phase}`);
  const cashOf = (id: bigint) => ctx.core.modules.wallet.api.cashOf(id);

  it('plays a round: bets, an automatic and a manual cash-out, a loss; every bet closed once through the ledger', async () => {
    const [auto, manual, stays] = await Promise.all([player(), player(), player()]);
    const round = await roundIn('betting', 0);
    const spectator = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`);
    const ticks: Array<{ multiplier: string }> = [];
    const unsubscribed = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`);
    let strayTicks = 0;
    spectator.on('message', (raw) => {
      const message = JSON.parse(raw.toString());
      if (message.type === 'hello') spectator.send(JSON.stringify({ type: 'subscribe', topic: 'crash' }));
      if (message.type === 'crash.tick') ticks.push(message);
    });
    unsubscribed.on('message', (raw) => {
      if (JSON.parse(raw.toString()).type === 'crash.tick') strayTicks += 1;
    });

    const autoBet = await bet(auto.token, { amount: '10.00', autoCashOut: '1.10' });
    expect(autoBet.statusCode, autoBet.body).toBe(200);
    expect(autoBet.json().bet).toMatchObject({ roundId: round.id.toString(), amount: '10.00', autoCashOut: '1.10', status: 'placed' });
    expect(autoBet.json().balance).toBe('90.00');
    const manualBet = (await bet(manual.token, { amount: '20.00' })).json();
    const staysBet = (await bet(stays.token, { amount: '5.00' })).json();
    expect((await state()).players.map((p: { amount: string }) => p.amount)).toEqual(['20.00', '10.00', '5.00']);
    expect((await cashOut(manual.token, manualBet.bet.id)).json().error.code).toBe('crash.not_running');

    await roundIn('running', 0);
    // Wait until the curve passes 1.15× (about 2.4 s in), then cash out by hand.
    await waitFor(async () => (ticks.at(-1) && Number(ticks.at(-1)!.multiplier) >= 1.15 ? true : undefined), 15_000, 'the multiplier to pass 1.15×');
    const cashed = await cashOut(manual.token, manualBet.bet.id);
    expect(cashed.statusCode, cashed.body).toBe(200);
    const cashedAt = BigInt(Math.round(Number(cashed.json().bet.cashOut) * 100));
    expect(cashedAt).toBeGreaterThanOrEqual(115n);
    expect(cashedAt).toBeLessThan(chain.points[0]!);
    expect((await cashOut(manual.token, manualBet.bet.id)).json().bet.cashOut, 'a repeated cash-out answers the same').toBe(cashed.json().bet.cashOut);

    const crashed = await roundIn('crashed', 0);
    expect(crashed.crash_point).toBe(chain.points[0]);
    expect((await cashOut(stays.token, staysBet.bet.id)).json().error.code).toBe('crash.too_late');
    await waitFor(async () => ((await ctx.core.db.selectFrom('crash_round').select('settled_at').where('id', '=', round.id).executeTakeFirst())?.settled_at ?? undefined), 10_000, 'settlement');

    expect(await cashOf(auto.id)).toBe(100_00n - 10_00n + 11_00n);
    expect(await cashOf(manual.id)).toBe(100_00n - 20_00n + (20_00n * cashedAt) / 100n);
    expect(await cashOf(stays.id)).toBe(100_00n - 5_00n);
    const bets = await ctx.core.db.selectFrom('crash_bet').select(['id', 'status', 'closed_at']).where('round_id', '=', round.id).orderBy('id').execute();
    expect(bets.map((b) => b.status)).toEqual(['cashed', 'cashed', 'lost']);
    for (const b of bets) {
      const calls = await ctx.core.db.selectFrom('provider_transaction').select('action').where('vendor_code', '=', 'HOUSE').where('transaction_id', 'like', `crash-${b.id}-%`).orderBy('action').execute();
      expect(calls.map((c) => c.action)).toEqual(['bet', 'win']);
    }
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/crash/me', headers: bearer(auto.token) })).json();
    expect(me.recent[0]).toMatchObject({ status: 'cashed', cashOut: '1.10', win: '11.00' });
    // The betting record shows the crash round like any vendor's.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const record = (await ctx.app.inject({ method: 'GET', url: `/api/member/betting-record?from=${day(-1)}&to=${day(1)}`, headers: bearer(auto.token) })).json();
    expect(JSON.stringify(record)).toContain(`crash-${round.id}`);

    expect(ticks.length).toBeGreaterThan(10);
    expect(strayTicks, 'ticks only reach subscribed connections').toBe(0);
    spectator.close();
    unsubscribed.close();
  }, 60_000);

  it('publishes what verifies each finished round: the hash chain and the salt give the crash point', async () => {
    await roundIn('crashed', 0);
    const live = await roundIn('betting', 1);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/crash/rounds/${live.id}` })).json().error.code, 'a live round keeps its hash').toBe('crash.round_not_found');
    const first = await ctx.core.db.selectFrom('crash_round').select('id').where('position', '=', 0).executeTakeFirstOrThrow();
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/crash/rounds/${first.id}` })).json();
    expect(detail).toMatchObject({ position: 0, previousHash: null, salt: chain.salt, terminatingHash: chain.terminatingHash, hash: chain.hashes[0] });
    expect(createHash('sha256').update(detail.hash).digest('hex')).toBe(chain.terminatingHash);
    expect(formatCents(crashPointFromDigest(createHmac('sha256', detail.hash).update(detail.salt).digest()))).toBe(detail.crashPoint);
    const view = await state();
    expect(view.history[0]).toEqual({ id: first.id.toString(), crashPoint: detail.crashPoint, hash: detail.hash });
    expect(view.chain).toEqual({ terminatingHash: chain.terminatingHash, salt: chain.salt });
    expect(view.round).toMatchObject({ id: live.id.toString(), phase: 'betting', crashPoint: null, hash: null });
  }, 60_000);

  it('refuses bad bets and cash-outs with clear errors and changes nothing', async () => {
    const p = await player(50_00n);
    const other = await player();
    await roundIn('betting', 1);
    for (const [body, field] of [
      [{ amount: '0.01' }, 'amount'],
      [{ amount: '1000.01' }, 'amount'],
      [{ amount: '1.00', autoCashOut: '1.00' }, 'autoCashOut'],
      [{ amount: '1.00', autoCashOut: '1000.01' }, 'autoCashOut'],
    ] as const) {
      const refused = await bet(p.token, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'house.bet_invalid', details: { field } });
    }
    for (const body of [{ amount: 'abc' }, { amount: '1.00', autoCashOut: '<script>' }, { amount: '1.00', requestId: 'x' }, { amount: '9'.repeat(5000) }]) {
      const refused = await bet(p.token, body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await bet(p.token, { amount: '60.00' })).json().error.code).toBe('house.insufficient_funds');
    const requestId = randomUUID();
    const placed = await bet(p.token, { amount: '2.00', autoCashOut: '3', requestId });
    expect(placed.json().bet, placed.body).toMatchObject({ status: 'placed', autoCashOut: '3.00' });
    const replay = await bet(p.token, { amount: '2.00', autoCashOut: '3', requestId });
    expect(replay.json().bet.id, 'a replayed request answers the same bet').toBe(placed.json().bet.id);
    expect((await bet(p.token, { amount: '2.00' })).json().error.code).toBe('crash.already_in_round');
    expect((await cashOut(other.token, placed.json().bet.id)).json().error.code, 'another member’s bet').toBe('crash.bet_not_found');
    expect(await cashOf(p.id)).toBe(48_00n);

    await roundIn('running', 1);
    expect((await bet(other.token, { amount: '1.00' })).json().error.code).toBe('crash.betting_closed');
    expect(await cashOf(other.id)).toBe(100_00n);
    await roundIn('crashed', 1);
    // Round 1 crashes below 1.50×: the 3.00× target never paid.
    expect((await cashOut(p.token, placed.json().bet.id)).json().error.code).toBe('crash.too_late');
    expect(await cashOf(p.id)).toBe(48_00n);
  }, 60_000);
});
