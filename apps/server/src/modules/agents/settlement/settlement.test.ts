import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentsFixture } from '../../../../test/agents-fixture.ts';
import { newOperatorSession } from '../../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';

/**
 * Each contract kind computed by hand on a small tree (docs/agent-commissions.md). Every test has
 * its own tree and its own period (in the future, so every contract here is in force at its end).
 */
let ctx: TestContext;
let fx: ReturnType<typeof agentsFixture>;
beforeAll(async () => {
  ctx = await createTestContext();
  fx = agentsFixture(ctx.core);
});
afterAll(() => ctx.close());

const settlement = () => ctx.core.modules.agents.api.settlement;
/** A Sao Paulo calendar day as an instant range (UTC−3, no daylight saving since 2019). */
const day = (date: string) => ({ start: new Date(`${date}T03:00:00Z`), end: new Date(new Date(`${date}T03:00:00Z`).getTime() + 86_400_000) });
const noon = (date: string) => new Date(`${date}T15:00:00Z`);

describe('bet facts', () => {
  it("one fact per change of a round's settled result, written as the provider's callback writes rounds", async () => {
    const a = await fx.agent();
    const m1 = await fx.member(a);
    const upsert = (values: { bet?: bigint; win?: bigint; status: 'open' | 'settled' | 'rolled_back' }) =>
      sql`insert into provider_round (vendor_code, member_id, round_id, game_code, bet, win, status, closed_at)
          values ('TESTVENDOR', ${m1.id}, 'upsert-1', 'g', ${values.bet ?? 0n}, ${values.win ?? 0n}, ${values.status}, now())
          on conflict (vendor_code, member_id, round_id) do update set bet = provider_round.bet + excluded.bet,
            win = provider_round.win + excluded.win, status = excluded.status`.execute(ctx.core.db);
    const facts = () => ctx.core.db.selectFrom('agents_bet_fact').select(['stake', 'payout', 'valid_bet', 'bets', 'chain']).where('member_id', '=', m1.id).orderBy('seq').execute();
    await upsert({ bet: 10_00n, status: 'open' });
    expect(await facts()).toEqual([]);
    await upsert({ win: 25_00n, status: 'settled' });
    expect(await facts()).toEqual([{ stake: 10_00n, payout: 25_00n, valid_bet: 10_00n, bets: 1, chain: [a.id.toString()] }]);
    await upsert({ win: 5_00n, status: 'settled' }); // a later win on the settled round: a correction
    await upsert({ status: 'rolled_back' });
    expect((await facts()).slice(1)).toEqual([
      { stake: 0n, payout: 5_00n, valid_bet: 0n, bets: 0, chain: [a.id.toString()] },
      { stake: -10_00n, payout: -30_00n, valid_bet: -10_00n, bets: -1, chain: [a.id.toString()] },
    ]);
  });
});

describe('settlement by hand', () => {
  it('daily salary: tier by valid bet and active members, differential pay, the platform pays the top', async () => {
    const a = await fx.agent();
    const b = await fx.agent(a);
    const m1 = await fx.member(b);
    const m2 = await fx.member(a);
    await fx.grant(a, 'daily', [
      { minValidBet: '0', minActive: 0, rate: '1' },
      { minValidBet: '150.00', minActive: 2, rate: '1.2' },
    ]);
    await fx.contract(a, b, 'daily', [{ minValidBet: '0', minActive: 0, rate: '0.6' }]);
    const date = '2031-03-10';
    await fx.round(m1, 100_00n, 0n, noon(date)); // valid 100.00
    await fx.round(m1, 50_00n, 80_00n, noon(date)); // won 30.00 on 50.00: valid 30.00
    await fx.round(m2, 200_00n, 250_00n, noon(date)); // won 50.00: valid 50.00
    await fx.round(m2, 10_00n, 0n, new Date(day(date).end.getTime() + 1000)); // the next day: not counted

    const run = await settlement().settlePeriod('daily', day(date));
    // B: 130.00 × 0.6 % = 0.78. A: 180.00 ≥ 150.00 but only m1 is active (130.00 ≥ 100.00; m2 50.00),
    // so tier 1 (1 %): 1.80 from the platform, of which A pays B 0.78 and keeps 1.02.
    expect(await fx.lines(run, [a, b])).toEqual([
      { agent: a.account, payer: 'platform', base: 180_00n, gross: 180n, childrenGross: 78n, net: 102n, amount: 180n, status: 'calculated' },
      { agent: b.account, payer: a.account, base: 130_00n, gross: 78n, childrenGross: 0n, net: 78n, amount: 78n, status: 'calculated' },
    ]);
    await settlement().payPending();
    expect(await fx.cash(a)).toBe(102n);
    expect(await fx.cash(b)).toBe(78n);

    // Re-running the period (and the payouts) posts nothing twice.
    expect(await settlement().settlePeriod('daily', day(date))).toBeNull();
    await settlement().payPending();
    expect([await fx.cash(a), await fx.cash(b)]).toEqual([102n, 78n]);
  });

  it('dividend on team net loss, with a late bet settled by a delta run that pays only the difference', async () => {
    const a = await fx.agent();
    const b = await fx.agent(a);
    const m1 = await fx.member(b);
    const m2 = await fx.member(a);
    await fx.grant(a, 'dividend', [{ minValidBet: '0', minLoss: '0', minActive: 0, rate: '20' }]);
    await fx.contract(a, b, 'dividend', [{ minValidBet: '0', minLoss: '0', minActive: 0, rate: '10' }]);
    const period = { start: new Date('2031-04-01T03:00:00Z'), end: new Date('2031-04-16T03:00:00Z') };
    await fx.round(m1, 100_00n, 0n, noon('2031-04-05')); // B's team loses 100.00
    await fx.round(m2, 50_00n, 20_00n, noon('2031-04-06')); // A's own member loses 30.00

    const first = await settlement().settlePeriod('dividend', period);
    // B: 10 % of 100.00 = 10.00. A: 20 % of 130.00 = 26.00, less 10.00 = 16.00.
    expect((await fx.lines(first, [a, b])).map((line) => [line.agent, line.gross, line.net, line.amount])).toEqual([
      [a.account, 26_00n, 16_00n, 26_00n],
      [b.account, 10_00n, 10_00n, 10_00n],
    ]);
    await settlement().payPending();

    // A round of the period whose settlement committed after the run.
    await fx.round(m1, 50_00n, 0n, noon('2031-04-15'));
    const delta = await settlement().settlePeriod('dividend', period);
    expect(delta).not.toBe(first);
    // B: 10 % of 150.00 = 15.00, 5.00 more. A: 20 % of 180.00 = 36.00, 10.00 more, of which it
    // pays B the 5.00 more: the delta lines show what they add, so A's two lines net 16 + 5 = 21.
    expect((await fx.lines(delta, [a, b])).map((line) => [line.agent, line.base, line.gross, line.childrenGross, line.net, line.amount])).toEqual([
      [a.account, 50_00n, 10_00n, 5_00n, 5_00n, 10_00n],
      [b.account, 50_00n, 5_00n, 0n, 5_00n, 5_00n],
    ]);
    await settlement().payPending();
    expect([await fx.cash(a), await fx.cash(b)]).toEqual([21_00n, 15_00n]);
    expect(await settlement().settlePeriod('dividend', period)).toBeNull();
  });

  it('a payer short of money leaves the line insufficient, and a later run pays it once', async () => {
    const a = await fx.agent();
    const b = await fx.agent(a);
    const loser = await fx.member(b);
    const winner = await fx.member(a);
    await fx.grant(a, 'dividend', [{ minValidBet: '0', minLoss: '0', minActive: 0, rate: '20' }]);
    await fx.contract(a, b, 'dividend', [{ minValidBet: '0', minLoss: '0', minActive: 0, rate: '10' }]);
    const period = { start: new Date('2031-05-01T03:00:00Z'), end: new Date('2031-05-16T03:00:00Z') };
    await fx.round(loser, 100_00n, 0n, noon('2031-05-02'));
    await fx.round(winner, 100_00n, 200_00n, noon('2031-05-03'));

    const run = await settlement().settlePeriod('dividend', period);
    // A's team is even (100.00 lost, 100.00 won): no dividend for A, which still owes B 10 % of
    // B's team loss: its line shows the net it really has, −10.00 (also recorded as a deficit).
    const lines = await fx.lines(run, [a, b]);
    expect(lines.map((line) => [line.agent, line.gross, line.net, line.status])).toEqual([
      [a.account, 0n, -10_00n, 'not_qualified'],
      [b.account, 10_00n, 10_00n, 'calculated'],
    ]);
    expect(await settlement().payPending()).toMatchObject({ insufficient: 1 });
    expect((await fx.lines(run, [b]))[0]?.status).toBe('insufficient');
    expect(await fx.cash(b)).toBe(0n);
    // Operators see the case in the back-office.
    const token = await newOperatorSession(ctx.core, ctx.app, 'finance');
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/backoffice/agents/settlements?status=insufficient', headers: { authorization: `Bearer ${token}` } });
    expect(listed.json().lines).toContainEqual(expect.objectContaining({ agent: b.account, payer: a.account, amount: '10.00', status: 'insufficient' }));

    await ctx.core.db.transaction().execute((tx) =>
      ctx.core.modules.wallet.api.postOrThrow(tx, { key: `test:fund:${a.account}`, type: 'adjustment', legs: [{ member: a.id, amount: 15_00n }, { house: 'adjustments', amount: -15_00n }] }),
    );
    await settlement().payPending();
    await settlement().payPending();
    expect([await fx.cash(a), await fx.cash(b)]).toEqual([5_00n, 10_00n]);
    expect((await fx.lines(run, [b]))[0]?.status).toBe('paid');
  });

  it('real-time salary: per round, rate by single-bet tier and by the round won or lost, differences up the chain', async () => {
    const a = await fx.agent();
    const b = await fx.agent(a);
    const m1 = await fx.member(b);
    await fx.grant(a, 'realtime', [
      { minSingleBet: '0', profitRate: '0.5', lossRate: '1' },
      { minSingleBet: '100.00', profitRate: '0.8', lossRate: '1.5' },
    ]);
    await fx.contract(a, b, 'realtime', [{ minSingleBet: '0', profitRate: '0.3', lossRate: '0.6' }]);
    const now = new Date();
    await fx.round(m1, 120_00n, 0n, now); // lost: valid 120.00; A tier 1 loss 1.5 %, B 0.6 %
    await fx.round(m1, 20_00n, 50_00n, now); // won 30.00 on 20.00: valid 20.00; A tier 0 profit 0.5 %, B 0.3 %

    // Once the five-minute window they settled in is over.
    await settlement().settleRealtime(new Date(now.getTime() + 300_000));
    // B: 120.00 × 0.6 % + 20.00 × 0.3 % = 0.72 + 0.06 = 0.78 (paid by A).
    // A: 120.00 × (1.5 − 0.6) % + 20.00 × (0.5 − 0.3) % = 1.08 + 0.04 = 1.12 (paid by the platform).
    expect([await fx.cash(a), await fx.cash(b)]).toEqual([112n, 78n]);
    // Facts are taken once.
    await settlement().settleRealtime(new Date(now.getTime() + 301_000));
    expect([await fx.cash(a), await fx.cash(b)]).toEqual([112n, 78n]);
  });

  it('hourly salary counts only the hour, and a tree move after the bet does not re-attribute it', async () => {
    const a = await fx.agent();
    const other = await fx.agent();
    const m1 = await fx.member(a);
    await fx.grant(a, 'hourly', [{ minValidBet: '0', rate: '2' }]);
    await fx.grant(other, 'hourly', [{ minValidBet: '0', rate: '2' }]);
    const hour = { start: new Date('2031-06-01T13:00:00Z'), end: new Date('2031-06-01T14:00:00Z') };
    await fx.round(m1, 40_00n, 0n, new Date('2031-06-01T13:30:00Z'));
    await fx.round(m1, 40_00n, 0n, new Date('2031-06-01T14:30:00Z')); // the next hour
    await ctx.core.db.updateTable('accounts_member').set({ upline_member_id: other.id }).where('id', '=', m1.id).execute();

    const run = await settlement().settlePeriod('hourly', hour);
    expect((await fx.lines(run, [a, other])).map((line) => [line.agent, line.base, line.amount])).toEqual([
      [a.account, 40_00n, 80n],
      [other.account, 0n, 0n],
    ]);
  });
});
