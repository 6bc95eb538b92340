import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFixtureCatalogue } from '../../../test/catalogue-fixture.ts';
import { newPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { maskName } from './winners.ts';

describe('winners board and leaderboard', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await insertFixtureCatalogue(ctx.core.db);
    ctx.core.modules.catalogue.api.invalidate();
  });
  afterAll(() => ctx.close());

  const round = (memberId: bigint, n: number, win: bigint, status = 'settled', closedAgo = '1 second') =>
    sql`insert into provider_round (vendor_code, member_id, round_id, game_code, bet, win, status, closed_at)
        values ('TSLOT', ${memberId}, ${`r${n}`}, 'tiger', 100, ${win}, ${status}, now() - ${closedAgo}::interval)`.execute(ctx.core.db);

  it('masks names', () => {
    expect(maskName('joana')).toBe('jo***a');
    expect(maskName('ana')).toBe('a***');
    expect(maskName('joão')).toBe('jo***o');
  });

  it('is empty without settled wins, then lists the 9 biggest real wins of the last 30 days, masked', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/winners?language=en' })).json()).toEqual({ list: [] });
    const a = await newPlayer(ctx.core);
    const b = await newPlayer(ctx.core);
    for (let n = 1; n <= 12; n += 1) await round(n % 2 ? a.id : b.id, n, BigInt(n) * 1_000n);
    await round(a.id, 100, 999_999n, 'open');
    await round(a.id, 101, 888_888n, 'rolled_back');
    await round(b.id, 102, 777_777n, 'settled', '40 days');
    await round(b.id, 103, 0n);
    // A fresh answer (the board is kept 30 s per language; 'pt' was never asked).
    const board = (await ctx.app.inject({ method: 'GET', url: '/api/winners?language=pt' })).json();
    expect(board.list).toHaveLength(9);
    expect(board.list.map((entry: { winAmount: string }) => entry.winAmount)).toEqual(['120.00', '110.00', '100.00', '90.00', '80.00', '70.00', '60.00', '50.00', '40.00']);
    expect(board.list[0]).toEqual({ customerName: maskName(b.account), winAmount: '120.00', gameName: 'Tigre da Fortuna', iconUrl: expect.any(String) });
    expect(board.list[1].customerName).toBe(maskName(a.account));
    expect(JSON.stringify(board)).not.toContain(a.account);
  });

  it('ranks players by their winnings this month', async () => {
    const board = (await ctx.app.inject({ method: 'GET', url: '/api/winners/leaderboard?period=month' })).json();
    expect(board.period).toBe('month');
    expect(board.entries.slice(0, 2).map((entry: { rank: number; rounds: number }) => [entry.rank, entry.rounds])).toEqual([[1, 6], [2, 6]]);
    expect(board.entries[0].winAmount).toBe('420.00');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/winners/leaderboard?period=year' })).statusCode).toBe(400);
  });
});
