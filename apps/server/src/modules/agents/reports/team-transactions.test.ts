import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, type TestPlayer } from '../../../../test/builders.ts';
import { agentsFixture } from '../../../../test/agents-fixture.ts';
import { insertFixtureCatalogue } from '../../../../test/catalogue-fixture.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import { todayIn } from '@app/contracts';

/**
 * Issue 20: what an agent sees of its team's account records (no operator reason, games by name,
 * a commission's period as an instant), its own transfers page, and periods of up to 366 days.
 */
let ctx: TestContext;
let top: TestPlayer;
let mid: TestPlayer;
let player: TestPlayer;
let token: string;

// The wallet's journal shape, through the composed API (a module's test does not import another module).
type Journal = Parameters<TestContext['core']['modules']['wallet']['api']['postOrThrow']>[1];
const post = (journal: Journal) => ctx.core.db.transaction().execute((tx) => ctx.core.modules.wallet.api.postOrThrow(tx, journal));
const get = async (url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: response.statusCode, body: response.json() };
};

beforeAll(async () => {
  ctx = await createTestContext();
  await insertFixtureCatalogue(ctx.core.db);
  const fx = agentsFixture(ctx.core);
  top = await fx.agent(undefined, 1_000_00n);
  mid = await fx.agent(top);
  player = await fx.member(mid);
  token = await loginAs(ctx.app, top);
  await post({ key: `t20:adj:${player.id}`, type: 'adjustment', reference: 'adjustment #7: chargeback suspeito, ver e-mail do banco', legs: [{ member: player.id, amount: 50_00n }, { house: 'adjustments', amount: -50_00n }] });
  await post({ key: `t20:bet:${player.id}`, type: 'bet', vendor: 'TSLOT', product: 'slots', reference: 'tiger/r-123', legs: [{ member: player.id, amount: -10_00n }, { house: 'game_revenue:tslot', amount: 10_00n }] });
  await post({ key: `t20:com:${mid.id}`, type: 'commission', reference: 'daily 2026-11-28T03:00:00.000Z', legs: [{ member: mid.id, amount: 1_00n }, { house: 'commission_expense', amount: -1_00n }] });
  // Down to mid, then back up from mid: two transfers as the wallet's transfer service posts them.
  await post({ key: `t20:down:${top.id}`, type: 'agent_transfer_downline', reference: `${top.account} → ${mid.account}`, legs: [{ member: top.id, amount: -30_00n }, { member: mid.id, amount: 30_00n }] });
  await post({ key: `t20:up:${mid.id}`, type: 'agent_transfer_upline', reference: `${mid.account} → ${top.account}`, legs: [{ member: mid.id, amount: -5_00n }, { member: top.id, amount: 5_00n }] });
});
afterAll(() => ctx.close());

describe('team bets as an agent sees them', () => {
  it('names each round’s game in the asked language, and a game no catalogue lists by its code', async () => {
    const fx = agentsFixture(ctx.core);
    await fx.round(player, 5_00n, 0n, new Date(), { vendor: 'TSLOT', code: 'tiger' });
    await fx.round(player, 7_00n, 0n, new Date());
    const names = async (language: string) => ((await get(`/api/agent/bets?account=${player.account}&language=${language}`)).body.content as { gameCode: string; gameName: string }[]).map((row) => [row.gameCode, row.gameName]).sort();
    expect(await names('pt')).toEqual([['test', 'test'], ['tiger', 'Tigre da Fortuna']]);
    expect(await names('en')).toEqual([['test', 'test'], ['tiger', 'Fortune Tiger']]);
    expect((await get(`/api/agent/bets?language=xx`)).status).toBe(400);
  });
});

describe('team transactions as an agent sees them', () => {
  it('hides the operator reason, names the game, and gives the commission period as an instant', async () => {
    const { status, body } = await get(`/api/agent/transactions?account=${player.account}`);
    expect(status).toBe(200);
    const byType = new Map(body.content.map((row: { type: string; detail: unknown }) => [row.type, row.detail]));
    expect(byType.get('adjustment')).toEqual({ kind: 'adjustment' });
    expect(JSON.stringify(body)).not.toContain('chargeback');
    expect(byType.get('bet')).toEqual({ kind: 'game', gameName: 'Tigre da Fortuna', roundId: 'r-123' });
    const english = await get(`/api/agent/transactions?account=${player.account}&type=bet&language=en`);
    expect(english.body.content[0].detail).toEqual({ kind: 'game', gameName: 'Fortune Tiger', roundId: 'r-123' });
    const commission = await get(`/api/agent/transactions?account=${mid.account}&type=commission`);
    expect(commission.body.content[0].detail).toEqual({ kind: 'commission', contractKind: 'daily', periodStart: '2026-11-28T03:00:00.000Z' });
  });
});

describe('the transfers page', () => {
  it("lists the agent's own transfers with direction, counterpart and balance after", async () => {
    const { status, body } = await get('/api/agent/transfers?period=today');
    expect(status).toBe(200);
    expect(body.total).toBe(2);
    expect(body.content.map((row: Record<string, unknown>) => [row.direction, row.counterpart, row.amount, row.balanceAfter])).toEqual([
      ['fromDownline', mid.account, '5.00', '975.00'],
      ['toDownline', mid.account, '-30.00', '970.00'],
    ]);
    const midToken = await loginAs(ctx.app, mid);
    const asMid = (await ctx.app.inject({ method: 'GET', url: '/api/agent/transfers', headers: bearer(midToken) })).json();
    expect(asMid.content.map((row: { direction: string; counterpart: string }) => [row.direction, row.counterpart])).toEqual([
      ['toUpline', top.account],
      ['fromUpline', top.account],
    ]);
    expect((await get('/api/agent/transfers?period=custom&from=2020-01-01&to=2020-01-31')).body.total).toBe(0);
  });
});

describe('report periods', () => {
  it('takes a custom period of up to 366 days and refuses a longer one in words', async () => {
    const today = todayIn('America/Sao_Paulo', new Date());
    const yearAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10);
    const dayMore = new Date(Date.parse(`${today}T00:00:00Z`) - 366 * 86_400_000).toISOString().slice(0, 10);
    const long = await get(`/api/agent/overview?period=custom&from=${yearAgo}&to=${today}`);
    expect(long.status).toBe(200);
    expect(long.body.period).toMatchObject({ from: yearAgo, to: today });
    const tooLong = await get(`/api/agent/transfers?period=custom&from=${dayMore}&to=${today}`);
    expect([tooLong.status, tooLong.body.error.code]).toEqual([400, 'agents.period_invalid']);
  });
});
