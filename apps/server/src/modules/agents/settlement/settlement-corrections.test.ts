import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentsFixture } from '../../../../test/agents-fixture.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import { revenueReport, settlementPage } from './settlement-reports.ts';

/**
 * Issue 20, agent centre corrections: the real-time window a line names, lines that add up to
 * what was paid, and why a dividend line pays nothing. Future dates, so every contract made here
 * is in force in the windows and periods under test.
 */
let ctx: TestContext;
let fx: ReturnType<typeof agentsFixture>;
beforeAll(async () => {
  ctx = await createTestContext();
  fx = agentsFixture(ctx.core);
});
afterAll(() => ctx.close());

const settlement = () => ctx.core.modules.agents.api.settlement;
const linesOf = (agentIds: bigint[]) =>
  ctx.core.db.selectFrom('agents_settlement_line').selectAll().where('agent_id', 'in', agentIds).where('kind', '=', 'realtime').orderBy('period_start').orderBy('id').execute();
const REALTIME_A = [{ minSingleBet: '0', profitRate: '0.5', lossRate: '1' }];

describe('real-time salary windows', () => {
  it('a line names the five minutes its bets settled in, not the window the run happened in', async () => {
    const a = await fx.agent();
    const m1 = await fx.member(a);
    await fx.grant(a, 'realtime', REALTIME_A);
    await fx.round(m1, 10_00n, 0n, new Date('2031-07-01T04:52:00Z')); // 01:52 in São Paulo
    await fx.round(m1, 20_00n, 0n, new Date('2031-07-01T04:55:05Z')); // the next window

    // The run at 01:55:10 settles 01:50–01:55 only: the 01:55:05 bet's window is still open.
    await settlement().settleRealtime(new Date('2031-07-01T04:55:10Z'));
    const first = await linesOf([a.id]);
    expect(first.map((line) => [line.period_start.toISOString(), line.period_end.toISOString(), line.base, line.amount])).toEqual([
      ['2031-07-01T04:50:00.000Z', '2031-07-01T04:55:00.000Z', 10_00n, 10n],
    ]);

    await settlement().settleRealtime(new Date('2031-07-01T05:00:10Z'));
    const both = await linesOf([a.id]);
    expect(both.map((line) => [line.period_start.toISOString(), line.base, line.amount])).toEqual([
      ['2031-07-01T04:50:00.000Z', 10_00n, 10n],
      ['2031-07-01T04:55:00.000Z', 20_00n, 20n],
    ]);
  });
});

describe('lines add up to what was paid', () => {
  it('an upline pays its downline exactly what the downline line posts, and its income report nets the same', async () => {
    // A earns 1 % of a R$ 66,50 losing round (66.5 centavos → 0,66); B 0,01 % (0.665 → 0,00).
    // Netting before rounding said A paid B 0,01 (net 0,65) while B's line posted nothing and the
    // income report said 0,66.
    const a = await fx.agent();
    const b = await fx.agent(a);
    const m1 = await fx.member(b);
    await fx.grant(a, 'realtime', REALTIME_A);
    await fx.contract(a, b, 'realtime', [{ minSingleBet: '0', profitRate: '0.01', lossRate: '0.01' }]);
    await fx.round(m1, 66_50n, 0n, new Date('2031-07-02T15:01:00Z'));
    await settlement().settleRealtime(new Date('2031-07-02T15:05:01Z'));

    const [lineA, lineB] = await linesOf([a.id, b.id]);
    expect([lineA?.agent_id, lineA?.gross, lineA?.children_gross, lineA?.net, lineA?.amount, lineA?.payer_id]).toEqual([a.id, 66n, 0n, 66n, 66n, null]);
    expect([lineB?.agent_id, lineB?.amount, lineB?.payer_id, lineB?.status, lineB?.outcome]).toEqual([b.id, 0n, a.id, 'not_qualified', 'below_centavo']);
    expect(await fx.cash(a)).toBe(66n);

    const period = { from: '2031-07-02', to: '2031-07-02', timeZone: 'America/Sao_Paulo' };
    const report = await revenueReport(ctx.core.db, a.id, period, (kind) => kind === 'realtime');
    const received = await settlementPage(ctx.core.db, a.id, period, { kind: 'realtime', side: 'received', period: 'custom', pageNo: 1, pageSize: 20 });
    const net = received.content.reduce((sum, line) => sum + Number(line.net), 0);
    expect(report.total).toEqual({ received: '0.66', paidToDownlines: '0.00', net: '0.66' });
    expect(net.toFixed(2)).toBe(report.total.net);
    expect(received.content[0]).toMatchObject({ paidBy: 'platform', payer: null });
    const paid = await settlementPage(ctx.core.db, a.id, period, { kind: 'realtime', side: 'paid', period: 'custom', pageNo: 1, pageSize: 20 });
    expect(paid.content[0]).toMatchObject({ agent: b.account, payer: a.account, paidBy: 'agent', amount: '0.00', outcome: 'below_centavo' });
  });

  it('a paid-down figure is the sum of the downline lines over many rounds, each line rounded once', async () => {
    const a = await fx.agent();
    const b = await fx.agent(a);
    const members = [await fx.member(b), await fx.member(b), await fx.member(a)];
    await fx.grant(a, 'realtime', [{ minSingleBet: '0', profitRate: '0.37', lossRate: '0.73' }]);
    await fx.contract(a, b, 'realtime', [{ minSingleBet: '0', profitRate: '0.19', lossRate: '0.41' }]);
    const at = new Date('2031-07-03T15:02:00Z');
    await fx.round(members[0]!, 13_37n, 0n, at);
    await fx.round(members[1]!, 7_77n, 20_01n, at);
    await fx.round(members[2]!, 9_99n, 0n, at);
    await settlement().settleRealtime(new Date('2031-07-03T15:05:01Z'));
    const [lineA, lineB] = await linesOf([a.id, b.id]);
    expect(lineA?.children_gross).toBe(lineB?.amount);
    expect(lineA!.net).toBe(lineA!.amount - lineB!.amount);
    await settlement().payPending();
    expect(await fx.cash(a)).toBe(lineA!.net);
    expect(await fx.cash(b)).toBe(lineB!.amount);
  });
});

describe('why a line pays nothing', () => {
  const dividend = [{ minValidBet: '0', minLoss: '0', minActive: 0, rate: '20' }];
  const period = { start: new Date('2031-08-01T03:00:00Z'), end: new Date('2031-08-16T03:00:00Z') };

  it('a team that won has no dividend base, and its line says so rather than "no tier reached"', async () => {
    const a = await fx.agent();
    const winner = await fx.member(a);
    const idle = await fx.agent();
    await fx.grant(a, 'dividend', dividend);
    await fx.grant(idle, 'dividend', dividend);
    await fx.round(winner, 50_00n, 120_00n, new Date('2031-08-05T15:00:00Z'));
    const run = await settlement().settlePeriod('dividend', period);
    const lines = await ctx.core.db.selectFrom('agents_settlement_line').select(['agent_id', 'base', 'amount', 'status', 'outcome']).where('run_id', '=', run!).where('agent_id', 'in', [a.id, idle.id]).execute();
    expect(lines.find((line) => line.agent_id === a.id)).toMatchObject({ base: 0n, amount: 0n, status: 'not_qualified', outcome: 'team_won' });
    expect(lines.find((line) => line.agent_id === idle.id)).toMatchObject({ outcome: 'no_loss' });

    // An agent whose contract (in force at the period's end) came after that run gets its line,
    // and the reason, from the delta run that late bets start.
    const late = await fx.agent();
    const lateWinner = await fx.member(late);
    await fx.grant(late, 'dividend', dividend);
    await fx.round(lateWinner, 10_00n, 30_00n, new Date('2031-08-06T15:00:00Z'));
    const delta = await settlement().settlePeriod('dividend', period);
    expect(delta).not.toBe(run);
    const lateLines = await ctx.core.db.selectFrom('agents_settlement_line').select(['agent_id', 'outcome']).where('run_id', '=', delta!).execute();
    expect(lateLines.find((line) => line.agent_id === late.id)).toMatchObject({ outcome: 'team_won' });
    // Agents whose line the delta changes nothing on get no second line.
    expect(lateLines.find((line) => line.agent_id === a.id)).toBeUndefined();
  });
});
