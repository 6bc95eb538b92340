import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlayer } from '../../../../test/builders.ts';
import { agentsFixture } from '../../../../test/agents-fixture.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';

/**
 * Who pays a contract (docs/agent-commissions.md "Who pays"): whoever gave it. An operator grant
 * that replaces an upline's offer is the platform's to pay; a contract whose holder's own contract
 * ended ends with it. The agents affected are told. Future periods: every contract made here is in
 * force at their end.
 */
let ctx: TestContext;
let fx: ReturnType<typeof agentsFixture>;
beforeAll(async () => {
  ctx = await createTestContext();
  fx = agentsFixture(ctx.core);
});
afterAll(() => ctx.close());

const api = () => ctx.core.modules.agents.api;
const asMember = (player: TestPlayer) => ({ id: player.id, account: player.account, type: 1 });
const day = (date: string) => ({ start: new Date(`${date}T03:00:00Z`), end: new Date(new Date(`${date}T03:00:00Z`).getTime() + 86_400_000) });
const daily = (rate: string) => [{ minValidBet: '0', minActive: 0, rate }];
const notices = async (player: TestPlayer) => (await api().contracts.notices(asMember(player), 'daily')).notices.map((notice) => ({ kind: notice.kind, upline: notice.upline, downline: notice.downline, downlines: notice.downlines }));

describe('who pays', () => {
  it('an operator grant replacing the contract an upline offered is paid by the platform, and both agents are told', async () => {
    const a = await fx.agent();
    const b = await fx.agent(a);
    const m1 = await fx.member(b);
    await fx.grant(a, 'daily', daily('1'));
    await fx.contract(a, b, 'daily', daily('0.5'));
    const granted = await fx.grant(b, 'daily', daily('0.4'));
    expect(granted.upline).toBeNull();
    expect(await notices(a)).toEqual([{ kind: 'grant_replaced_offer', upline: null, downline: b.account, downlines: [] }]);
    expect(await notices(b)).toEqual([{ kind: 'grant_replaced_mine', upline: a.account, downline: null, downlines: [] }]);

    await fx.round(m1, 100_00n, 0n, new Date('2031-09-10T15:00:00Z'));
    const run = await api().settlement.settlePeriod('daily', day('2031-09-10'));
    // B: 0.4 % of 100.00 from the platform. A: 1 % of its team's 100.00, and it pays B nothing.
    expect(await fx.lines(run, [a, b])).toEqual([
      { agent: a.account, payer: 'platform', base: 100_00n, gross: 100n, childrenGross: 0n, net: 100n, amount: 100n, status: 'calculated' },
      { agent: b.account, payer: 'platform', base: 100_00n, gross: 40n, childrenGross: 0n, net: 40n, amount: 40n, status: 'calculated' },
    ]);
    await api().settlement.payPending();
    expect([await fx.cash(a), await fx.cash(b)]).toEqual([100n, 40n]);

    const read = await api().contracts.markNoticesRead(asMember(a), 'daily');
    expect(read).toBe(1);
    expect((await api().contracts.notices(asMember(a), 'daily')).unread).toBe(0);
  });

  it('an agent ending its own contract ends the contracts it gave below it: nobody pays them', async () => {
    const a = await fx.agent();
    const b = await fx.agent(a);
    const c = await fx.agent(b);
    const m1 = await fx.member(c);
    await fx.grant(a, 'daily', daily('1'));
    const contractB = await fx.contract(a, b, 'daily', daily('0.6'));
    const contractC = await fx.contract(b, c, 'daily', daily('0.3'));

    await api().contracts.decide(asMember(b), BigInt(contractB.id), 'terminate');
    const statuses = await ctx.core.db.selectFrom('agents_contract').select(['id', 'status', 'ended_by']).where('id', 'in', [BigInt(contractB.id), BigInt(contractC.id)]).orderBy('id').execute();
    expect(statuses.map((row) => [row.status, row.ended_by])).toEqual([
      ['terminated', b.account],
      ['terminated', b.account],
    ]);
    expect(await notices(c)).toEqual([{ kind: 'ended_with_payer', upline: b.account, downline: null, downlines: [] }]);
    expect(await notices(b)).toEqual([{ kind: 'downline_contracts_ended', upline: null, downline: null, downlines: [c.account] }]);

    await fx.round(m1, 100_00n, 0n, new Date('2031-09-11T15:00:00Z'));
    const run = await api().settlement.settlePeriod('daily', day('2031-09-11'));
    // Only A holds a contract at the day's end: it keeps its whole 1 %; B and C have no line.
    expect(await fx.lines(run, [a, b, c])).toEqual([{ agent: a.account, payer: 'platform', base: 100_00n, gross: 100n, childrenGross: 0n, net: 100n, amount: 100n, status: 'calculated' }]);
  });
});
