import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOperatorSession, newPlayer, type TestPlayer } from '../../../test/builders.ts';
import { agentsFixture } from '../../../test/agents-fixture.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/**
 * The console's tree browser: a node's direct downlines (agents first), the top agents without a
 * root, counts from the closure table, contracts in force and the team's play (rolled up or not
 * yet), paging, and bad input answered in words.
 */
let ctx: TestContext;
let fx: ReturnType<typeof agentsFixture>;
let token: string;
let top: TestPlayer;
let mid: TestPlayer;
let player: TestPlayer;
let direct: TestPlayer;
let other: TestPlayer;
let loner: TestPlayer;

beforeAll(async () => {
  ctx = await createTestContext();
  fx = agentsFixture(ctx.core);
  token = await newOperatorSession(ctx.core, ctx.app, 'finance');
  top = await fx.agent();
  mid = await fx.agent(top);
  player = await fx.member(mid);
  await fx.member(mid);
  direct = await fx.member(top);
  other = await fx.agent();
  loner = await newPlayer(ctx.core);
  await fx.grant(top, 'daily', [{ minValidBet: '0', minActive: 0, rate: '1' }]);
  await fx.contract(top, mid, 'daily', [{ minValidBet: '0', minActive: 0, rate: '0.5' }]);
  const now = new Date();
  await fx.round(player, 100_00n, 0n, now);
  await ctx.core.modules.agents.api.rollup();
  // After the rollup: the answer adds the facts not rolled up yet.
  await fx.round(player, 20_00n, 50_00n, now);
  await fx.round(direct, 10_00n, 0n, now);
});
afterAll(() => ctx.close());

const tree = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/backoffice/agents/tree${query}`, headers: bearer(token) });

describe('GET /api/backoffice/agents/tree', () => {
  it('lists the top agents (agent accounts without an upline), not members without an upline', async () => {
    const accounts: string[] = [];
    for (let pageNo = 1; ; pageNo += 1) {
      const response = await tree(`?pageSize=100&pageNo=${pageNo}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json();
      expect(page.root).toBeNull();
      expect(page.path).toEqual([]);
      accounts.push(...page.content.map((node: { account: string }) => node.account));
      if (accounts.length >= page.total) break;
    }
    expect(accounts).toEqual(expect.arrayContaining([top.account, other.account]));
    expect(accounts).not.toContain(loner.account);
    expect(accounts).not.toContain(mid.account);
    expect([...accounts].sort()).toEqual(accounts);
  });

  it("a node with its direct downlines, agents first, each with counts, contracts and the team's play", async () => {
    const response = await tree(`?root=${top.account.toUpperCase()}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.root).toMatchObject({ account: top.account, level: 0, isAgent: true, directCount: 2, teamSize: 4, contracts: [{ kind: 'daily', upline: null, maxRate: '1', version: 1 }] });
    // 100.00 lost, 20.00 won back 50.00 (valid 100.00 + 20.00), 10.00 lost: stake 130.00, payout 50.00.
    expect(page.root.today).toEqual({ bets: 3, stake: '130.00', validBet: '130.00', ggr: '80.00' });
    expect(page.root.month).toEqual(page.root.today);
    expect(page.path).toEqual([]);
    expect(page.total).toBe(2);
    expect(page.content.map((node: { account: string }) => node.account)).toEqual([mid.account, direct.account]);
    expect(page.content[0]).toMatchObject({ level: 1, isAgent: true, directCount: 2, teamSize: 2, contracts: [{ kind: 'daily', upline: top.account, maxRate: '0.5' }] });
    expect(page.content[0].today).toEqual({ bets: 2, stake: '120.00', validBet: '120.00', ggr: '70.00' });
    expect(page.content[1]).toMatchObject({ level: 1, isAgent: false, directCount: 0, teamSize: 0, contracts: [], today: { bets: 1, stake: '10.00', validBet: '10.00', ggr: '10.00' } });
    expect(page.days.timeZone).toBe('America/Sao_Paulo');
    expect(page.days.monthFrom).toBe(`${page.days.today.slice(0, 8)}01`);
  });

  it('a deeper node comes with its path of uplines; pages and the agents-only filter', async () => {
    const page = (await tree(`?root=${mid.account}&pageSize=1`)).json();
    expect(page.path).toEqual([{ account: top.account, level: 0 }]);
    expect(page.root).toMatchObject({ account: mid.account, level: 1 });
    expect(page).toMatchObject({ total: 2, pageNo: 1, pageSize: 1 });
    const second = (await tree(`?root=${mid.account}&pageSize=1&pageNo=2`)).json();
    expect(second.content).toHaveLength(1);
    expect(second.content[0]).toMatchObject({ level: 2, isAgent: false });
    expect(second.content[0].account).not.toBe(page.content[0].account);
    expect((await tree(`?root=${mid.account}&pageNo=3&pageSize=1`)).json()).toMatchObject({ total: 2, content: [] });

    const agents = (await tree(`?root=${top.account}&agentsOnly=true`)).json();
    expect(agents).toMatchObject({ total: 1, content: [{ account: mid.account }] });
    // A leaf: no downlines.
    expect((await tree(`?root=${player.account}`)).json()).toMatchObject({ root: { account: player.account, level: 2, teamSize: 0 }, content: [], total: 0, path: [{ account: top.account }, { account: mid.account }] });
  });

  it('refuses bad input in words, never with a 500', async () => {
    const notFound = await tree('?root=nobody-at-all');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().error.code).toBe('agents.member_not_found');
    for (const hostile of ["' or 1=1 --", '<script>alert(1)</script>', '../../etc/passwd', '%F0%9F%98%80', 'a%20b']) {
      const response = await tree(`?root=${encodeURIComponent(hostile)}`);
      expect(response.statusCode, hostile).toBe(404);
      expect(response.json().error.code).toBe('agents.member_not_found');
    }
    for (const query of ['?root=', '?root=%20%20', `?root=${'a'.repeat(65)}`, '?pageSize=0', '?pageSize=101', '?pageNo=abc', '?pageNo=-1', '?agentsOnly=yes', '?root=x%00y']) {
      const response = await tree(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code, query).toBe('validation.failed');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/backoffice/agents/tree' })).statusCode).toBe(401);
  });
});
