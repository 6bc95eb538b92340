import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MissionLeaderboardSchema, MissionSummarySchema, type AdminMissionInput, type Mission } from '@app/contracts';
import { isAppError, maskName } from '@app/kernel';
import { bearer, newOperatorSession } from '../../../test/builders.ts';
import { api, payingMember, type PayingMember } from '../../../test/payments-fixture.ts';
import { createTestContext, testLogger, type TestContext } from '../../../test/test-context.ts';
import { createMissionsModule, type MissionsModule } from './index.ts';

/**
 * Missions from real facts (settled rounds through the provider's round table and its hook,
 * deposits credited by the payments module, logins), the site's calendar (America/Sao_Paulo,
 * with an injected clock), claims and check-ins paid once under concurrency, the leaderboard,
 * and the translated 4xx answers.
 */
let ctx: TestContext;
let owner: string;
/** A second missions module on the same database whose clock the tests move. */
let timed: MissionsModule;
let clock = new Date();

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await newOperatorSession(ctx.core, ctx.app, 'owner');
  const { modules } = ctx.core;
  timed = createMissionsModule({
    db: ctx.core.db,
    logger: testLogger,
    now: () => clock,
    ports: {
      grantBonus: modules.bonus.api.grant,
      awardPoints: modules.points.api.award,
      audit: modules.backoffice.api.audit,
      timeZone: async () => (await modules.system.api.getSettings()).locale.timeZone,
      accountNamesOf: modules.accounts.api.accountNamesOf,
    },
  });
}, 60_000);
afterAll(() => ctx.close());

const progress = () => ctx.core.modules.missions.api.creditProgress();

/** A settled round as the provider's money callback writes it (its trigger records the agents' fact). */
const settledRound = (member: { id: bigint }, bet: bigint, gameType: string) =>
  sql`insert into provider_round (vendor_code, member_id, round_id, game_code, game_type, bet, win, status, closed_at)
      values ('TESTVENDOR', ${member.id}, ${`r-${randomUUID()}`}, 'g', ${gameType}, ${bet}, 0, 'settled', now())`.execute(ctx.core.db);

async function deposit(member: PayingMember, amount: string): Promise<void> {
  const created = await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount, requestId: randomUUID() });
  expect(created.statusCode, created.body).toBe(201);
  const { txid, amount: cents } = await ctx.core.db.selectFrom('payments_deposit').select(['txid', 'amount']).where('id', '=', BigInt(created.json().id as string)).executeTakeFirstOrThrow();
  expect(await ctx.core.modules.payments.api.deposits.settlePaid({ txid, amount: cents, endToEndId: `E${randomBytes(15).toString('hex')}`, paidAt: new Date() })).toBe('credited');
}

async function newMission(overrides: Partial<AdminMissionInput>): Promise<string> {
  const input: AdminMissionInput = { kind: 'daily', titlePt: 'Missão', titleEn: 'Mission', goal: 'games_played', productType: null, target: '1', reward: { kind: 'points', amount: '10' }, ...overrides };
  const response = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/missions', headers: bearer(owner), payload: input });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const summaryOf = async (member: PayingMember) => {
  const response = await api(ctx, 'GET', '/api/missions?language=en', member.token);
  expect(response.statusCode, response.body).toBe(200);
  return MissionSummarySchema.parse(response.json());
};
const current = (missions: Mission[], id: string) => missions.find((mission) => mission.id === id && mission.status !== 'expired');
const claim = (member: PayingMember, id: string) => api(ctx, 'POST', `/api/missions/${id}/claim`, member.token);
const pointsMovements = async (memberId: bigint, source: string) =>
  (await sql<{ amount: bigint }>`select amount from points_movement where member_id = ${memberId} and source = ${source} order by id`.execute(ctx.core.db)).rows.map((row) => Number(row.amount));

describe('demo seed', () => {
  it('creates demo missions and a check-in table once, with an audit row each', async () => {
    expect(await ctx.core.modules.missions.api.seedDemo()).toBe(5);
    expect(await ctx.core.modules.missions.api.seedDemo()).toBe(0);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/backoffice/missions', headers: bearer(owner) });
    expect(list.json().missions.filter((mission: { active: boolean }) => mission.active)).toHaveLength(5);
    const table = await ctx.app.inject({ method: 'GET', url: '/api/backoffice/missions/checkin', headers: bearer(owner) });
    expect(table.json()).toMatchObject({ enabled: true, checkinsTotal: 0 });
    expect(table.json().rewards.map((row: { day: number }) => row.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const audit = await sql<{ n: number }>`select count(*)::int as n from backoffice_audit where action in ('missions.mission.created', 'missions.checkin.updated')`.execute(ctx.core.db);
    expect(audit.rows[0]!.n).toBe(6);
  });
});

describe('progress from facts', () => {
  it('counts settled play per product type, credited deposits and logins once, and pays a claim once', async () => {
    const slots = await newMission({ titlePt: 'Aposte em slots', titleEn: 'Bet on slots', goal: 'valid_bet', productType: 'slots', target: '50.00', reward: { kind: 'bonus', amount: '5.00', wageringMultiple: 3 } });
    const deposits = await newMission({ kind: 'weekly', titlePt: 'Deposite', titleEn: 'Deposit', goal: 'deposits', target: '20.00', reward: { kind: 'points', amount: '30' } });
    const login = await newMission({ titlePt: 'Entre', titleEn: 'Log in', goal: 'login_days', target: '1', reward: { kind: 'points', amount: '5' } });
    const member = await payingMember(ctx);
    await deposit(member, '20.00');
    await settledRound(member, 30_00n, 'RNG');
    await settledRound(member, 20_00n, 'RNG');
    // Live play is valid bet, but not on slots.
    await settledRound(member, 100_00n, 'LIVE');
    await progress();
    await progress();
    await Promise.all([progress(), progress()]);
    const { missions } = await summaryOf(member);
    expect(current(missions, slots)).toMatchObject({ title: 'Bet on slots', current: '50.00', target: '50.00', percent: 100, status: 'completed', reward: { kind: 'bonus', amount: '5.00', wageringMultiple: 3 } });
    expect(current(missions, deposits)).toMatchObject({ current: '20.00', status: 'completed', kind: 'weekly' });
    expect(current(missions, login)).toMatchObject({ current: '1', status: 'completed' });

    const paid = await claim(member, slots);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ paid: true, mission: { status: 'claimed' } });
    const grants = await sql<{ amount: bigint; wagering_multiple: string }>`select amount, wagering_multiple::text from bonus_grant where member_id = ${member.id} and key like 'missions:claim:%'`.execute(ctx.core.db);
    expect(grants.rows).toEqual([{ amount: 5_00n, wagering_multiple: '3.00' }]);
    expect((await claim(member, deposits)).json()).toMatchObject({ paid: true });
    expect(await pointsMovements(member.id, 'mission')).toEqual([30]);
    expect(await ctx.core.modules.points.api.pointsOf(member.id)).toBeGreaterThanOrEqual(30n);
    // The details list shows the mission as its source.
    const details = await api(ctx, 'GET', '/api/points/movements', member.token);
    expect(details.json().list.some((row: { source: string; amount: string }) => row.source === 'mission' && row.amount === '30')).toBe(true);
    // Claimed stays claimed; a second claim pays nothing.
    expect((await claim(member, slots)).json()).toMatchObject({ paid: false, mission: { status: 'claimed' } });
    expect((await sql<{ n: number }>`select count(*)::int as n from bonus_grant where member_id = ${member.id} and key like 'missions:claim:%'`.execute(ctx.core.db)).rows[0]!.n).toBe(1);
  });

  it('does not pay a mission that is not completed (409) and refuses trial accounts (403)', async () => {
    const far = await newMission({ goal: 'games_played', target: '1000', titlePt: 'Longe', titleEn: 'Far' });
    const member = await payingMember(ctx);
    const refused = await claim(member, far);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('missions.not_completed');
    const trial = await ctx.app.inject({ method: 'POST', url: '/api/session/trial', remoteAddress: '192.0.2.41' });
    expect(trial.statusCode, trial.body).toBe(200);
    const token = trial.json().token as string;
    for (const url of [`/api/missions/${far}/claim`, '/api/missions/checkin']) {
      const response = await ctx.app.inject({ method: 'POST', url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code).toBe('auth.trial_refused');
    }
    // A trial account sees the missions (no progress) and no check-in in its badge.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/missions', headers: bearer(token) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/missions/unread', headers: bearer(token) })).json()).toMatchObject({ checkinAvailable: false });
  });

  it('pays 20 concurrent claims of one completed mission once', async () => {
    const mission = await newMission({ goal: 'games_played', productType: 'pvp', target: '1', reward: { kind: 'points', amount: '40' } });
    const member = await payingMember(ctx);
    await settledRound(member, 1_00n, 'PVP');
    await progress();
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(member, mission)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((answer) => answer.json().paid === true)).toHaveLength(1);
    expect(await pointsMovements(member.id, 'mission')).toEqual([40]);
    const journals = await sql<{ n: number }>`select count(*)::int as n from wallet_journal where starts_with(idempotency_key, ${`missions:claim:${mission}:${member.id}:`})`.execute(ctx.core.db);
    expect(journals.rows[0]!.n).toBe(1);
  });
});

describe('the site calendar (America/Sao_Paulo)', () => {
  it('resets daily missions at local midnight and weekly ones on Monday, showing an unclaimed past day as expired', async () => {
    expect((await ctx.core.modules.system.api.getSettings()).locale.timeZone).toBe('America/Sao_Paulo');
    const daily = await newMission({ goal: 'games_played', productType: 'fish', target: '2', reward: { kind: 'points', amount: '15' } });
    const weekly = await newMission({ kind: 'weekly', goal: 'games_played', productType: 'fish', target: '2', reward: { kind: 'points', amount: '25' } });
    const member = await payingMember(ctx);
    await settledRound(member, 1_00n, 'FISH');
    await settledRound(member, 1_00n, 'FISH');
    // The rounds settled at 23:50 on Tuesday 10 March 2026 in São Paulo (02:50 UTC on the 11th).
    await sql`update agents_bet_fact set settled_at = '2026-03-10T23:50:00-03:00' where member_id = ${member.id}`.execute(ctx.core.db);
    await progress();

    clock = new Date('2026-03-11T02:59:00Z'); // 23:59 on the 10th in São Paulo
    let missions = (await timed.api.summary(member.id, 'pt')).missions;
    expect(current(missions, daily)).toMatchObject({ periodStart: '2026-03-10', periodEnd: '2026-03-10', current: '2', status: 'completed', endsAt: '2026-03-11T03:00:00.000Z' });
    expect(current(missions, weekly)).toMatchObject({ periodStart: '2026-03-09', periodEnd: '2026-03-15', current: '2', status: 'completed' });

    clock = new Date('2026-03-11T03:00:01Z'); // 00:00:01 on the 11th in São Paulo
    missions = (await timed.api.summary(member.id, 'pt')).missions;
    expect(current(missions, daily)).toMatchObject({ periodStart: '2026-03-11', current: '0', percent: 0, status: 'in_progress' });
    expect(missions.find((mission) => mission.id === daily && mission.status === 'expired')).toMatchObject({ periodStart: '2026-03-10', current: '2' });
    expect(current(missions, weekly)).toMatchObject({ periodStart: '2026-03-09', current: '2', status: 'completed' });
    const refused = await timed.api.claim(member.id, BigInt(daily)).catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe('missions.not_completed');

    clock = new Date('2026-03-16T02:59:59Z'); // Sunday 23:59:59
    expect(current((await timed.api.summary(member.id)).missions, weekly)).toMatchObject({ periodStart: '2026-03-09', status: 'completed' });
    clock = new Date('2026-03-16T03:00:00Z'); // Monday 00:00
    missions = (await timed.api.summary(member.id)).missions;
    expect(current(missions, weekly)).toMatchObject({ periodStart: '2026-03-16', periodEnd: '2026-03-22', current: '0', status: 'in_progress' });
    expect(missions.find((mission) => mission.id === weekly && mission.status === 'expired')).toMatchObject({ periodStart: '2026-03-09' });
    clock = new Date();
  });
});

describe('the sign-in check-in', () => {
  it('pays day 1…7 once each, day 8 at day 7\'s reward, and starts again at day 1 after a missed day', async () => {
    const table = await ctx.app.inject({
      method: 'PUT',
      url: '/api/backoffice/missions/checkin',
      headers: bearer(owner),
      payload: { rewards: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, reward: { kind: 'points', amount: String(day * 10) } })) },
    });
    expect(table.statusCode, table.body).toBe(200);
    expect(table.json()).toMatchObject({ enabled: true });
    const member = await payingMember(ctx);
    const noon = (day: number) => new Date(`2026-04-${String(day).padStart(2, '0')}T15:00:00Z`);
    for (let day = 1; day <= 8; day += 1) {
      clock = noon(day);
      // A double click, five times at once: one check-in.
      const results = await Promise.all(Array.from({ length: 5 }, () => timed.api.checkIn(member.id)));
      expect(results.filter((result) => result.checkedIn)).toHaveLength(1);
      expect(results.every((result) => result.streakDay === day && result.state.checkedInToday)).toBe(true);
    }
    expect((await timed.api.checkinState(member.id)).streak).toBe(8);
    clock = noon(9);
    // Day 9 not checked in: yesterday's streak still stands until the day ends.
    expect(await timed.api.checkinState(member.id)).toMatchObject({ streak: 8, nextDay: 9, checkedInToday: false, nextReward: { kind: 'points', amount: '70' } });
    clock = noon(10);
    expect(await timed.api.checkinState(member.id)).toMatchObject({ streak: 0, nextDay: 1, nextReward: { amount: '10' } });
    const restarted = await timed.api.checkIn(member.id);
    expect(restarted).toMatchObject({ checkedIn: true, streakDay: 1, reward: { kind: 'points', amount: '10' } });
    expect(await pointsMovements(member.id, 'checkin')).toEqual([10, 20, 30, 40, 50, 60, 70, 70, 10]);
    clock = new Date();
    // Today through HTTP: once, then the badge has no check-in left.
    const before = (await api(ctx, 'GET', '/api/missions/unread', member.token)).json();
    expect(before.checkinAvailable).toBe(true);
    const [first, second] = await Promise.all([api(ctx, 'POST', '/api/missions/checkin', member.token), api(ctx, 'POST', '/api/missions/checkin', member.token)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.json().checkedIn, second.json().checkedIn].sort()).toEqual([false, true]);
    expect((await api(ctx, 'GET', '/api/missions/unread', member.token)).json()).toMatchObject({ checkinAvailable: false });
  });
});

describe('unread badge', () => {
  it('counts claimable missions until they are seen', async () => {
    const mission = await newMission({ goal: 'games_played', productType: 'lottery', target: '1' });
    const member = await payingMember(ctx);
    // Its login completes the login missions first.
    await progress();
    const base = (await api(ctx, 'GET', '/api/missions/unread', member.token)).json().unseenClaimable as number;
    await settledRound(member, 1_00n, 'LOTT');
    await progress();
    expect((await api(ctx, 'GET', '/api/missions/unread', member.token)).json().unseenClaimable).toBe(base + 1);
    const seen = await api(ctx, 'POST', '/api/missions/seen', member.token);
    expect(seen.json().unseenClaimable).toBe(0);
    expect(current((await summaryOf(member)).missions, mission)).toMatchObject({ status: 'completed' });
  });
});

describe('leaderboard', () => {
  it('ranks members by missions completed, ties by who got there first, names masked', async () => {
    const one = await newMission({ goal: 'games_played', productType: 'sports', target: '1', titlePt: 'Esporte 1', titleEn: 'Sports 1' });
    await newMission({ goal: 'games_played', productType: 'sports', target: '2', titlePt: 'Esporte 2', titleEn: 'Sports 2' });
    const [a, b, c, d] = [await payingMember(ctx), await payingMember(ctx), await payingMember(ctx), await payingMember(ctx)];
    // Completions already owed to them by other missions (logins) are counted first.
    await progress();
    await settledRound(a, 1_00n, 'SPORTS');
    await settledRound(a, 1_00n, 'SPORTS');
    await settledRound(b, 1_00n, 'SPORTS');
    await progress();
    await settledRound(d, 1_00n, 'SPORTS');
    await progress();
    const response = await api(ctx, 'GET', '/api/missions/leaderboard?period=day', b.token);
    expect(response.statusCode, response.body).toBe(200);
    const board = MissionLeaderboardSchema.parse(response.json());
    const names = await ctx.core.modules.accounts.api.accountNamesOf([a.id, b.id, c.id, d.id]);
    // Each member's own line (`me`): masked names can collide (two accounts sharing their first two
    // and last characters), so a line is not found by its name.
    const lineOf = async (member: PayingMember) => MissionLeaderboardSchema.parse((await api(ctx, 'GET', '/api/missions/leaderboard?period=day', member.token)).json()).me;
    const [la, lb, lc, ld] = [await lineOf(a), await lineOf(b), await lineOf(c), await lineOf(d)];
    for (const [member, line] of [[a, la], [b, lb], [c, lc], [d, ld]] as const) expect(line?.name).toBe(maskName(names.get(member.id)!));
    expect(la && lb && lc && ld).toBeTruthy();
    expect(la!.completed).toBe(lb!.completed + 1);
    expect(lb!.completed).toBe(ld!.completed);
    expect(lb!.completed).toBe(lc!.completed + 1);
    expect(la!.rank).toBeLessThan(lb!.rank);
    // b and d completed as many; b got there first.
    expect(lb!.rank).toBeLessThan(ld!.rank);
    expect(ld!.rank).toBeLessThan(lc!.rank);
    expect(board.me).toEqual(lb);
    for (const line of board.list) expect(line.name).toMatch(/\*\*\*/);
    expect(board.list.some((line) => line.name === names.get(a.id))).toBe(false);
    expect(board.list.map((line) => line.rank)).toEqual(board.list.map((_, index) => index + 1));
    // The week and month hold today's completions too.
    for (const period of ['week', 'month']) {
      const wider = MissionLeaderboardSchema.parse((await api(ctx, 'GET', `/api/missions/leaderboard?period=${period}`, a.token)).json());
      expect(wider.me?.completed).toBeGreaterThanOrEqual(la!.completed);
    }
    expect(one).toBeTruthy();
  });
});

describe('operator and input validation', () => {
  const post = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/backoffice/missions', headers: bearer(owner), payload: payload as object });
  const valid: AdminMissionInput = { kind: 'daily', titlePt: 'Jogue', titleEn: 'Play', goal: 'games_played', productType: null, target: '3', reward: { kind: 'points', amount: '10' } };

  it('answers bad input with translated 4xx errors, never a 500', async () => {
    const cases: { payload: unknown; status: number; code: string }[] = [
      { payload: {}, status: 400, code: 'validation.failed' },
      { payload: { ...valid, titlePt: '' }, status: 400, code: 'validation.failed' },
      { payload: { ...valid, titleEn: 'x'.repeat(121) }, status: 400, code: 'validation.failed' },
      { payload: { ...valid, target: '1.50' }, status: 400, code: 'missions.target_invalid' },
      { payload: { ...valid, target: '0' }, status: 400, code: 'missions.target_invalid' },
      { payload: { ...valid, goal: 'deposits', target: '0.00' }, status: 400, code: 'missions.target_invalid' },
      { payload: { ...valid, goal: 'deposits', productType: 'slots', target: '10.00' }, status: 400, code: 'missions.invalid' },
      { payload: { ...valid, kind: 'one_off' }, status: 400, code: 'missions.date_invalid' },
      { payload: { ...valid, kind: 'one_off', startsOn: '2026-05-10', endsOn: '2026-05-01' }, status: 400, code: 'missions.date_invalid' },
      { payload: { ...valid, kind: 'one_off', startsOn: '2026-02-30', endsOn: '2026-03-01' }, status: 400, code: 'missions.date_invalid' },
      { payload: { ...valid, startsOn: '2026-05-01', endsOn: '2026-05-02' }, status: 400, code: 'missions.date_invalid' },
      { payload: { ...valid, reward: { kind: 'points', amount: '1.50' } }, status: 400, code: 'missions.reward_invalid' },
      { payload: { ...valid, reward: { kind: 'bonus', amount: '0.00' } }, status: 400, code: 'missions.reward_invalid' },
      { payload: { ...valid, extra: true }, status: 400, code: 'validation.failed' },
    ];
    for (const { payload, status, code } of cases) {
      const response = await post(payload);
      expect(response.statusCode, `${JSON.stringify(payload)} → ${response.body}`).toBe(status);
      expect(response.json().error.code).toBe(code);
    }
    const member = await payingMember(ctx);
    for (const url of ['/api/missions/abc/claim', '/api/missions/0/claim', `/api/missions/${'9'.repeat(30)}/claim`]) {
      const response = await claim(member, url.split('/')[3]!);
      expect(response.statusCode, url).toBe(400);
    }
    expect((await claim(member, '999999999')).json().error.code).toBe('missions.not_found');
    expect((await api(ctx, 'GET', '/api/missions/leaderboard?period=year', member.token)).statusCode).toBe(400);
    const missing = await ctx.app.inject({ method: 'PUT', url: '/api/backoffice/missions/999999999', headers: bearer(owner), payload: valid });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('missions.not_found');
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/backoffice/missions/x1', headers: bearer(owner), payload: valid })).statusCode).toBe(400);
    const shortTable = await ctx.app.inject({ method: 'PUT', url: '/api/backoffice/missions/checkin', headers: bearer(owner), payload: { rewards: [{ day: 1, reward: { kind: 'points', amount: '5' } }] } });
    expect(shortTable.statusCode).toBe(400);
    expect(shortTable.json().error.code).toBe('missions.checkin_table_invalid');
  });

  it('creates, updates and deactivates missions with an audit row each; one-offs count only inside their dates', async () => {
    const id = await newMission({ kind: 'one_off', titlePt: 'Especial', titleEn: 'Special', goal: 'games_played', target: '1', startsOn: '2026-01-01', endsOn: '2026-01-31' });
    const updated = await ctx.app.inject({ method: 'PUT', url: `/api/backoffice/missions/${id}`, headers: bearer(owner), payload: { ...valid, kind: 'one_off', titlePt: 'Especial 2', startsOn: '2026-01-01', endsOn: '2026-01-31' } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ titlePt: 'Especial 2', target: '3', startsOn: '2026-01-01', endsOn: '2026-01-31', active: true });
    const member = await payingMember(ctx);
    // Ended in January: shown neither as current nor (more than 7 days after) as expired; a claim is refused as expired.
    expect((await summaryOf(member)).missions.some((mission) => mission.id === id)).toBe(false);
    const expired = await claim(member, id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error.code).toBe('missions.expired');
    const off = await ctx.app.inject({ method: 'POST', url: `/api/backoffice/missions/${id}/deactivate`, headers: bearer(owner) });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().active).toBe(false);
    expect((await claim(member, id)).json().error.code).toBe('missions.not_found');
    const audit = await sql<{ action: string }>`select action from backoffice_audit where target_type = 'missions_definition' and target_id = ${id} order by id`.execute(ctx.core.db);
    expect(audit.rows.map((row) => row.action)).toEqual(['missions.mission.created', 'missions.mission.updated', 'missions.mission.deactivated']);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/backoffice/missions', headers: bearer(owner) });
    expect(list.json().missions.find((mission: { id: string }) => mission.id === id)).toMatchObject({ active: false });
  });
});
