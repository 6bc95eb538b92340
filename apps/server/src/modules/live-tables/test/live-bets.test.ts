import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import { findTable } from '../tables/tables.repository.ts';
import { bet, livePlayer, LIVE_TEST_ENV, type LivePlayer } from './live-fixture.ts';

/** Bets without a leader: the rounds opened by hand, so each check sees the window it wants. */
describe('live tables: bets', () => {
  let ctx: TestContext;
  let player: LivePlayer;
  let roulette: string;
  let baccarat: string;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { ...LIVE_TEST_ENV, LIVE_BETTING_MS: '60000' } });
    const { cycle } = ctx.core.modules.liveTables.api;
    roulette = (await cycle.open((await findTable(ctx.core.db, 'roleta-copacabana'))!)).id.toString();
    baccarat = (await cycle.open((await findTable(ctx.core.db, 'bacara-rio'))!)).id.toString();
    player = await livePlayer(ctx, 50_000_00n);
  }, 60_000);
  afterAll(async () => ctx?.close());

  const refused = async (code: string, body: Parameters<typeof bet>[3], status: number, errorCode: string) => {
    const response = await bet(ctx, player, code, body);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.code).toBe(errorCode);
  };

  it('refuses invalid spots, amounts outside the limits, indivisible neighbours and oversized rounds', async () => {
    await refused('roleta-copacabana', { roundId: roulette, chips: [{ spot: 'straight:37', amount: '1.00' }] }, 400, 'live.invalid_spot');
    await refused('roleta-copacabana', { roundId: roulette, chips: [{ spot: 'split:1-5', amount: '1.00' }] }, 400, 'live.invalid_spot');
    await refused('roleta-copacabana', { roundId: roulette, chips: [{ spot: 'player', amount: '1.00' }] }, 400, 'live.invalid_spot');
    await refused('bacara-rio', { roundId: baccarat, chips: [{ spot: 'red', amount: '1.00' }] }, 400, 'live.invalid_spot');
    await refused('roleta-copacabana', { roundId: roulette, chips: [{ spot: 'red', amount: '0.50' }] }, 400, 'live.bet_below_min');
    await refused('roleta-copacabana', { roundId: roulette, chips: [{ spot: 'straight:5', amount: '200.00' }, { spot: 'straight:5', amount: '100.00' }] }, 400, 'live.bet_above_max');
    await refused('roleta-copacabana', { roundId: roulette, chips: [{ spot: 'neighbours:3', amount: '5.03' }] }, 400, 'live.neighbours_indivisible');
    await refused('roleta-copacabana', { roundId: roulette, chips: [{ spot: 'red', amount: '5000.00' }, { spot: 'black', amount: '5000.00' }, { spot: 'odd', amount: '5000.00' }, { spot: 'even', amount: '5000.00' }, { spot: 'low', amount: '1.00' }] }, 400, 'live.round_max_exceeded');
    await refused('roleta-copacabana', { roundId: baccarat, chips: [{ spot: 'red', amount: '1.00' }] }, 404, 'live.round_not_found');
    await refused('roleta-copacabana', { roundId: '999999', chips: [{ spot: 'red', amount: '1.00' }] }, 404, 'live.round_not_found');
    // What the member already has on the spot counts toward its maximum.
    expect((await bet(ctx, player, 'roleta-copacabana', { roundId: roulette, chips: [{ spot: 'straight:9', amount: '200.00' }] })).statusCode).toBe(200);
    await refused('roleta-copacabana', { roundId: roulette, chips: [{ spot: 'straight:9', amount: '60.00' }] }, 400, 'live.bet_above_max');
    expect(await ctx.core.modules.wallet.api.cashOf(player.id)).toBe(50_000_00n - 200_00n);
  });

  it('answers a replayed requestId with the same bet, and refuses the same requestId with other chips', async () => {
    const requestId = randomUUID();
    const body = { roundId: baccarat, requestId, chips: [{ spot: 'player', amount: '10.00' }] };
    const [first, replay] = [await bet(ctx, player, 'bacara-rio', body), await bet(ctx, player, 'bacara-rio', body)];
    expect(first.statusCode, first.body).toBe(200);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().bet.id).toBe(first.json().bet.id);
    await refused('bacara-rio', { ...body, chips: [{ spot: 'player', amount: '11.00' }] }, 409, 'live.request_conflict');
    const together = await Promise.all([0, 1, 2].map(() => bet(ctx, player, 'bacara-rio', { ...body, requestId: `${requestId}-x` })));
    // Sent at once: the batch takes the first, the others answer it (a replay) or, still in flight, a conflict.
    for (const response of together) expect([200, 409], response.body).toContain(response.statusCode);
    expect(new Set(together.filter((r) => r.statusCode === 200).map((r) => r.json().bet.id)).size).toBe(1);
    const stakes = await ctx.core.db.selectFrom('provider_transaction').select('transaction_id').where('vendor_code', '=', 'LIVE').where('action', '=', 'bet').where('member_id', '=', player.id).execute();
    expect(stakes.filter((s) => s.transaction_id === `live-bet-${first.json().bet.id}`)).toHaveLength(1);
  });

  it('refuses a bet once the database clock passed the window, even before the leader closes it', async () => {
    await ctx.core.db.executeQuery(sql`update live_round set betting_ends_at = clock_timestamp() - interval '1 millisecond' where id = ${BigInt(roulette)}`.compile(ctx.core.db));
    await refused('roleta-copacabana', { roundId: roulette, chips: [{ spot: 'red', amount: '1.00' }] }, 409, 'live.betting_closed');
  });

  it('refuses more than the balance with 402 and the balance', async () => {
    const poor = await livePlayer(ctx, 5_00n);
    const response = await bet(ctx, poor, 'bacara-rio', { roundId: baccarat, chips: [{ spot: 'banker', amount: '10.00' }] });
    expect(response.statusCode, response.body).toBe(402);
    expect(response.json().error.code).toBe('live.insufficient_funds');
    expect(await ctx.core.modules.wallet.api.cashOf(poor.id)).toBe(5_00n);
  });

  it('refuses a bet past a responsible-gaming wager limit with live.limit_reached, moving no money (issue 27)', async () => {
    const limited = await livePlayer(ctx, 50_00n);
    const set = await ctx.app.inject({ method: 'PUT', url: '/api/limits', headers: bearer(limited.token), payload: { kind: 'wager', period: 'day', amount: '1.00' } });
    expect(set.statusCode, set.body).toBe(200);
    const response = await bet(ctx, limited, 'bacara-rio', { roundId: baccarat, chips: [{ spot: 'banker', amount: '2.00' }] });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().error.code).toBe('live.limit_reached');
    expect(await ctx.core.modules.wallet.api.cashOf(limited.id)).toBe(50_00n);
  });

  it('answers 4xx, never 500, to malformed codes, ids and bodies', async () => {
    const auth = bearer(player.token);
    for (const url of ['/api/live/tables/NOPE!', '/api/live/tables/nao-existe', '/api/live/rounds/abc', '/api/live/rounds/99999999999999999999', `/api/live/rounds/${roulette}`, '/api/live/tables/nao-existe/me']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: auth });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    for (const payload of [{}, { roundId: 'x', requestId: 'short', chips: [] }, { roundId: baccarat, requestId: randomUUID(), chips: [{ spot: 'player', amount: '1' }] }, { roundId: baccarat, requestId: randomUUID(), chips: [{ spot: 'player', amount: '0.00' }] }]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/live/tables/bacara-rio/bets', headers: auth, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
    const noTable = await bet(ctx, player, 'nao-existe', { roundId: baccarat, chips: [{ spot: 'player', amount: '1.00' }] });
    expect(noTable.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/live/tables/bacara-rio/bets', payload: { roundId: baccarat, requestId: randomUUID(), chips: [{ spot: 'player', amount: '1.00' }] } })).statusCode).toBe(401);
  });
});
