import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import { expectLedgerInvariants } from '../../../../test/wallet-race.ts';
import { commitHashOf, newDrawSecret } from '../domain/index.ts';
import { lotteryFixtures } from '../lottery-test-fixtures.ts';
import { randomResult } from './results-feed.ts';

/** Draws on a real PostgreSQL: the schedule, the state machine, commit-reveal, the results, cancellation. */
let ctx: TestContext;
const f = lotteryFixtures(() => ctx);

beforeAll(async () => {
  ctx = await createTestContext();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('games and schedules', () => {
  it('seeds the games once, with their vendors in the catalogue (registered with the first bet), and keeps the next draws scheduled', async () => {
    await f.api().ready();
    const { token } = await f.player();
    const first = await f.place(token, f.ticket(await f.newDraw('VN_MB'), 'vn_north', { betType: 'de_dac_biet', selections: ['01'] }));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const games = await ctx.app.inject({ method: 'GET', url: '/api/lottery/games' });
    expect(games.statusCode).toBe(200);
    const codes = (games.json() as { games: Array<{ code: string; betTypes: unknown[] }> }).games.map((game) => game.code);
    expect(codes).toEqual(expect.arrayContaining(['VN_MB', 'VN_HCM', 'VN_DNG', 'SEA_MAGNUM', 'ELOTT_1M', 'ELOTT_3M', 'ELOTT_5M']));
    const catalogue = await sql<{ vendor_code: string; game_type: string; n: number }>`
      select vendor_code, game_type, count(*)::int as n from catalogue_game where vendor_code in ('LOTT', 'ELOTT') group by 1, 2 order by 1`.execute(ctx.core.db);
    expect(catalogue.rows).toEqual([
      { vendor_code: 'ELOTT', game_type: 'ELOTT', n: 3 },
      { vendor_code: 'LOTT', game_type: 'LOTT', n: codes.length - 3 },
    ]);

    expect(await f.api().ensureSchedule()).toBeGreaterThan(0);
    expect(await f.api().ensureSchedule()).toBe(0);
    const ahead = await sql<{ game_code: string; n: number }>`
      select game_code, count(*)::int as n from lottery_draw where draw_no not like 'T-%' and game_code in ('ELOTT_1M', 'VN_MB', 'VN_HCM') group by 1 order by 1`.execute(ctx.core.db);
    const byGame = Object.fromEntries(ahead.rows.map((row) => [row.game_code, row.n]));
    expect(byGame.ELOTT_1M).toBeGreaterThanOrEqual(10);
    // The north draws daily (7 or 8 days ahead); HCM on Mondays and Saturdays (2 or 3 in 8 days).
    expect(byGame.VN_MB).toBeGreaterThanOrEqual(7);
    expect(byGame.VN_HCM).toBeGreaterThanOrEqual(2);
    const north = await sql<{ t: string }>`select to_char(draw_at at time zone 'Asia/Ho_Chi_Minh', 'HH24:MI') as t from lottery_draw where game_code = 'VN_MB' and draw_no not like 'T-%' limit 1`.execute(ctx.core.db);
    expect(north.rows[0]!.t).toBe('18:15');
  });
});

describe('the state machine', () => {
  it('opens a fast draw with its commitment, closes at closesAt, draws by revealing a secret that matches', async () => {
    const id = await f.newDraw('ELOTT_1M', { status: 'scheduled', closesInMs: 1_500, drawInMs: 2_000 });
    await f.api().tick({ schedule: false });
    const opened = (await f.api().draw(id))!;
    expect(opened.status).toBe('open');
    expect(opened.commit_hash).toMatch(/^[0-9a-f]{64}$/);
    // Before the draw the secret is never shown.
    const before = (await ctx.app.inject({ method: 'GET', url: `/api/lottery/draws/${id}` })).json() as Record<string, unknown>;
    expect(before).toMatchObject({ status: 'open', commitHash: opened.commit_hash, secret: null, result: null });

    await new Promise((resolve) => setTimeout(resolve, 2_100));
    // Two passes at once (two processes): each move happens once.
    const [a, b] = await Promise.all([f.api().tick({ schedule: false }), f.api().tick({ schedule: false })]);
    expect(await f.drawStatus(id)).toBe('drawn');
    expect((await sql<{ n: number }>`select count(*)::int as n from lottery_result where draw_id = ${id}`.execute(ctx.core.db)).rows[0]!.n).toBe(1);
    expect(a.closed + b.closed).toBeGreaterThanOrEqual(1);

    const verify = (await ctx.app.inject({ method: 'GET', url: `/api/lottery/draws/${id}/verify` })).json() as Record<string, unknown>;
    expect(verify).toMatchObject({ drawId: id.toString(), commitHash: opened.commit_hash, hashMatches: true, resultMatches: true });
    expect(commitHashOf(verify.secret as string)).toBe(opened.commit_hash);
    const drawn = (await ctx.app.inject({ method: 'GET', url: `/api/lottery/draws/${id}` })).json() as { result: { balls: number[] } };
    expect(drawn.result.balls).toHaveLength(5);
    expect((verify.recomputed as { balls: number[] }).balls).toEqual(drawn.result.balls);

    // Settled with no tickets: the draw closes its cycle.
    await f.api().settleDraw(id);
    expect(await f.drawStatus(id)).toBe('settled');
    const results = (await ctx.app.inject({ method: 'GET', url: '/api/lottery/results?gameCode=ELOTT_1M&limit=5' })).json() as { draws: Array<{ id: string }> };
    expect(results.draws.map((draw) => draw.id)).toContain(id.toString());
  }, 20_000);

  it('a real-world draw takes one result once closed; a correction keeps the old one as history', async () => {
    const id = await f.newDraw('VN_HCM');
    await expect(f.api().enterResult(id, randomResult('vn_south'), 'op')).rejects.toMatchObject({ code: 'lottery.draw_not_closed' });
    await sql`update lottery_draw set closes_at = now() - interval '1 second', draw_at = now() where id = ${id}`.execute(ctx.core.db);
    await f.api().tick({ schedule: false });
    expect(await f.drawStatus(id)).toBe('closed');
    await expect(f.api().enterResult(id, randomResult('vn_north'), 'op')).rejects.toMatchObject({ code: 'lottery.result_invalid' });
    await expect(f.api().enterResult(id, { family: 'vn_south', prizes: [] }, 'op')).rejects.toMatchObject({ code: 'lottery.result_invalid' });
    expect(await f.api().enterResult(id, randomResult('vn_south'), 'op')).toBe(1);
    await expect(f.api().enterResult(id, randomResult('vn_south'), 'op')).rejects.toMatchObject({ code: 'lottery.draw_not_closed' });
    expect(await f.api().correctResult(id, randomResult('vn_south'), 'op', 'typo')).toBe(2);
    const history = await f.api().resultHistory(id);
    expect(history.map((row) => [row.version, row.in_force])).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  it('a fast draw cannot take a manual result; a draw can be cancelled once, before it settles', async () => {
    const secret = newDrawSecret();
    const fast = await f.newDraw('ELOTT_5M', { status: 'closed', closesInMs: -1000, drawInMs: 0, secret, commitHash: commitHashOf(secret) });
    await expect(f.api().enterResult(fast, { family: 'fast_5d', balls: [1, 2, 3, 4, 5] }, 'op')).rejects.toMatchObject({ code: 'lottery.result_invalid' });
    await f.api().tick({ schedule: false });
    await f.api().settleDraw(fast);
    await expect(f.api().cancelDraw(fast, 'late')).rejects.toMatchObject({ code: 'lottery.draw_not_cancellable' });
  });
});

describe('cancellation', () => {
  it('refunds every open ticket once, even when cancelled twice and paid by two passes at once', async () => {
    const id = await f.newDraw('VN_HCM');
    const players = await Promise.all([f.player(), f.player()]);
    for (const { token } of players) {
      const placed = await f.place(token, f.ticket(id, 'vn_south', { betType: 'de_dac_biet', selections: ['07', '18'], unitStake: '2.00' }));
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    }
    expect(await f.cash(players[0]!.member)).toBe(996_00n);
    const [first, second] = await Promise.all([f.api().cancelDraw(id, 'typhoon', 'op'), f.api().cancelDraw(id, 'typhoon', 'op')]);
    expect(first.refunds + second.refunds).toBe(2);
    await Promise.all([f.api().settlePass(), f.api().settlePass()]);
    await f.api().settlePass();
    for (const { member, token } of players) {
      expect(await f.cash(member)).toBe(1_000_00n);
      const tickets = (await ctx.app.inject({ method: 'GET', url: '/api/lottery/tickets?status=settled', headers: { authorization: `Bearer ${token}` } })).json() as { tickets: Array<{ status: string; return: string }> };
      expect(tickets.tickets).toMatchObject([{ status: 'void', return: '4.00' }]);
    }
    expect(await f.drawStatus(id)).toBe('cancelled');
    // A bet on the cancelled draw is refused.
    const late = await f.place(players[0]!.token, f.ticket(id, 'vn_south', { betType: 'de_dac_biet', selections: ['07'] }));
    expect(late).toMatchObject({ status: 409, body: { error: { code: 'lottery.draw_closed' } } });
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  });
});

describe('bad input', () => {
  it('answers 4xx with a code, never 500', async () => {
    const { token } = await f.player();
    const cases = [
      await ctx.app.inject({ method: 'GET', url: '/api/lottery/games/nope' }),
      await ctx.app.inject({ method: 'GET', url: '/api/lottery/games/NOPE_GAME' }),
      await ctx.app.inject({ method: 'GET', url: '/api/lottery/games?area=MOON' }),
      await ctx.app.inject({ method: 'GET', url: '/api/lottery/results' }),
      await ctx.app.inject({ method: 'GET', url: '/api/lottery/results?gameCode=VN_MB&before=abc' }),
      await ctx.app.inject({ method: 'GET', url: '/api/lottery/draws/999999999' }),
      await ctx.app.inject({ method: 'GET', url: '/api/lottery/draws/x1' }),
      await ctx.app.inject({ method: 'GET', url: `/api/lottery/draws/${await f.newDraw('VN_MB')}/verify` }),
      await ctx.app.inject({ method: 'GET', url: '/api/lottery/tickets/123456789', headers: { authorization: `Bearer ${token}` } }),
      await ctx.app.inject({ method: 'GET', url: '/api/lottery/tickets?status=maybe', headers: { authorization: `Bearer ${token}` } }),
      await ctx.app.inject({ method: 'POST', url: '/api/lottery/tickets', headers: { authorization: `Bearer ${token}` }, payload: { nothing: true } }),
      await ctx.app.inject({ method: 'POST', url: '/api/lottery/tickets', payload: {} }),
      await ctx.app.inject({ method: 'GET', url: '/api/lottery/recent' }),
    ];
    for (const response of cases) {
      expect(response.statusCode, `${response.statusCode} ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect((response.json() as { error?: { code?: string } }).error?.code).toBeTruthy();
    }
  });
});
