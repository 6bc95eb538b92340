import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dice, limbo, payout, plinko } from '@app/house-games';
import { parseCents } from '@app/kernel';
import { bearer, loginAs, newPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { verifyRound } from './index.ts';

/** Mini games (dados, limbo, plinko) on the house game server: through HTTP, money through the provider API. */
describe('house mini games', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { HOUSE_MIN_SPIN_INTERVAL_MS: '0' } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    ctx.core.modules.houseGames.api.setProviderUrl(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`);
    await ctx.core.modules.houseGames.api.register();
  }, 60_000);
  afterAll(() => ctx?.close());

  async function player(balance = 100_00n) {
    const created = await newPlayer(ctx.core, { balance });
    return { ...created, token: await loginAs(ctx.app, created) };
  }
  const play = (token: string, game: string, body: object) => ctx.app.inject({ method: 'POST', url: `/api/house/mini/${game}/play`, headers: bearer(token), payload: { requestId: randomUUID(), ...body } });

  it('lists the mini games with the crash games and shows their tables', async () => {
    const games = await ctx.core.db.selectFrom('catalogue_game').select(['game_code', 'game_type', 'classify']).where('vendor_code', '=', 'HOUSE').where('classify', '=', 'mini').orderBy('game_code').execute();
    expect(games).toEqual([
      { game_code: 'dados', game_type: 'CRASH', classify: 'mini' },
      { game_code: 'limbo', game_type: 'CRASH', classify: 'mini' },
      { game_code: 'mines', game_type: 'CRASH', classify: 'mini' },
      { game_code: 'plinko', game_type: 'CRASH', classify: 'mini' },
    ]);
    const vendor = await ctx.core.db.selectFrom('catalogue_vendor').select('game_types').where('code', '=', 'HOUSE').executeTakeFirstOrThrow();
    expect(vendor.game_types).toEqual(expect.arrayContaining(['RNG', 'CRASH']));
    const p = await player();
    const table = (await ctx.app.inject({ method: 'GET', url: '/api/house/mini/plinko', headers: bearer(p.token) })).json();
    expect(table).toMatchObject({ gameCode: 'plinko', minBet: '0.10', maxBet: '1000.00', playable: true });
    expect(table.plinko).toHaveLength(9);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/house/mini/dados', headers: bearer(p.token) })).json().rtp).toBe(99);
  });

  it('plays each game: the win the engine computes, through the ledger, verifiable from the seeds', async () => {
    const p = await player();
    let expected = 100_00n;
    const cases = [
      { game: 'dados', params: { direction: 'over', target: '50.00' }, engine: dice },
      { game: 'limbo', params: { target: '1.50' }, engine: limbo },
      { game: 'plinko', params: { rows: 12, risk: 'medium' }, engine: plinko },
    ] as const;
    for (const { game, params, engine } of cases) {
      const response = await play(p.token, game, { amount: '2.00', params });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.round).toMatchObject({ kind: game, bet: '2.00', gameCode: game });
      expected = expected - 200n + parseCents(body.round.win)!;
      expect(body.balance).toBe(`${expected / 100n}.${(expected % 100n).toString().padStart(2, '0')}`);
      const rotated = (await ctx.app.inject({ method: 'POST', url: '/api/house/fairness/rotate', headers: bearer(p.token) })).json();
      const stored = (await ctx.app.inject({ method: 'GET', url: `/api/house/rounds/${body.round.id}`, headers: bearer(p.token) })).json();
      expect(stored.fairness.serverSeed).toBe(rotated.revealed.serverSeed);
      const verified = verifyRound(stored.fairness, (stream) => engine.play(engine.parse(params) as never, stream));
      expect(verified.valid).toBe(true);
      if (verified.valid) {
        expect(verified.outcome.outcome).toEqual(body.round.result);
        expect(payout(200n, verified.outcome.multiplier)).toBe(parseCents(body.round.win));
      }
    }
    expect(await ctx.core.modules.wallet.api.cashOf(p.id)).toBe(expected);
  });

  it('files a mini game in the betting record as a mini game, not as a crash game', async () => {
    const p = await player();
    expect((await play(p.token, 'limbo', { amount: '1.00', params: { target: '1.50' } })).statusCode).toBe(200);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const record = (await ctx.app.inject({ method: 'GET', url: `/api/member/betting-record?from=${day(-1)}&to=${day(1)}`, headers: bearer(p.token) })).json();
    expect(record.content[0]).toMatchObject({ vendor: 'HOUSE', gameCode: 'limbo', gameName: 'Limbo', gameType: 'CRASH', product: 'mini' });
  });

  it('refuses bad parameters and amounts with 4xx, a replayed request with 409, and never moves money for them', async () => {
    const p = await player(5_00n);
    const bad: Array<[string, object, number]> = [
      ['dados', { amount: '1.00', params: { direction: 'over', target: '99.00' } }, 400],
      ['dados', { amount: '1.00', params: { direction: 'up', target: '50' } }, 400],
      ['dados', { amount: '0.05', params: { direction: 'over', target: '50' } }, 400],
      ['limbo', { amount: '1.00', params: { target: '1.00' } }, 400],
      ['limbo', { amount: '1.00', params: { target: "2'; drop table house_round;--" } }, 400],
      ['plinko', { amount: '1.00', params: { rows: 9, risk: 'low' } }, 400],
      ['plinko', { amount: '1.00', params: {} }, 400],
      ['plinko', { amount: '1001.00', params: { rows: 8, risk: 'low' } }, 400],
      ['plinko', { amount: '1e3', params: { rows: 8, risk: 'low' } }, 400],
      ['nope', { amount: '1.00', params: {} }, 400],
    ];
    for (const [game, body, status] of bad) {
      const response = await play(p.token, game, body);
      expect(response.statusCode, `${game} ${JSON.stringify(body)}: ${response.body}`).toBe(status);
    }
    const tooMuch = await play(p.token, 'dados', { amount: '6.00', params: { direction: 'under', target: '50' } });
    expect(tooMuch.json().error.code).toBe('house.insufficient_funds');
    expect(await ctx.core.modules.wallet.api.cashOf(p.id)).toBe(5_00n);
    const requestId = randomUUID();
    const first = await play(p.token, 'limbo', { amount: '1.00', params: { target: '2' }, requestId });
    expect(first.statusCode).toBe(200);
    expect((await play(p.token, 'limbo', { amount: '1.00', params: { target: '2' }, requestId })).statusCode).toBe(409);
    expect(await ctx.core.modules.wallet.api.cashOf(p.id)).toBe(parseCents(first.json().balance));
    await ctx.core.modules.provider.api.flushRequestLog();
    expect((await ctx.core.modules.wallet.api.runLedgerCheck()).ok).toBe(true);
  });
});
