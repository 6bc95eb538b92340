import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import { expectLedgerInvariants } from '../../../../test/wallet-race.ts';
import { lotteryFixtures } from '../lottery-test-fixtures.ts';

/** Placement on a real PostgreSQL through the whole app: the stake through the provider protocol as LOTT / ELOTT. */
let ctx: TestContext;
const f = lotteryFixtures(() => ctx);

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.core.modules.lottery.api.ready();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('placing tickets', () => {
  it('debits the total through the provider, booked under the lottery product, one round per ticket', async () => {
    const { member, token } = await f.player();
    const drawId = await f.newDraw('VN_MB');
    // Bao lô 2 in the north covers 27 numbers: 2 numbers × 27 units × 1.00.
    const placed = await f.place(token, f.ticket(drawId, 'vn_north', { betType: 'bao_lo_2', selections: ['45', '07'], unitStake: '1.00' }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body).toMatchObject({ status: 'open', selections: ['07', '45'], combinations: 2, totalStake: '54.00', prizeMode: 'LOTT', gameCode: 'VN_MB', return: null });
    expect(await f.cash(member)).toBe(1_000_00n - 54_00n);
    const journal = await sql<{ product: string; vendor: string }>`
      select j.product, j.vendor from wallet_journal j where j.idempotency_key like ${`%lottery-${placed.body.id}-bet%`}`.execute(ctx.core.db);
    expect(journal.rows).toEqual([{ product: 'lottery', vendor: 'LOTT' }]);
    // The betting record sees the round.
    // The record's days are the operator's (São Paulo): between 21:00 and 24:00 there the UTC date is already tomorrow.
    const day = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const record = await ctx.app.inject({ method: 'GET', url: `/api/member/betting-record?gameType=LOTT&from=${day}&to=${day}`, headers: { authorization: `Bearer ${token}` } });
    expect(record.statusCode, record.body).toBe(200);
    expect(JSON.stringify(record.json())).toContain('VN_MB');
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/lottery/tickets', headers: { authorization: `Bearer ${token}` } })).json() as { tickets: Array<{ id: string }> };
    expect(mine.tickets.map((ticket) => ticket.id)).toEqual([placed.body.id]);
    const recent = (await ctx.app.inject({ method: 'GET', url: '/api/lottery/recent', headers: { authorization: `Bearer ${token}` } })).json() as { games: Array<{ code: string }> };
    expect(recent.games.map((game) => game.code)).toEqual(['VN_MB']);
  });

  it('keeps a request id to its format in the table, checked when it is written (insert, or an update that sets it), not on every update', async () => {
    const { token } = await f.player();
    const drawId = await f.newDraw('VN_MB');
    const placed = await f.place(token, f.ticket(drawId, 'vn_north', { betType: 'de_dac_biet', selections: ['45'], unitStake: '1.00' }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const id = BigInt(placed.body.id);
    for (const bad of ['short', "x'; drop table lottery_ticket; --", 'x'.repeat(65), 'with space 123']) {
      await expect(sql`update lottery_ticket set request_id = ${bad} where id = ${id}`.execute(ctx.core.db)).rejects.toMatchObject({ code: '23514', constraint: 'lottery_ticket_request_id_check' });
      await expect(
        sql`insert into lottery_ticket (member_id, request_id, request_hash, draw_id, game_code, bet_type, prize_mode, selections, combinations, unit_stake_cents, total_stake_cents, odds, status)
            select member_id, ${bad}, request_hash, draw_id, game_code, bet_type, prize_mode, selections, combinations, unit_stake_cents, total_stake_cents, odds, status from lottery_ticket where id = ${id}`.execute(ctx.core.db),
      ).rejects.toMatchObject({ code: '23514' });
    }
    await sql`update lottery_ticket set updated_at = now() where id = ${id}`.execute(ctx.core.db);
    expect((await sql<{ request_id: string }>`select request_id from lottery_ticket where id = ${id}`.execute(ctx.core.db)).rows[0]!.request_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('refunds and refuses a ticket abandoned mid-placement (still pending_debit past the grace), once', async () => {
    const { member, token } = await f.player();
    const drawId = await f.newDraw('VN_MB');
    const placed = await f.place(token, f.ticket(drawId, 'vn_north', { betType: 'de_dac_biet', selections: ['12'], unitStake: '3.00' }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const id = BigInt(placed.body.id);
    // As a process stopped after taking the stake and before opening the ticket leaves it.
    await sql`update lottery_ticket set status = 'pending_debit', bet_transaction_id = null, created_at = now() - interval '1 hour' where id = ${id}`.execute(ctx.core.db);
    const recover = () => ctx.core.modules.lottery.api.tickets.recoverPending();
    expect(await recover()).toMatchObject({ refused: 1, stillPending: 0 });
    const row = (await sql<{ status: string; refusal_code: string }>`select status, refusal_code from lottery_ticket where id = ${id}`.execute(ctx.core.db)).rows[0]!;
    expect(row).toEqual({ status: 'refused', refusal_code: 'lottery.provider_unavailable' });
    expect(await f.cash(member)).toBe(1_000_00n);
    expect(await recover()).toMatchObject({ refused: 0, stillPending: 0 });
    expect(await f.cash(member)).toBe(1_000_00n);
  });

  it('is idempotent by requestId: a replay answers the same ticket, the same id with other content is a conflict', async () => {
    const { member, token } = await f.player();
    const drawId = await f.newDraw('ELOTT_3M');
    const body = f.ticket(drawId, 'fast_5d', { betType: 'position', selections: ['p1:3', 'p2:4'], unitStake: '2.00' });
    const [a, b] = await Promise.all([f.place(token, body), f.place(token, body)]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(b.body.id).toBe(a.body.id);
    const again = await f.place(token, body);
    expect(again.body.id).toBe(a.body.id);
    expect(await f.cash(member)).toBe(1_000_00n - 4_00n);
    const conflict = await f.place(token, { ...body, selections: ['p1:5'], expectedTotal: '2.00' });
    expect(conflict).toMatchObject({ status: 409, body: { error: { code: 'lottery.request_conflict' } } });
  });

  it('refuses what the rules refuse, with their codes', async () => {
    const { member, token } = await f.player(10_00n);
    const drawId = await f.newDraw('VN_HCM');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [f.ticket(drawId, 'vn_south', { betType: 'bao_lo_2', selections: ['7'] }), 400, 'lottery.invalid_selection'],
      [f.ticket(drawId, 'vn_south', { betType: 'big', selections: ['1234'] }), 400, 'lottery.bet_type_unavailable'],
      [{ ...f.ticket(drawId, 'vn_south', { betType: 'de_dac_biet', selections: ['07'] }), expectedTotal: '0.50' }, 409, 'lottery.total_mismatch'],
      [{ ...f.ticket(drawId, 'vn_south', { betType: 'de_dac_biet', selections: ['07'] }), prizeMode: 'SEA' }, 400, 'lottery.bet_type_unavailable'],
      [f.ticket(drawId, 'vn_south', { betType: 'de_dac_biet', selections: ['07'], unitStake: '0.50' }), 400, 'lottery.stake_below_min'],
      [f.ticket(drawId, 'vn_south', { betType: 'de_dac_biet', selections: ['07'], unitStake: '60000.00' }), 400, 'lottery.stake_above_max'],
      [f.ticket(drawId, 'vn_south', { betType: 'de_dac_biet', selections: ['07'], unitStake: '20.00' }), 402, 'lottery.insufficient_funds'],
      [f.ticket(999_999_999n, 'vn_south', { betType: 'de_dac_biet', selections: ['07'] }), 404, 'lottery.draw_not_found'],
    ];
    for (const [body, status, code] of cases) {
      expect(await f.place(token, body), code).toMatchObject({ status, body: { error: { code } } });
    }
    expect(await f.cash(member)).toBe(10_00n);
    // The refused debit left no exposure behind.
    const exposure = await ctx.core.modules.lottery.api.exposure(drawId);
    expect(exposure).toEqual([]);
  });

  it('refuses a ticket past a responsible-gaming wager limit with lottery.limit_reached, debiting nothing (issue 27)', async () => {
    const { member, token } = await f.player(10_00n);
    const drawId = await f.newDraw('VN_HCM');
    const set = await ctx.app.inject({ method: 'PUT', url: '/api/limits', headers: { authorization: `Bearer ${token}` }, payload: { kind: 'wager', period: 'day', amount: '1.00' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(await f.place(token, f.ticket(drawId, 'vn_south', { betType: 'de_dac_biet', selections: ['07'], unitStake: '2.00' }))).toMatchObject({ status: 403, body: { error: { code: 'lottery.limit_reached' } } });
    expect(await f.cash(member)).toBe(10_00n);
  });

  it('caps the potential payout per number and draw', async () => {
    const drawId = await f.newDraw('VN_TNI');
    // Đề đặc biệt pays 95×: a cap of 1,000.00 takes 10.00 on a number, then no more.
    await sql`update lottery_game set number_liability_cents = 100000 where code = 'VN_TNI'`.execute(ctx.core.db);
    const { token } = await f.player();
    const { token: other } = await f.player();
    expect((await f.place(token, f.ticket(drawId, 'vn_south', { betType: 'de_dac_biet', selections: ['33'], unitStake: '6.00' }))).status).toBe(200);
    const over = await f.place(other, f.ticket(drawId, 'vn_south', { betType: 'de_dac_biet', selections: ['33', '34'], unitStake: '5.00' }));
    expect(over).toMatchObject({ status: 409, body: { error: { code: 'lottery.number_limit_reached', details: { numbers: ['33'] } } } });
    expect((await f.place(other, f.ticket(drawId, 'vn_south', { betType: 'de_dac_biet', selections: ['33', '34'], unitStake: '4.00' }))).status).toBe(200);
    const exposure = await ctx.core.modules.lottery.api.exposure(drawId);
    expect(exposure.map((row) => [row.number, BigInt(row.liability_cents), row.tickets])).toEqual([
      ['33', 95_000n, 2],
      ['34', 38_000n, 1],
    ]);
  });
});

describe('the cut-off', () => {
  it('refuses a bet after close', async () => {
    const { member, token } = await f.player();
    const drawId = await f.newDraw('VN_HCM', { closesInMs: 300 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    // The clock closes it even before the job has moved the draw.
    expect(await f.place(token, f.ticket(drawId, 'vn_south', { betType: 'de_dac_biet', selections: ['07'] }))).toMatchObject({ status: 409, body: { error: { code: 'lottery.draw_closed' } } });
    await ctx.core.modules.lottery.api.tick({ schedule: false });
    expect(await f.drawStatus(drawId)).toBe('closed');
    expect(await f.place(token, f.ticket(drawId, 'vn_south', { betType: 'de_dac_biet', selections: ['07'] }))).toMatchObject({ status: 409, body: { error: { code: 'lottery.draw_closed' } } });
    expect(await f.cash(member)).toBe(1_000_00n);
  });

  it('racing the close: no ticket placed after the close committed is accepted, and none after closesAt', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => f.player()));
    const drawId = await f.newDraw('ELOTT_1M', { closesInMs: 1_200 });
    let closedAt: number | undefined;
    const sent: Array<{ at: number; afterClose: boolean; answer: Promise<{ status: number; body: Record<string, unknown> }> }> = [];
    // The clock keeps ticking until it has closed the draw; placements keep coming until 300 ms after that.
    const giveUp = Date.now() + 20_000;
    const closer = (async () => {
      while (Date.now() < giveUp && closedAt === undefined) {
        const outcome = await ctx.core.modules.lottery.api.tick({ schedule: false });
        if (outcome.closed > 0) closedAt = Date.now();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    let round = 0;
    while (Date.now() < giveUp && (closedAt === undefined || Date.now() < closedAt + 300)) {
      for (const { token } of players) {
        const afterClose = closedAt !== undefined;
        sent.push({ at: Date.now(), afterClose, answer: f.place(token, f.ticket(drawId, 'fast_5d', { betType: 'odd_even', selections: [`p${(round % 5) + 1}:odd`] })) });
      }
      round += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await closer;
    const answers = await Promise.all(sent.map(async (each) => ({ ...each, result: await each.answer })));
    expect(closedAt).toBeDefined();
    const accepted = answers.filter((each) => each.result.status === 200);
    const refused = answers.filter((each) => each.result.status !== 200);
    for (const each of refused) expect(each.result.body, JSON.stringify(each.result.body)).toMatchObject({ error: { code: 'lottery.draw_closed' } });
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(accepted.filter((each) => each.afterClose)).toEqual([]);
    const late = await sql<{ n: number }>`
      select count(*)::int as n from lottery_ticket t join lottery_draw d on d.id = t.draw_id where t.draw_id = ${drawId} and (t.created_at >= d.closes_at or t.created_at >= d.closed_at)`.execute(ctx.core.db);
    expect(late.rows[0]!.n).toBe(0);
    const stored = await sql<{ n: number }>`select count(*)::int as n from lottery_ticket where draw_id = ${drawId} and status = 'open'`.execute(ctx.core.db);
    expect(stored.rows[0]!.n).toBe(accepted.length);
    await expectLedgerInvariants(ctx.core.db, ctx.core.modules.wallet.api);
  }, 30_000);
});
