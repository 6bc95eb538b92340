import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { bearer, loginAs, type TestPlayer } from '../../../test/builders.ts';
import { agentsFixture } from '../../../test/agents-fixture.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { todayIn } from '@app/contracts';
import { activeMembers } from './reports/figures.repository.ts';

/**
 * The agent centre over HTTP: each agent sees and touches only its own tree (spec §6), reports
 * add up the team's settled rounds, registerCenter opens accounts under the agent, and bad input
 * is refused in words, never with a 500.
 */
let ctx: TestContext;
let fx: ReturnType<typeof agentsFixture>;
let top: TestPlayer;
let mid: TestPlayer;
let player: TestPlayer;
let outsider: TestPlayer;
let outsiderMember: TestPlayer;
const tokens = new Map<TestPlayer, string>();

beforeAll(async () => {
  ctx = await createTestContext();
  fx = agentsFixture(ctx.core);
  top = await fx.agent();
  mid = await fx.agent(top);
  player = await fx.member(mid);
  outsider = await fx.agent();
  outsiderMember = await fx.member(outsider);
  for (const member of [top, mid, player, outsider]) tokens.set(member, await loginAs(ctx.app, member));
  const now = new Date();
  await fx.round(player, 100_00n, 0n, now);
  await fx.round(player, 20_00n, 50_00n, now);
  await fx.round(outsiderMember, 999_00n, 0n, now);
});
afterAll(() => ctx.close());

function call(as: TestPlayer, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: bearer(tokens.get(as)!), ...(payload === undefined ? {} : { payload: payload as object }) });
}

describe('agent centre routes', () => {
  it('the overview adds up the whole team, live, and nothing from another tree', async () => {
    const response = await call(top, 'GET', '/api/agent/overview?period=today');
    expect(response.statusCode).toBe(200);
    const overview = response.json();
    expect(overview).toMatchObject({ teamSize: 2, directCount: 1, newMembers: 2, activeMembers: 1 });
    // 120.00 staked, 50.00 paid out; valid bet 100.00 + min(30.00, 20.00) = 120.00.
    expect(overview.figures).toMatchObject({ bets: 2, stake: '120.00', payout: '50.00', validBet: '120.00', profitLoss: '-70.00' });
    // The rollup moves facts into the daily rows (and counts the day's active members); the
    // answer stays the same, and so does a member crossing the threshold partly after it.
    await ctx.core.modules.agents.api.rollup();
    const rolled = (await call(top, 'GET', '/api/agent/overview?period=today')).json();
    expect([rolled.figures, rolled.activeMembers]).toEqual([overview.figures, 1]);
    expect((await call(outsider, 'GET', '/api/agent/overview?period=today')).json().figures).toMatchObject({ bets: 1, stake: '999.00' });
    // The outsider itself reaches the threshold in two steps, across a rollup.
    const active = async () => (await call(outsider, 'GET', '/api/agent/overview?period=today')).json().activeMembers;
    expect(await active()).toBe(1);
    await fx.round(outsider, 60_00n, 0n, new Date());
    expect(await active()).toBe(1);
    await ctx.core.modules.agents.api.rollup();
    await fx.round(outsider, 40_00n, 0n, new Date());
    expect(await active()).toBe(2);
    await ctx.core.modules.agents.api.rollup();
    expect(await active()).toBe(2);
    expect((await call(outsider, 'GET', '/api/agent/overview?period=thisMonth')).json().activeMembers).toBe(2);
  });

  it('counts a member active over the month on the month total, the kept count equal to the summed one', async () => {
    const agent = await fx.agent();
    const member = await fx.member(agent);
    tokens.set(agent, await loginAs(ctx.app, agent));
    const timeZone = 'America/Sao_Paulo';
    const today = todayIn(timeZone, new Date());
    const [year, month] = today.split('-').map(Number) as [number, number];
    // Noon of the month's first day in São Paulo: 60.00 then, 50.00 now; 100.00 only together.
    await fx.round(member, 60_00n, 0n, new Date(Date.UTC(year, month - 1, 1, 15)));
    const monthActive = async () => (await call(agent, 'GET', '/api/agent/overview?period=thisMonth')).json().activeMembers;
    const period = { from: `${today.slice(0, 8)}01`, to: today, timeZone };
    const summed = () => activeMembers(ctx.core.db, agent.id, period, 100_00n);
    await ctx.core.modules.agents.api.rollup();
    expect([await monthActive(), await summed()]).toEqual([0, 0]);
    await fx.round(member, 50_00n, 0n, new Date());
    // Before the rollup (the crossing read from the facts) and after it (the kept count).
    expect([await monthActive(), await summed()]).toEqual([1, 1]);
    await ctx.core.modules.agents.api.rollup();
    expect([await monthActive(), await summed()]).toEqual([1, 1]);
    const kept = await ctx.core.db.selectFrom('agents_team_month').select('active_members').where('agent_id', '=', agent.id).where('month', '=', sql<Date>`${period.from}::date`).executeTakeFirst();
    expect(kept?.active_members).toBe(1);
  });

  it("never shows or changes another tree's accounts", async () => {
    const account = outsiderMember.account;
    for (const url of [
      `/api/agent/downlines/${account}`,
      `/api/agent/bets?account=${account}`,
      `/api/agent/profit-loss?account=${account}`,
      `/api/agent/transactions?account=${account}`,
    ]) {
      const response = await call(top, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('agents.not_in_team');
    }
    expect((await call(top, 'PUT', `/api/agent/downlines/${account}/type`, { type: 0 })).json().error.code).toBe('agents.not_in_team');
    // An agent's upline is not in its team either.
    expect((await call(mid, 'GET', `/api/agent/downlines/${top.account}`)).statusCode).toBe(404);
    const list = (await call(top, 'GET', '/api/agent/downlines')).json();
    expect(list.content.map((row: { account: string }) => row.account).sort()).toEqual([mid.account, player.account].sort());
  });

  it('is for agents only', async () => {
    const response = await call(player, 'GET', '/api/agent/overview');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('auth.agent_only');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/agent/overview' })).statusCode).toBe(401);
  });

  it('reports by member, drill-down and by day; team bets and summaries', async () => {
    const byMember = (await call(top, 'GET', '/api/agent/profit-loss?groupBy=member')).json();
    expect(byMember.rows.map((row: { key: string; scope: string; figures: { stake: string } }) => [row.key, row.scope, row.figures.stake])).toEqual([
      [top.account, 'self', '0.00'],
      [mid.account, 'team', '120.00'],
    ]);
    const drill = (await call(top, 'GET', `/api/agent/profit-loss?groupBy=member&account=${mid.account}`)).json();
    expect(drill.root).toBe(mid.account);
    expect(drill.rows.map((row: { key: string }) => row.key)).toEqual([mid.account, player.account]);
    const byDay = (await call(top, 'GET', '/api/agent/profit-loss?groupBy=day&period=thisMonth')).json();
    expect(byDay.rows).toHaveLength(1);
    expect(byDay.total.profitLoss).toBe('-70.00');

    const bets = (await call(top, 'GET', `/api/agent/bets?account=${player.account}`)).json();
    expect(bets.total).toBe(2);
    expect(bets.totals).toMatchObject({ stake: '120.00', validBet: '120.00' });
    const summary = (await call(top, 'GET', `/api/agent/downlines/${mid.account}`)).json();
    expect(summary.own.stake).toBe('0.00');
    expect(summary.team.stake).toBe('120.00');
  });

  it('registerCenter opens accounts under the agent, with the registration rules', async () => {
    const account = `dl${Date.now().toString(36)}`;
    const created = await call(mid, 'POST', '/api/agent/downlines', { account, password: 'Segura#2026x', type: 0 });
    expect(created.statusCode).toBe(200);
    expect(created.json().downline).toMatchObject({ account, level: 1, upline: mid.account, grantableTypes: [0, 1] });
    expect((await call(top, 'GET', `/api/agent/downlines/${account}`)).json().downline.level).toBe(2);

    const again = await call(mid, 'POST', '/api/agent/downlines', { account, password: 'Segura#2026x', type: 0 });
    expect(again.statusCode).toBe(400);
    expect(JSON.stringify(again.json())).toContain('username_taken');
    expect((await call(mid, 'POST', '/api/agent/downlines', { account: 'x', password: '1', type: 0 })).statusCode).toBe(400);
    expect((await call(mid, 'POST', '/api/agent/downlines', { account: 'fine1234', password: 'Segura#2026x', type: 42 })).json().error.code).toBe('agents.type_not_grantable');

    // Made an agent, then back to a member: fine while it has no team of its own.
    expect((await call(mid, 'PUT', `/api/agent/downlines/${account}/type`, { type: 1 })).json().downline.isAgent).toBe(true);
    expect((await call(mid, 'PUT', `/api/agent/downlines/${account}/type`, { type: 0 })).json().downline.isAgent).toBe(false);
    // The top agent may not retype its downline's downline, nor demote an agent with a team.
    expect((await call(top, 'PUT', `/api/agent/downlines/${account}/type`, { type: 1 })).json().error.code).toBe('agents.not_direct_downline');
    expect((await call(top, 'PUT', `/api/agent/downlines/${mid.account}/type`, { type: 0 })).json().error.code).toBe('agents.has_team');
  });

  it('gives the referral link and its QR code', async () => {
    const referral = (await call(mid, 'GET', '/api/agent/referral')).json();
    expect(referral.link).toMatch(/\/register\?referralCode=[A-Z0-9]{8}$/);
    expect((await call(mid, 'GET', '/api/agent/referral')).json().referralCode).toBe(referral.referralCode);
    const qr = await ctx.app.inject({ method: 'GET', url: referral.qrUrl });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
  });

  it('refuses bad input in words, never with a 500', async () => {
    const bad = [
      ['GET', '/api/agent/overview?period=custom&from=2026-02-30&to=2026-03-01'],
      ['GET', '/api/agent/overview?period=custom&from=2025-01-01&to=2026-06-01'],
      ['GET', '/api/agent/overview?period=forever'],
      ['GET', `/api/agent/bets?pageSize=100000`],
      ['GET', `/api/agent/downlines?search=${'%'.repeat(40)}`],
      ['GET', `/api/agent/downlines/${'a'.repeat(500)}`],
      ['GET', '/api/agent/settlements?kind=bonus'],
      ['PUT', `/api/agent/downlines/${mid.account}/type`],
    ] as const;
    for (const [method, url] of bad) {
      const response = await call(top, method, url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    expect((await call(top, 'GET', '/api/agent/overview?period=custom&from=2025-01-01&to=2026-06-01')).json().error.code).toBe('agents.period_invalid');
    expect((await call(top, 'GET', '/api/agent/downlines?search=%25_')).json().total).toBe(0);
  });
});
