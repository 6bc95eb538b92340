import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeriodicConfigInput, PeriodicRun } from '@app/contracts';
import { bearer, loginAs, newOperatorSession, newPlayer, type TestPlayer } from '../../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import { promotionInput } from '../promotions-test-fixtures.ts';
import { ensureParticipation } from '../participation.repository.ts';
import { createPeriodicService } from './periodic.service.ts';

/**
 * Periodic rewards against real PostgreSQL: rounds are written to provider_round (the provider's
 * trigger writes the agents' facts) and their facts re-dated into the period under test. Days are
 * the site's (America/Sao_Paulo, UTC−3): 2026-01-14 runs from 03:00 UTC on the 14th to 03:00 UTC
 * on the 15th.
 */
let ctx: TestContext;
let owner: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await newOperatorSession(ctx.core, ctx.app, 'owner');
}, 120_000);
afterAll(() => ctx.close());

const DAY = '2026-01-14';
const IN_DAY = new Date('2026-01-14T15:00:00Z');
const NEXT_DAY = new Date('2026-01-15T04:00:00Z');
const WEEK = '2026-01-12';

const REBATE_RATES: PeriodicConfigInput = {
  kind: 'rebate',
  rates: [
    { vipLevel: 0, productType: 'live', percent: '1' },
    { vipLevel: 0, productType: 'slots', percent: '0.5' },
    { vipLevel: 0, productType: 'sports', percent: '0.8' },
    { vipLevel: 0, productType: 'lottery', percent: '0.3' },
    { vipLevel: 0, productType: 'pvp', percent: '0.2' },
    { vipLevel: 0, productType: 'fish', percent: '0.6' },
    // Members at VIP level 3 and above.
    { vipLevel: 3, productType: 'live', percent: '5' },
  ],
};

async function createPromotion(type: 'rebate' | 'cashback', options: { budget?: string; max?: string } = {}): Promise<bigint> {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/backoffice/promotions',
    headers: bearer(owner),
    payload: promotionInput({ type, startsAt: '2026-01-01T00:00:00.000Z', budget: options.budget ?? '1000.00', memberCap: options.max ?? '100.00', reward: { kind: 'cash', amount: options.max ?? '100.00' } }),
  });
  expect(created.statusCode, created.body).toBe(201);
  return BigInt(created.json().id as string);
}

async function configure(id: bigint, config: PeriodicConfigInput) {
  const saved = await ctx.app.inject({ method: 'PUT', url: `/api/backoffice/promotions/${id}/periodic`, headers: bearer(owner), payload: config });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json();
}

/** A member who joined the promotion before the periods under test. */
async function joined(promotionId: bigint, player?: TestPlayer): Promise<TestPlayer> {
  const member = player ?? (await newPlayer(ctx.core));
  await ensureParticipation(ctx.core.db, { promotionId, memberId: member.id, state: 'joined', cpf: null });
  await ctx.core.db.updateTable('promotions_participation').set({ created_at: new Date('2025-12-31T00:00:00Z') }).where('promotion_id', '=', promotionId).where('member_id', '=', member.id).execute();
  return member;
}

/** One settled round of this game type (stake and payout in centavos), its fact dated `at`. */
async function round(player: TestPlayer, gameType: string | null, stake: bigint, payout: bigint, at: Date) {
  const roundId = `p-${randomUUID()}`;
  await ctx.core.db
    .insertInto('provider_round')
    .values({ vendor_code: 'TESTVENDOR', member_id: player.id, round_id: roundId, game_code: 'test', game_type: gameType, bet: stake, win: payout, status: 'settled', opened_at: at, closed_at: at })
    .execute();
  await ctx.core.db.updateTable('agents_bet_fact').set({ settled_at: at }).where('member_id', '=', player.id).where('round_id', '=', roundId).execute();
}

async function rewardsOf(promotionId: bigint) {
  const rows = await ctx.core.db.selectFrom('promotions_reward').select(['member_id', 'amount', 'source_key', 'status', 'id']).where('promotion_id', '=', promotionId).orderBy('member_id').execute();
  return rows;
}

const amountOf = async (promotionId: bigint, member: TestPlayer) => (await rewardsOf(promotionId)).filter((row) => row.member_id === member.id).map((row) => row.amount);

describe('daily rebate', () => {
  it('pays each product type its rate of valid bet, for joined members, in the day only', async () => {
    const id = await createPromotion('rebate', { max: '3.00' });
    await configure(id, REBATE_RATES);
    const [all, small, big, unknown] = [await joined(id), await joined(id), await joined(id), await joined(id)];
    const outsider = await newPlayer(ctx.core);
    // A lost round's valid bet is its stake: R$ 100 live, R$ 300 slots (RNG + CRASH), R$ 100 sports (SPORTS + ESPORTS), R$ 100 each lottery, pvp, fish.
    for (const [type, stake] of [['LIVE', 100_00n], ['RNG', 200_00n], ['CRASH', 100_00n], ['SPORTS', 50_00n], ['ESPORTS', 50_00n], ['LOTT', 100_00n], ['PVP', 100_00n], ['FISH', 100_00n]] as const) {
      await round(all, type, stake, 0n, IN_DAY);
    }
    // A win of R$ 40 on a R$ 100 stake: valid bet R$ 40 (the smaller of won and staked).
    await round(all, 'LIVE', 100_00n, 140_00n, IN_DAY);
    await round(all, 'LIVE', 1000_00n, 0n, NEXT_DAY); // the next day: not in this period
    await round(small, 'RNG', 99n, 0n, IN_DAY); // 0.5 % of R$ 0,99 rounds down to nothing
    await round(big, 'LIVE', 1000_00n, 0n, IN_DAY); // R$ 10 owed, capped at the reward amount R$ 3
    await round(unknown, null, 1000_00n, 0n, IN_DAY); // no product type: no rebate
    await round(outsider, 'LIVE', 1000_00n, 0n, IN_DAY); // did not join

    const run = await ctx.core.modules.promotions.api.periodic.runPeriod(id, DAY, 'schedule');
    expect(run).toMatchObject({ status: 'finished', periodFrom: DAY, periodTo: DAY, membersRewarded: 2, total: 600n });
    // live 1.00 + 0.40, slots 1.50, sports 0.80, lottery 0.30, pvp 0.20, fish 0.60 = 4.80; but the cap is 3.00.
    expect(await amountOf(id, all)).toEqual([300n]);
    expect(await amountOf(id, big)).toEqual([300n]);
    expect(await amountOf(id, small)).toEqual([]);
    expect(await amountOf(id, unknown)).toEqual([]);
    expect(await amountOf(id, outsider)).toEqual([]);
    expect((await rewardsOf(id)).map((row) => row.source_key).sort()).toEqual([`rebate:${id}:${DAY}:${all.id}`, `rebate:${id}:${DAY}:${big.id}`].sort());
    // Claimable for the promotion's days to claim (30 by default), from the issue.
    const expiry = await ctx.core.db.selectFrom('promotions_reward').select(['issued_at', 'expires_at']).where('promotion_id', '=', id).execute();
    for (const row of expiry) expect(row.expires_at!.getTime() - row.issued_at.getTime()).toBeCloseTo(30 * 86_400_000, -4);
  }, 60_000);

  it('computes the exact sum per product type below the cap', async () => {
    const id = await createPromotion('rebate', { max: '100.00' });
    await configure(id, REBATE_RATES);
    const member = await joined(id);
    for (const [type, stake] of [['LIVE', 100_00n], ['RNG', 200_00n], ['CRASH', 100_00n], ['SPORTS', 50_00n], ['COCKFIGHT', 50_00n], ['ELOTT', 100_00n], ['PVP', 100_00n], ['FISH', 100_00n]] as const) {
      await round(member, type, stake, 0n, IN_DAY);
    }
    await ctx.core.modules.promotions.api.periodic.runPeriod(id, DAY, 'schedule');
    expect(await amountOf(id, member)).toEqual([100n + 150n + 80n + 30n + 20n + 60n]);
  }, 60_000);

  it("picks the rate by the member's VIP level: the promotion's row of the highest level not above it, else the level's own rebate", async () => {
    // VIP levels 0–2 with their own rebates (the VIP module's table; its published views are what the run reads).
    for (const [rank, fish] of [[0, '0.1'], [1, '0.2'], [2, '0.5']] as const) {
      await sql`insert into vip_level_definition (rank, name_pt, name_en, badge, min_valid_bet, min_deposit, retention_valid_bet, upgrade_bonus, upgrade_wagering,
                  monthly_bonus, monthly_wagering, bonus_valid_days, rebates, updated_by)
                values (${rank}, ${`N${rank}`}, ${`N${rank}`}, 'colour:gold', ${rank * 100}, 0, 0, 0, 0, 0, 0, 30, ${JSON.stringify({ fish, live: '0' })}::jsonb, 'test')
                on conflict (rank) do update set rebates = excluded.rebates`.execute(ctx.core.db);
    }
    const id = await createPromotion('rebate', { max: '100.00' });
    // Live only: level 0 pays 1 %, level 2 and above 5 %; fish is left to the VIP levels.
    await configure(id, { kind: 'rebate', rates: [{ vipLevel: 0, productType: 'live', percent: '1' }, { vipLevel: 2, productType: 'live', percent: '5' }] });
    const [base, silver, gold] = [await joined(id), await joined(id), await joined(id)];
    for (const [member, rank] of [[silver, 1], [gold, 2]] as const) {
      await sql`insert into vip_member (member_id, rank) values (${member.id}, ${rank}) on conflict (member_id) do update set rank = excluded.rank`.execute(ctx.core.db);
    }
    for (const member of [base, silver, gold]) {
      await round(member, 'LIVE', 100_00n, 0n, IN_DAY);
      await round(member, 'FISH', 100_00n, 0n, IN_DAY);
    }
    await ctx.core.modules.promotions.api.periodic.runPeriod(id, DAY, 'schedule');
    // live R$ 100 × 1 % (levels 0 and 1) or 5 % (level 2); fish R$ 100 × the level's 0.1 / 0.2 / 0.5 %.
    expect(await amountOf(id, base)).toEqual([100n + 10n]);
    expect(await amountOf(id, silver)).toEqual([100n + 20n]);
    expect(await amountOf(id, gold)).toEqual([500n + 50n]);
  }, 60_000);
});

describe('weekly cashback', () => {
  it('pays a percent of the week’s net loss once it reaches the minimum, and nothing on a net win', async () => {
    const id = await createPromotion('cashback');
    await configure(id, { kind: 'cashback', percent: '10', minNetLoss: '50.00' });
    const [loser, winner, smallLoss] = [await joined(id), await joined(id), await joined(id)];
    await round(loser, 'RNG', 200_00n, 50_00n, new Date('2026-01-12T10:00:00Z')); // Monday
    await round(loser, 'LIVE', 100_00n, 50_00n, new Date('2026-01-19T02:00:00Z')); // Sunday 23:00 in São Paulo
    await round(loser, 'LIVE', 500_00n, 0n, new Date('2026-01-19T04:00:00Z')); // next Monday: not this week
    await round(winner, 'RNG', 100_00n, 300_00n, new Date('2026-01-13T10:00:00Z'));
    await round(winner, 'RNG', 100_00n, 0n, new Date('2026-01-14T10:00:00Z')); // still R$ 100 ahead
    await round(smallLoss, 'RNG', 40_00n, 0n, new Date('2026-01-15T10:00:00Z'));

    const run = await ctx.core.modules.promotions.api.periodic.runPeriod(id, WEEK, 'schedule');
    expect(run).toMatchObject({ status: 'finished', periodFrom: WEEK, periodTo: '2026-01-18', membersRewarded: 1, total: 20_00n });
    // Net loss R$ 150 + R$ 50 = R$ 200; 10 % = R$ 20.
    expect(await amountOf(id, loser)).toEqual([20_00n]);
    expect(await amountOf(id, winner)).toEqual([]);
    expect(await amountOf(id, smallLoss)).toEqual([]);
  }, 60_000);

  it('refuses a week that does not start on a Monday', async () => {
    const id = await createPromotion('cashback');
    await configure(id, { kind: 'cashback', percent: '10', minNetLoss: '0.00' });
    const answer = await ctx.app.inject({ method: 'POST', url: `/api/backoffice/promotions/${id}/periodic-runs`, headers: bearer(owner), payload: { periodFrom: '2026-01-13' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.code).toBe('promotions.period_invalid');
  });
});

describe('a re-run after a crash', () => {
  it('pays exactly the members the dead run missed, and nobody twice', async () => {
    const id = await createPromotion('rebate');
    await configure(id, REBATE_RATES);
    const members: TestPlayer[] = [];
    for (let n = 0; n < 5; n += 1) {
      const member = await joined(id);
      await round(member, 'LIVE', BigInt(n + 1) * 100_00n, 0n, IN_DAY); // R$ 1, 2, 3, 4, 5
      members.push(member);
    }
    // Batches of two members; the process "dies" once the first batch has committed.
    const crashing = createPeriodicService({
      db: ctx.core.db,
      ports: { audit: async () => undefined } as never,
      timeZone: async () => 'America/Sao_Paulo',
      batchSize: 2,
      afterBatch: (_runId, batch) => {
        if (batch === 1) throw new Error('killed after the first batch');
      },
    });
    await expect(crashing.runPeriod(id, DAY, 'schedule')).rejects.toThrow('killed after the first batch');
    const [dead] = await crashing.runs(id);
    expect(dead).toMatchObject({ status: 'failed', batches: 1, membersRewarded: 2, total: '3.00', error: 'killed after the first batch' });
    expect((await rewardsOf(id)).map((row) => row.member_id)).toEqual(members.slice(0, 2).map((member) => member.id));

    // A run killed without a word stays 'running' until its heartbeat is old: the next run takes over.
    const zombie = await ctx.core.db
      .insertInto('promotions_periodic_run')
      .values({ promotion_id: id, kind: 'rebate', period_from: DAY, period_to: DAY, started_by: 'schedule', heartbeat_at: new Date(Date.now() - 10 * 60_000) })
      .returning('id')
      .executeTakeFirstOrThrow();

    const rerun = await ctx.core.modules.promotions.api.periodic.runPeriod(id, DAY, 'schedule');
    expect(rerun).toMatchObject({ status: 'finished', membersRewarded: 3, total: 1200n });
    const rows = await rewardsOf(id);
    expect(rows.map((row) => [row.member_id, row.amount])).toEqual(members.map((member, n) => [member.id, BigInt(n + 1) * 100n]));
    const zombieAfter = await ctx.core.db.selectFrom('promotions_periodic_run').select(['status', 'error']).where('id', '=', zombie.id).executeTakeFirstOrThrow();
    expect(zombieAfter.status).toBe('failed');

    // A live run (fresh heartbeat) holds its period: a second start is refused, translated.
    const live = await ctx.core.db
      .insertInto('promotions_periodic_run')
      .values({ promotion_id: id, kind: 'rebate', period_from: DAY, period_to: DAY, started_by: 'schedule' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/backoffice/promotions/${id}/periodic-runs`, headers: bearer(owner), payload: { periodFrom: DAY } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('promotions.run_in_progress');
    await ctx.core.db.updateTable('promotions_periodic_run').set({ status: 'failed', finished_at: new Date(), error: 'test' }).where('id', '=', live.id).execute();

    // And once more: nothing is issued twice.
    const again = await ctx.core.modules.promotions.api.periodic.runPeriod(id, DAY, 'schedule');
    expect(again).toMatchObject({ status: 'finished', membersRewarded: 0, total: 0n });
    expect(await rewardsOf(id)).toHaveLength(5);
  }, 60_000);
});

describe('the hourly schedule', () => {
  it('runs every ended recent period without a finished run, once', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/backoffice/promotions',
      headers: bearer(owner),
      payload: promotionInput({ type: 'rebate', startsAt: new Date(Date.now() - 3 * 86_400_000).toISOString(), reward: { kind: 'cash', amount: '50.00' } }),
    });
    const id = BigInt(created.json().id as string);
    await configure(id, REBATE_RATES);
    const member = await joined(id);
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() - 86_400_000));
    await round(member, 'LIVE', 200_00n, 0n, new Date(`${yesterday}T15:00:00Z`));
    const periodic = ctx.core.modules.promotions.api.periodic;
    await periodic.runDue();
    const runs = await periodic.runs(id);
    // The promotion started three days ago: yesterday and the two or three days before it that it overlaps.
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(4);
    expect(runs.every((run) => run.status === 'finished' && run.startedBy === 'schedule')).toBe(true);
    expect(runs.find((run) => run.periodFrom === yesterday)).toMatchObject({ membersRewarded: 1, total: '2.00' });
    expect(await amountOf(id, member)).toEqual([200n]);
    // The next hour: every period has its finished run; nothing runs again.
    await periodic.runDue();
    expect(await periodic.runs(id)).toHaveLength(runs.length);
  }, 60_000);
});

describe('claiming periodic rewards', () => {
  it('keeps within the promotion’s budget at claim time', async () => {
    const id = await createPromotion('rebate', { budget: '5.00', max: '5.00' });
    await configure(id, REBATE_RATES);
    const first = await joined(id);
    const second = await joined(id);
    await round(first, 'LIVE', 300_00n, 0n, IN_DAY); // R$ 3
    await round(second, 'LIVE', 400_00n, 0n, IN_DAY); // R$ 4
    await ctx.core.modules.promotions.api.periodic.runPeriod(id, DAY, 'schedule');
    const rows = await rewardsOf(id);
    expect(rows.map((row) => row.amount)).toEqual([300n, 400n]);
    const claim = async (member: TestPlayer, rewardId: bigint) => ctx.app.inject({ method: 'POST', url: `/api/rewards/${rewardId}/claim`, headers: bearer(await loginAs(ctx.app, member)) });
    expect((await claim(first, rows[0]!.id)).statusCode).toBe(200);
    const refused = await claim(second, rows[1]!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('promotions.budget_exhausted');
    const promotion = await ctx.core.db.selectFrom('promotions_promotion').select(['spent']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(promotion.spent).toBe(300n);
  }, 60_000);
});

describe('console endpoints', () => {
  it('saves the rule (audited), runs a period in the background and lists the run', async () => {
    const id = await createPromotion('rebate');
    const empty = await ctx.app.inject({ method: 'GET', url: `/api/backoffice/promotions/${id}/periodic`, headers: bearer(owner) });
    expect(empty.json()).toMatchObject({ config: null, timeZone: 'America/Sao_Paulo' });
    const unconfigured = await ctx.app.inject({ method: 'POST', url: `/api/backoffice/promotions/${id}/periodic-runs`, headers: bearer(owner), payload: { periodFrom: DAY } });
    expect(unconfigured.json().error.code).toBe('promotions.periodic_unconfigured');

    const saved = await configure(id, REBATE_RATES);
    expect(saved.config.rates).toContainEqual({ vipLevel: 0, productType: 'slots', percent: '0.5' });
    const audit = await ctx.core.db.selectFrom('backoffice_audit').select(['action']).where('target_id', '=', id.toString()).where('action', '=', 'promotions.periodic_config').execute();
    expect(audit).toHaveLength(1);

    const twice = await ctx.app.inject({
      method: 'PUT',
      url: `/api/backoffice/promotions/${id}/periodic`,
      headers: bearer(owner),
      payload: { kind: 'rebate', rates: [{ vipLevel: 0, productType: 'live', percent: '1' }, { vipLevel: 0, productType: 'live', percent: '2' }] },
    });
    expect(twice.statusCode).toBe(400);
    const wrongKind = await ctx.app.inject({ method: 'PUT', url: `/api/backoffice/promotions/${id}/periodic`, headers: bearer(owner), payload: { kind: 'cashback', percent: '5', minNetLoss: '0.00' } });
    expect(wrongKind.statusCode).toBe(400);

    const member = await joined(id);
    await round(member, 'FISH', 100_00n, 0n, IN_DAY);
    const started = await ctx.app.inject({ method: 'POST', url: `/api/backoffice/promotions/${id}/periodic-runs`, headers: bearer(owner), payload: { periodFrom: DAY } });
    expect(started.statusCode, started.body).toBe(202);
    let runs: PeriodicRun[] = [];
    for (let attempt = 0; attempt < 50; attempt += 1) {
      runs = (await ctx.app.inject({ method: 'GET', url: `/api/backoffice/promotions/periodic-runs?promotionId=${id}`, headers: bearer(owner) })).json().list;
      if (runs[0]?.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(runs[0]).toMatchObject({ status: 'finished', membersRewarded: 1, total: '0.60', startedBy: expect.any(String) as string });
    const runAudit = await ctx.core.db.selectFrom('backoffice_audit').select(['action']).where('target_id', '=', id.toString()).where('action', '=', 'promotions.periodic_run').execute();
    expect(runAudit).toHaveLength(1);

    const future = await ctx.app.inject({ method: 'POST', url: `/api/backoffice/promotions/${id}/periodic-runs`, headers: bearer(owner), payload: { periodFrom: '2099-01-01' } });
    expect(future.json().error.code).toBe('promotions.period_invalid');
    const notPeriodic = await createPromotionOfType('application');
    const refused = await ctx.app.inject({ method: 'GET', url: `/api/backoffice/promotions/${notPeriodic}/periodic`, headers: bearer(owner) });
    expect(refused.json().error.code).toBe('promotions.wrong_type');
  }, 60_000);
});

async function createPromotionOfType(type: 'application'): Promise<string> {
  const created = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/promotions', headers: bearer(owner), payload: promotionInput({ type }) });
  return created.json().id as string;
}
