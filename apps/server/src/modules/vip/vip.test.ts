import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VipOverviewSchema, VipStateSchema, type VipLevelInput } from '@app/contracts';
import { bearer, loginAs, newOperatorSession, newPlayer, type TestPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/**
 * VIP levels from the facts (agents_v_member_day, payments_v_deposit): thresholds reached exactly,
 * upgrade bonuses paid once under re-runs and concurrency, the month's turn (retention step down,
 * monthly bonus, once), and the operator's validation. Facts are written straight into the
 * agents' and payments' tables here, as their own modules would.
 */
let ctx: TestContext;
let owner: string;
const TZ = 'America/Sao_Paulo';

const noBonus = { amount: '0.00', wageringMultiple: 0 };
const rebates = { live: '0.3', slots: '0.3', sports: '0.3', lottery: '0.1', pvp: '0.1', fish: '0.3' };
function level(rank: number, overrides: Partial<VipLevelInput> = {}): VipLevelInput {
  return { rank, names: { pt: `Nível ${rank}`, en: `Level ${rank}` }, badge: 'colour:gold', minValidBet: '0.00', minDeposit: '0.00', retentionValidBet: '0.00', upgradeBonus: noBonus, monthlyBonus: noBonus, bonusValidDays: 30, rebates, withdrawalLimitPerDay: null, ...overrides };
}

const putLevel = (input: VipLevelInput, token = owner) => ctx.app.inject({ method: 'PUT', url: `/api/backoffice/vip/levels/${input.rank}`, headers: bearer(token), payload: input });

/** Valid bet on a day of the site's calendar (as the agents' rollup writes it). */
async function playOn(member: TestPlayer, day: string, validBet: bigint) {
  await sql`insert into agents_member_day as d (day, member_id, bets, stake, payout, valid_bet) values (${day}::date, ${member.id}, 1, ${validBet}, 0, ${validBet})
    on conflict (day, member_id) do update set valid_bet = d.valid_bet + excluded.valid_bet`.execute(ctx.core.db);
}

/** A credited deposit (as the payments module records one). */
async function deposit(member: TestPlayer, amount: bigint) {
  const txid = randomBytes(15).toString('hex');
  await sql`insert into payments_deposit (member_id, request_id, amount, status, provider, txid, br_code, expires_at, credited_at)
    values (${member.id}, ${`req${txid.slice(0, 20)}`}, ${amount}, 'credited', 'test', ${txid}, 'x', now() + interval '1 hour', now())`.execute(ctx.core.db);
}

const siteDay = async (expression: string) =>
  (await sql<{ day: string }>`select to_char((${sql.raw(expression)}), 'YYYY-MM-DD') as day from (select (now() at time zone ${TZ}) as t) local`.execute(ctx.core.db)).rows[0]!.day;

const vipGrants = async (member: TestPlayer) =>
  (await sql<{ key: string; amount: bigint; wagering_multiple: string }>`select key, amount, wagering_multiple::text from bonus_grant where member_id = ${member.id} and key like 'vip:%' order by key`.execute(ctx.core.db)).rows;

let today: string;
let previousMonth: string;
let twoMonthsAgo: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await newOperatorSession(ctx.core, ctx.app, 'owner');
  today = await siteDay('t::date');
  previousMonth = await siteDay("(date_trunc('month', t) - interval '1 month')::date + 3");
  twoMonthsAgo = await siteDay("(date_trunc('month', t) - interval '2 month')::date + 3");
  for (const input of [
    level(0),
    level(1, { minValidBet: '100.00', minDeposit: '10.00', retentionValidBet: '50.00', upgradeBonus: { amount: '5.00', wageringMultiple: 2 }, monthlyBonus: { amount: '2.00', wageringMultiple: 1 }, withdrawalLimitPerDay: '1000.00' }),
    level(2, { minValidBet: '500.00', minDeposit: '50.00', retentionValidBet: '100.00', upgradeBonus: { amount: '20.00', wageringMultiple: 3 }, monthlyBonus: { amount: '8.00', wageringMultiple: 1 }, rebates: { ...rebates, slots: '0.75' } }),
    level(3, { minValidBet: '2000.00', minDeposit: '50.00', retentionValidBet: '500.00' }),
  ]) {
    const response = await putLevel(input);
    expect(response.statusCode, response.body).toBe(200);
  }
}, 60_000);
afterAll(async () => ctx.close());

describe('level from facts', () => {
  it('reaches a level exactly at both thresholds, not a centavo before', async () => {
    const vip = ctx.core.modules.vip.api;
    const shortBet = await newPlayer(ctx.core);
    await playOn(shortBet, today, 9_999n);
    await deposit(shortBet, 1_000n);
    const shortDeposit = await newPlayer(ctx.core);
    await playOn(shortDeposit, today, 10_000n);
    await deposit(shortDeposit, 999n);
    const exact = await newPlayer(ctx.core);
    await playOn(exact, today, 6_000n);
    const yesterday = await siteDay("(t - interval '1 day')::date");
    await playOn(exact, yesterday, 4_000n);
    await deposit(exact, 400n);
    await deposit(exact, 600n);
    for (const member of [shortBet, shortDeposit, exact]) await vip.refreshMember(member.id);
    expect(await vip.levelOf(shortBet.id)).toBe(0);
    expect(await vip.levelOf(shortDeposit.id)).toBe(0);
    expect(await vip.levelOf(exact.id)).toBe(1);

    // The member's page: progress to the next level in centavos and percent, both thresholds.
    const token = await loginAs(ctx.app, exact);
    const page = VipOverviewSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/vip', headers: bearer(token) })).json());
    expect(page.rank).toBe(1);
    expect(page.next).toEqual({
      rank: 2,
      validBet: { current: '100.00', required: '500.00', remaining: '400.00', percent: 20 },
      deposits: { current: '10.00', required: '50.00', remaining: '40.00', percent: 20 },
    });
    // The month's valid bet counts this month's days only: on the 1st, yesterday's 40.00 was last month's.
    expect(page.retention.monthValidBet).toBe(yesterday.slice(0, 7) === today.slice(0, 7) ? '100.00' : '60.00');
    expect(page.retention.required).toBe('50.00');
    expect(page.levels.map((row) => row.names.pt)).toEqual(['Nível 0', 'Nível 1', 'Nível 2', 'Nível 3']);
    const state = VipStateSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/vip/state?lang=en', headers: bearer(token) })).json());
    expect(state).toEqual({ hasVip: true, vipLabelName: 'Level 1', vipRankLevel: 1, badge: 'colour:gold' });
    expect(await vip.withdrawalLimitOf(exact.id)).toBe(100_000n);
    expect(await vip.withdrawalLimitOf(shortBet.id)).toBeNull();
    expect((await vip.rebateRates(2))?.slots).toBe('0.75');
    expect(await vip.rebateRates(9)).toBeNull();
  });

  it('a member who never played is at the base level with progress from zero', async () => {
    const member = await newPlayer(ctx.core);
    const token = await loginAs(ctx.app, member);
    const page = VipOverviewSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/vip', headers: bearer(token) })).json());
    expect(page.rank).toBe(0);
    expect(page.next?.validBet).toEqual({ current: '0.00', required: '100.00', remaining: '100.00', percent: 0 });
  });
});

/** A settled round as the provider writes it: its trigger records the agents' fact (not rolled up until the rollup runs). */
const settleRound = (member: TestPlayer, round: string, bet: bigint, win: bigint) =>
  sql`insert into provider_round (vendor_code, member_id, round_id, game_code, bet, win, status, closed_at)
      values ('VIPTEST', ${member.id}, ${round}, 'g', ${bet}, ${win}, 'settled', now())`.execute(ctx.core.db);

describe('progress between rollups', () => {
  it('counts settled rounds the rollup has not taken yet, once, before and after the rollup', async () => {
    const vip = ctx.core.modules.vip.api;
    const member = await newPlayer(ctx.core);
    await deposit(member, 1_000n);
    await playOn(member, today, 2_000n);
    const token = await loginAs(ctx.app, member);
    const page = async () => VipOverviewSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/vip', headers: bearer(token) })).json());

    await settleRound(member, 'vip-r1', 5_000n, 0n);
    let shown = await page();
    expect(shown).toMatchObject({ rank: 0, validBet: '70.00', retention: { monthValidBet: '70.00' } });
    await settleRound(member, 'vip-r2', 3_000n, 9_000n);
    shown = await page();
    // 20.00 rolled up + 50.00 + 30.00 settled a moment ago: level 1 reached on the page itself.
    expect(shown).toMatchObject({ rank: 1, validBet: '100.00', retention: { monthValidBet: '100.00' } });

    expect(await ctx.core.modules.agents.api.rollup()).toBeGreaterThanOrEqual(2);
    expect(await page()).toMatchObject({ rank: 1, validBet: '100.00', retention: { monthValidBet: '100.00' } });
    await vip.recomputeAll({ payDues: false });
    const stored = await sql<{ valid_bet: bigint }>`select valid_bet from vip_member where member_id = ${member.id}`.execute(ctx.core.db);
    expect(stored.rows[0]!.valid_bet).toBe(10_000n);
  });

  it('the recent-members job finds a member whose only play is not rolled up yet', async () => {
    const member = await newPlayer(ctx.core);
    await deposit(member, 1_000n);
    await settleRound(member, 'vip-r3', 10_000n, 0n);
    await ctx.core.modules.vip.api.recomputeRecent({ payDues: false });
    expect(await ctx.core.modules.vip.api.levelOf(member.id)).toBe(1);
    await ctx.core.modules.agents.api.rollup();
    await ctx.core.modules.vip.api.recomputeRecent({ payDues: false });
    const stored = await sql<{ valid_bet: bigint }>`select valid_bet from vip_member where member_id = ${member.id}`.execute(ctx.core.db);
    expect(stored.rows[0]!.valid_bet).toBe(10_000n);
  });
});

describe('upgrade bonus', () => {
  it('pays each level passed once, whatever re-runs and concurrent recomputes happen', async () => {
    const vip = ctx.core.modules.vip.api;
    const member = await newPlayer(ctx.core);
    await playOn(member, today, 60_000n);
    await deposit(member, 6_000n);
    // Ten page loads, the recent-members job and the all-members recompute, all at once.
    const token = await loginAs(ctx.app, member);
    await Promise.all([
      ...Array.from({ length: 10 }, () => ctx.app.inject({ method: 'GET', url: '/api/vip', headers: bearer(token) })),
      vip.recomputeRecent(),
      vip.recomputeAll(),
      vip.refreshMember(member.id),
    ]);
    await vip.recomputeAll();
    await vip.payDues();
    expect(await vip.levelOf(member.id)).toBe(2);
    expect(await vipGrants(member)).toEqual([
      { key: `vip:upgrade:${member.id}:1`, amount: 500n, wagering_multiple: '2.00' },
      { key: `vip:upgrade:${member.id}:2`, amount: 2_000n, wagering_multiple: '3.00' },
    ]);
    // The bonus details page lists them as bonus money with their wagering.
    const summary = (await ctx.app.inject({ method: 'GET', url: '/api/bonus/summary', headers: bearer(token) })).json();
    expect(summary.balance).toBe('25.00');
    expect(summary.grants.map((grant: { sourceKind: string; required: string }) => [grant.sourceKind, grant.required]).sort()).toEqual([
      ['vip', '10.00'],
      ['vip', '60.00'],
    ]);
  });
});

describe('month turn', () => {
  it('steps a member short of retention down one level, once; keepers and new arrivals stay; monthly bonus once per month', async () => {
    const vip = ctx.core.modules.vip.api;
    const short = await newPlayer(ctx.core);
    await playOn(short, twoMonthsAgo, 60_000n);
    await playOn(short, previousMonth, 9_999n);
    await deposit(short, 6_000n);
    const keeper = await newPlayer(ctx.core);
    await playOn(keeper, twoMonthsAgo, 50_000n);
    await playOn(keeper, previousMonth, 10_000n);
    await deposit(keeper, 6_000n);
    const arrival = await newPlayer(ctx.core);
    await playOn(arrival, twoMonthsAgo, 60_000n);
    await deposit(arrival, 6_000n);
    for (const member of [short, keeper, arrival]) await vip.refreshMember(member.id);
    // short and keeper reached level 2 before last month; arrival during it.
    await sql`update vip_member set since = now() - interval '70 days' where member_id in (${short.id}, ${keeper.id})`.execute(ctx.core.db);
    await sql`update vip_member set since = (date_trunc('month', now() at time zone ${TZ}) - interval '1 month' + interval '5 days') at time zone ${TZ} where member_id = ${arrival.id}`.execute(ctx.core.db);

    const first = await vip.monthTurn();
    expect(first?.steppedDown).toBeGreaterThanOrEqual(1);
    expect(await vip.monthTurn()).toBeNull();
    expect(await vip.levelOf(short.id)).toBe(1);
    expect(await vip.levelOf(keeper.id)).toBe(2);
    expect(await vip.levelOf(arrival.id)).toBe(2);

    // After the step down the counted figures restart at level 1's thresholds: no instant re-upgrade.
    await vip.refreshMember(short.id);
    expect(await vip.levelOf(short.id)).toBe(1);
    const token = await loginAs(ctx.app, short);
    const page = VipOverviewSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/vip', headers: bearer(token) })).json());
    expect(page.validBet).toBe('100.00');
    expect(page.deposits).toBe('10.00');
    expect(page.next?.validBet.remaining).toBe('400.00');

    // Monthly bonus of the level held after the turn, once; the upgrade bonus of level 2 is not paid again on a re-climb.
    const month = (await sql<{ m: string }>`select to_char(now() at time zone ${TZ}, 'YYYY-MM') as m`.execute(ctx.core.db)).rows[0]!.m;
    const monthly = (member: TestPlayer) => vipGrants(member).then((rows) => rows.filter((row) => row.key.startsWith('vip:monthly:')));
    expect(await monthly(short)).toEqual([{ key: `vip:monthly:${short.id}:${month}`, amount: 200n, wagering_multiple: '1.00' }]);
    expect(await monthly(keeper)).toEqual([{ key: `vip:monthly:${keeper.id}:${month}`, amount: 800n, wagering_multiple: '1.00' }]);
    await playOn(short, today, 40_000n);
    await deposit(short, 4_000n);
    await vip.refreshMember(short.id);
    expect(await vip.levelOf(short.id)).toBe(2);
    expect((await vipGrants(short)).filter((row) => row.key.startsWith('vip:upgrade:')).map((row) => row.key)).toEqual([`vip:upgrade:${short.id}:1`, `vip:upgrade:${short.id}:2`]);
  });
});

describe('operator validation', () => {
  const fieldsOf = (body: string) => (JSON.parse(body) as { error: { code: string; details?: { fields?: { path: string }[] } } }).error;

  it('refuses gaps in ranks, a paying base level and thresholds out of order, naming the fields', async () => {
    const gap = await putLevel(level(6, { minValidBet: '9000.00' }));
    expect(gap.statusCode).toBe(400);
    expect(fieldsOf(gap.body).code).toBe('validation.failed');
    expect(fieldsOf(gap.body).details?.fields?.map((field) => field.path)).toEqual(['rank']);

    const base = await putLevel(level(0, { minValidBet: '1.00', upgradeBonus: { amount: '1.00', wageringMultiple: 1 } }));
    expect(base.statusCode).toBe(400);
    expect(fieldsOf(base.body).details?.fields?.map((field) => field.path)).toEqual(['minValidBet', 'upgradeBonus.amount']);

    const order = await putLevel(level(2, { minValidBet: '50.00', minDeposit: '5000.00' }));
    expect(order.statusCode).toBe(400);
    expect(fieldsOf(order.body).details?.fields?.map((field) => field.path)).toEqual(['minValidBet', 'minDeposit']);

    const badge = await putLevel(level(1, { badge: 'javascript:alert(1)' }));
    expect(badge.statusCode).toBe(400);
    expect(fieldsOf(badge.body).code).toBe('validation.failed');
  });

  it('audits each change with the level before and after', async () => {
    const saved = await putLevel(level(3, { minValidBet: '2000.00', minDeposit: '50.00', retentionValidBet: '500.00', names: { pt: 'Platina', en: 'Platinum' } }));
    expect(saved.statusCode, saved.body).toBe(200);
    const audit = (await sql<{ action: string; details: { before: { names: { pt: string } }; after: { names: { pt: string } } } }>`select action, details from backoffice_audit where target_type = 'vip_level_definition' and target_id = '3' order by id desc limit 1`.execute(ctx.core.db)).rows[0];
    expect(audit?.action).toBe('vip.level.updated');
    expect(audit?.details.before.names.pt).toBe('Nível 3');
    expect(audit?.details.after.names.pt).toBe('Platina');
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/backoffice/vip/levels', headers: bearer(owner) })).json();
    expect(list.levels.map((row: { rank: number }) => row.rank)).toEqual([0, 1, 2, 3]);
    const atTwo = (await ctx.app.inject({ method: 'GET', url: '/api/backoffice/vip/members?rank=2', headers: bearer(owner) })).json();
    expect(atTwo.total).toBeGreaterThanOrEqual(3);
    // A support operator has no promotions.manage.
    const support = await newOperatorSession(ctx.core, ctx.app, 'support');
    expect((await putLevel(level(3), support)).statusCode).toBe(403);
  });
});
