import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardSchema, GgrReportSchema, PaymentsReportSchema, todayIn } from '@app/contracts';
import { bearer, loginAs, newOperator, newPlayer, type TestOperatorRole, type TestPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

const DAY_MS = 86_400_000;

/**
 * A known day: three real members (two bettors, one who only logged in) and a trial account,
 * settled rounds on two vendors and three product types (one yesterday, one rolled back, one
 * still open, the trial's excluded), a bonus and two adjustments, deposits and withdrawals in
 * every state. Every figure below is computed by hand from these.
 */
describe('back-office dashboard and reports', () => {
  let ctx: TestContext;
  const tokens = {} as Record<TestOperatorRole, string>;
  let a: TestPlayer;
  let b: TestPlayer;
  let c: TestPlayer;
  let trial: TestPlayer;
  let today: string;
  let yesterday: string;
  let timeZone: string;

  const get = (url: string, role: TestOperatorRole = 'finance') => ctx.app.inject({ method: 'GET', url, headers: bearer(tokens[role]) });

  async function round(member: TestPlayer, vendor: string, id: string, gameType: string | null, bet: string, win: string, status: 'open' | 'settled' = 'settled') {
    await ctx.core.db
      .insertInto('provider_round')
      .values({ vendor_code: vendor, member_id: member.id, round_id: id, game_code: 'g1', game_type: gameType, bet: BigInt(Math.round(Number(bet) * 100)), win: BigInt(Math.round(Number(win) * 100)), status, closed_at: status === 'settled' ? new Date() : null })
      .execute();
  }

  const post = (key: string, type: 'bonus' | 'adjustment', member: bigint, amount: bigint) =>
    ctx.core.db.transaction().execute((tx) =>
      ctx.core.modules.wallet.api.postOrThrow(tx, {
        key,
        type,
        legs: type === 'bonus' ? [{ member, pocket: 'bonus', amount }, { house: 'bonus_expense', amount: -amount }] : [{ member, amount }, { house: 'adjustments', amount: -amount }],
      }),
    );

  async function deposit(member: TestPlayer, status: 'credited' | 'pending', amount: bigint, paidAmount: bigint | null, creditedAt: Date | null) {
    const txid = randomBytes(16).toString('hex');
    await ctx.core.db
      .insertInto('payments_deposit')
      .values({ member_id: member.id, request_id: `req${txid.slice(0, 10)}`, amount, status, provider: 'sandbox', txid, br_code: 'x', expires_at: new Date(Date.now() + 600_000), paid_amount: paidAmount, paid_at: creditedAt, credited_at: creditedAt })
      .execute();
  }

  async function withdrawal(member: TestPlayer, status: 'reviewing' | 'approved' | 'paid' | 'rejected', amount: bigint, requestedAt: Date, paidAt: Date | null = null) {
    await ctx.core.db
      .insertInto('payments_withdrawal')
      .values({ member_id: member.id, request_id: `req${randomBytes(6).toString('hex')}`, amount, status, destination: JSON.stringify({ kind: 'pix' }), destination_display: 'PIX', requested_at: requestedAt, provider: 'sandbox', paid_at: paidAt })
      .execute();
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const role of ['owner', 'finance', 'risk', 'support', 'content'] as const) tokens[role] = (await newOperator(ctx.core, ctx.app, role)).token;
    timeZone = (await ctx.core.modules.system.api.getSettings()).locale.timeZone;
    today = todayIn(timeZone, new Date());
    yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
    const yesterdayNoon = (await sql<{ at: Date }>`select (${yesterday}::date + time '12:00')::timestamp at time zone ${timeZone} as at`.execute(ctx.core.db)).rows[0]!.at;

    [a, b, c] = [await newPlayer(ctx.core), await newPlayer(ctx.core), await newPlayer(ctx.core)];
    trial = await newPlayer(ctx.core, { type: 4 });
    await ctx.core.db
      .insertInto('catalogue_vendor')
      .values([
        { code: 'RPTA', display_name: 'Reports Vendor A', game_types: ['RNG'], wallet_mode: 'seamless', is_demo: true },
        { code: 'RPTB', display_name: '=HYPERLINK("http://evil.example","B")', game_types: ['CRASH'], wallet_mode: 'seamless', is_demo: true },
      ])
      .execute();

    // Today: 4 rounds, bets 180.00, wins 80.00, GGR 100.00.
    await round(a, 'RPTA', 'r1', 'RNG', '100.00', '30.00');
    await round(a, 'RPTA', 'r2', 'RNG', '50.00', '0.00');
    await round(b, 'RPTB', 'r3', 'CRASH', '20.00', '45.00');
    await round(b, 'RPTB', 'r4', null, '10.00', '5.00');
    // Not counted: still open; settled then rolled back; a trial account's.
    await round(a, 'RPTA', 'r-open', 'RNG', '7.00', '0.00', 'open');
    await round(a, 'RPTA', 'r-back', 'RNG', '5.00', '0.00');
    await ctx.core.db.updateTable('provider_round').set({ status: 'rolled_back' }).where('round_id', '=', 'r-back').execute();
    await round(trial, 'RPTA', 'r-trial', 'RNG', '1000.00', '0.00');
    // Yesterday: 1 round, bets 40.00.
    await round(b, 'RPTA', 'r5', 'RNG', '40.00', '0.00');
    await ctx.core.db.updateTable('agents_bet_fact').set({ settled_at: yesterdayNoon }).where('round_id', '=', 'r5').execute();
    // As if the reports had been installed before yesterday (the frontier starts at the migration).
    await sql`update reports_rollup_state set rolled_until = date_trunc('hour', ${yesterdayNoon}::timestamptz) - interval '1 day'`.execute(ctx.core.db);

    // Given today: bonus 15.00; adjustments +20.00 − 5.00 = 15.00. NGR = 100 − 15 − 15 = 70.00.
    await post(`test:bonus:${a.account}`, 'bonus', a.id, 1500n);
    await post(`test:adj:${b.account}:1`, 'adjustment', b.id, 2000n);
    await post(`test:adj:${b.account}:2`, 'adjustment', b.id, -500n);

    // Deposits credited today: 100.00 and 55.00 paid on a 50.00 charge; one yesterday; one pending.
    await deposit(a, 'credited', 10_000n, 10_000n, new Date());
    await deposit(b, 'credited', 5_000n, 5_500n, new Date());
    await deposit(b, 'credited', 3_000n, 3_000n, yesterdayNoon);
    await deposit(c, 'pending', 9_900n, null, null);
    // Withdrawals: two pending (the older 45 minutes), one paid today, one rejected.
    await withdrawal(a, 'reviewing', 2_500n, new Date(Date.now() - 45 * 60_000));
    await withdrawal(b, 'approved', 1_000n, new Date(Date.now() - 5 * 60_000));
    await withdrawal(c, 'paid', 1_200n, new Date(Date.now() - 60 * 60_000), new Date());
    await withdrawal(c, 'rejected', 7_700n, new Date());

    // c only logs in; the trial account's session does not count.
    await loginAs(ctx.app, c);
    await ctx.core.db.insertInto('accounts_session').values({ token_hash: randomBytes(32), member_id: trial.id, absolute_expires_at: new Date(Date.now() + DAY_MS) }).execute();
  });
  afterAll(async () => ctx.close());

  async function dashboard(role: TestOperatorRole = 'finance') {
    const response = await get('/api/backoffice/dashboard', role);
    expect(response.statusCode, response.body).toBe(200);
    return DashboardSchema.parse(response.json());
  }

  it("shows today's figures in the site's time zone", async () => {
    const board = await dashboard();
    expect(board).toMatchObject({
      day: today,
      timeZone,
      registrations: 3,
      activePlayers: { total: 3, bettors: 2, loggedIn: 1 },
      deposits: { count: 2, sum: '155.00' },
      withdrawalsPending: { count: 2, sum: '35.00', reviewing: 1 },
      play: { rounds: 4, bets: '180.00', wins: '80.00', ggr: '100.00' },
      products: [
        { productType: 'RNG', rounds: 2, bets: '150.00', wins: '30.00', ggr: '120.00' },
        { productType: 'CRASH', rounds: 1, bets: '20.00', wins: '45.00', ggr: '-25.00' },
        { productType: 'OTHER', rounds: 1, bets: '10.00', wins: '5.00', ggr: '5.00' },
      ],
      ledgerCheck: { status: 'never', finishedAt: null, problems: 0 },
      system: { maintenance: false, regionRules: false, workerSeenAt: null, workerAlive: false },
    });
    expect(board.withdrawalsPending.oldestWaitingMinutes).toBeGreaterThanOrEqual(45);
    expect(board.withdrawalsPending.oldestWaitingMinutes).toBeLessThan(50);
  });

  it("reports the ledger check's last result", async () => {
    await ctx.core.modules.wallet.api.runLedgerCheck();
    const board = await dashboard('risk');
    expect(board.ledgerCheck).toMatchObject({ status: 'ok', problems: 0 });
    expect(board.ledgerCheck.journals).toBeGreaterThan(0);
    await ctx.core.db.updateTable('wallet_check_run').set({ finished_at: new Date(Date.now() - 3 * 3_600_000) }).execute();
    expect((await dashboard()).ledgerCheck.status).toBe('stale');
  });

  it('is for owner, finance and risk: support and content are refused, and so is no session', async () => {
    for (const role of ['owner', 'finance', 'risk'] as const) {
      expect((await get('/api/backoffice/dashboard', role)).statusCode).toBe(200);
      expect((await get(`/api/backoffice/reports/ggr?from=${today}&to=${today}`, role)).statusCode).toBe(200);
    }
    for (const role of ['support', 'content'] as const) {
      for (const url of ['/api/backoffice/dashboard', `/api/backoffice/reports/ggr?from=${today}&to=${today}`, `/api/backoffice/reports/ggr.csv?from=${today}&to=${today}`, `/api/backoffice/reports/payments?from=${today}&to=${today}`, `/api/backoffice/reports/payments.csv?from=${today}&to=${today}`]) {
        const response = await get(url, role);
        expect(response.statusCode, url).toBe(403);
        expect(response.json().error.code).toBe('backoffice.forbidden');
      }
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/backoffice/dashboard' })).statusCode).toBe(401);
    // A member's session is not an operator's.
    const memberToken = await loginAs(ctx.app, a);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/backoffice/dashboard', headers: bearer(memberToken) })).statusCode).toBe(401);
  });

  async function ggr(query: string) {
    const response = await get(`/api/backoffice/reports/ggr?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return GgrReportSchema.parse(response.json());
  }

  it('gives bets, wins, GGR and NGR per day, every day of the range', async () => {
    const twoDaysAgo = new Date(Date.parse(`${yesterday}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
    const report = await ggr(`from=${twoDaysAgo}&to=${today}&groupBy=day`);
    expect(report.rows).toEqual([
      { key: twoDaysAgo, label: null, rounds: 0, bets: '0.00', wins: '0.00', ggr: '0.00', bonuses: '0.00', adjustments: '0.00', ngr: '0.00' },
      { key: yesterday, label: null, rounds: 1, bets: '40.00', wins: '0.00', ggr: '40.00', bonuses: '0.00', adjustments: '0.00', ngr: '40.00' },
      { key: today, label: null, rounds: 4, bets: '180.00', wins: '80.00', ggr: '100.00', bonuses: '15.00', adjustments: '15.00', ngr: '70.00' },
    ]);
    expect(report.totals).toEqual({ rounds: 5, bets: '220.00', wins: '80.00', ggr: '140.00', bonuses: '15.00', adjustments: '15.00', ngr: '110.00' });
    expect(report).toMatchObject({ from: twoDaysAgo, to: today, timeZone, groupBy: 'day' });
  });

  it('groups by product type and by vendor (named, most bet first); NGR only in the totals', async () => {
    const products = await ggr(`from=${yesterday}&to=${today}&groupBy=productType`);
    expect(products.rows.map((row) => [row.key, row.rounds, row.bets, row.wins, row.ggr, row.ngr])).toEqual([
      ['RNG', 3, '190.00', '30.00', '160.00', null],
      ['CRASH', 1, '20.00', '45.00', '-25.00', null],
      ['OTHER', 1, '10.00', '5.00', '5.00', null],
    ]);
    expect(products.totals.ngr).toBe('110.00');
    const vendors = await ggr(`from=${today}&to=${today}&groupBy=vendor`);
    expect(vendors.rows.map((row) => [row.key, row.label, row.rounds, row.bets, row.wins, row.ggr])).toEqual([
      ['RPTA', 'Reports Vendor A', 2, '150.00', '30.00', '120.00'],
      ['RPTB', '=HYPERLINK("http://evil.example","B")', 2, '30.00', '50.00', '-20.00'],
    ]);
    expect(vendors.totals).toMatchObject({ ggr: '100.00', ngr: '70.00' });
  });

  it('gives deposits credited and withdrawals paid per day', async () => {
    const response = await get(`/api/backoffice/reports/payments?from=${yesterday}&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    const report = PaymentsReportSchema.parse(response.json());
    expect(report.rows).toEqual([
      { day: yesterday, deposits: { count: 1, sum: '30.00' }, withdrawals: { count: 0, sum: '0.00' } },
      { day: today, deposits: { count: 2, sum: '155.00' }, withdrawals: { count: 1, sum: '12.00' } },
    ]);
    expect(report.totals).toEqual({ deposits: { count: 3, sum: '185.00' }, withdrawals: { count: 1, sum: '12.00' } });
  });

  it('refuses bad ranges with a clear 400', async () => {
    const cases: [string, string][] = [
      ['from=2026-02-30&to=2026-03-01', 'reports.range_invalid'],
      ['from=2026-03-02&to=2026-03-01', 'reports.range_invalid'],
      ['from=2025-01-01&to=2026-01-02', 'reports.range_invalid'],
      ['from=1999-12-31&to=2000-01-01', 'reports.range_invalid'],
      ['from=26-03-01&to=2026-03-01', 'validation.failed'],
      ['from=2026-03-01', 'validation.failed'],
      ['', 'validation.failed'],
      [`from=${'9'.repeat(5000)}&to=2026-03-01`, 'validation.failed'],
      ["from=2026-03-01';drop table x;--&to=2026-03-01", 'validation.failed'],
      ['from=2026-03-01&to=2026-03-01&groupBy=hour', 'validation.failed'],
      ['from[]=2026-03-01&to=2026-03-01', 'validation.failed'],
    ];
    for (const [query, code] of cases) {
      for (const path of ['ggr', 'ggr.csv', 'payments', 'payments.csv']) {
        if (path.startsWith('payments') && query.includes('groupBy')) continue;
        const response = await get(`/api/backoffice/reports/${path}?${query}`);
        expect(response.statusCode, `${path}?${query.slice(0, 60)}`).toBe(400);
        expect(response.json().error.code, query.slice(0, 60)).toBe(code);
      }
    }
    // The longest range is 366 days, both ends included.
    expect((await get('/api/backoffice/reports/ggr?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
  });

  it('exports CSV: a download, amounts as decimal strings, a total line, formula-looking text defused', async () => {
    const response = await get(`/api/backoffice/reports/ggr.csv?from=${today}&to=${today}&groupBy=vendor`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="ggr-vendor-${today}-${today}.csv"`);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(response.body.slice(1).split('\r\n')).toEqual([
      'vendor,vendor_name,rounds,bets,wins,ggr,bonuses,adjustments,ngr',
      'RPTA,Reports Vendor A,2,150.00,30.00,120.00,,,',
      // The vendor's name would be a formula: an apostrophe makes it text (and its quotes are escaped).
      `RPTB,"'=HYPERLINK(""http://evil.example"",""B"")",2,30.00,50.00,-20.00,,,`,
      'total,,4,180.00,80.00,100.00,15.00,15.00,70.00',
      '',
    ]);
    const days = await get(`/api/backoffice/reports/ggr.csv?from=${yesterday}&to=${today}`);
    expect(days.body.slice(1).split('\r\n').slice(0, 3)).toEqual(['day,rounds,bets,wins,ggr,bonuses,adjustments,ngr', `${yesterday},1,40.00,0.00,40.00,0.00,0.00,40.00`, `${today},4,180.00,80.00,100.00,15.00,15.00,70.00`]);
    const payments = await get(`/api/backoffice/reports/payments.csv?from=${yesterday}&to=${today}`);
    expect(payments.headers['content-disposition']).toBe(`attachment; filename="payments-${yesterday}-${today}.csv"`);
    expect(payments.body.slice(1).split('\r\n')).toEqual([
      'day,deposits_count,deposits_sum,withdrawals_count,withdrawals_sum',
      `${yesterday},1,30.00,0,0.00`,
      `${today},2,155.00,1,12.00`,
      'total,3,185.00,1,12.00',
      '',
    ]);
  });

  // Last: the rollup below is run with a clock hours ahead, which moves its frontier past now.
  it('gives the same figures once settled hours are rolled up (and after the agents rollup)', async () => {
    const before = { board: await dashboard(), days: await ggr(`from=${yesterday}&to=${today}`), products: await ggr(`from=${yesterday}&to=${today}&groupBy=productType`), vendors: await ggr(`from=${yesterday}&to=${today}&groupBy=vendor`) };
    const until = await ctx.core.modules.reports.api.rollup(new Date(Date.now() + 3 * 3_600_000));
    expect(until.getTime()).toBeGreaterThan(Date.now());
    const hours = await sql<{ n: string }>`select count(*)::text as n from reports_bet_hour`.execute(ctx.core.db);
    expect(Number(hours.rows[0]!.n)).toBeGreaterThanOrEqual(4);
    await ctx.core.modules.agents.api.rollup();
    const after = { board: await dashboard(), days: await ggr(`from=${yesterday}&to=${today}`), products: await ggr(`from=${yesterday}&to=${today}&groupBy=productType`), vendors: await ggr(`from=${yesterday}&to=${today}&groupBy=vendor`) };
    expect({ ...after.board, generatedAt: null, system: null, withdrawalsPending: null }).toEqual({ ...before.board, generatedAt: null, system: null, withdrawalsPending: null });
    expect(after.board.system.reportsRolledUntil).toBe(until.toISOString());
    expect(after.days).toEqual(before.days);
    expect(after.products).toEqual(before.products);
    expect(after.vendors).toEqual(before.vendors);
    // A second run recomputes the recent hours without counting anything twice.
    await ctx.core.modules.reports.api.rollup(new Date(Date.now() + 3 * 3_600_000));
    expect(await ggr(`from=${yesterday}&to=${today}`)).toEqual(before.days);
  });
});
