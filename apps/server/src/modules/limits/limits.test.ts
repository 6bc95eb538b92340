import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LimitsOverviewSchema, LimitsStatusSchema, type SetLimit } from '@app/contracts';
import { answeredCaptcha, bearer, loginAs, newOperatorSession, newPlayer, solveBotCheck, TEST_CAPTCHA } from '../../../test/builders.ts';
import { api, createPaymentsContext, payingMember, requestId } from '../../../test/payments-fixture.ts';
import { createTestContext, testLogger, type TestContext } from '../../../test/test-context.ts';
import { createLimitsService } from './limits.service.ts';
import { COOLING_OFF_MS, decide } from './limits.rules.ts';

/**
 * Responsible-gaming limits against real PostgreSQL: the change rules with an injected clock (a
 * raise never applies before 24 hours), bad input, limits at registration, the deposit refused
 * before any charge, every product's bet path refused with LIMIT_REACHED (no money moves), the
 * session-time limit, the 80 % alert and the console's read.
 */
let ctx: TestContext;
beforeAll(async () => {
  ({ ctx } = await createPaymentsContext({ CAPTCHA_FIXED_ANSWER: TEST_CAPTCHA }));
  await ctx.core.modules.system.api.updateSetting('registration', { fields: [], captchaRequired: true, affiliateValidation: false, confirm21: false }, 'test');
}, 60_000);
afterAll(() => ctx?.close());

const limitsApi = () => ctx.core.modules.limits.api;
const put = (token: string, body: unknown) => api(ctx, 'PUT', '/api/limits', token, body);
const limitOf = (body: { limits: Array<{ kind: string; period: string; value: string | null; pending: { value: string | null; effectiveAt: string } | null }> }, kind: string, period: string) =>
  body.limits.find((row) => row.kind === kind && row.period === period)!;

/** A limits service of its own on the test database with a clock the test moves. */
function clocked(start: Date) {
  let now = start.getTime();
  const service = createLimitsService({
    db: ctx.core.db,
    bus: ctx.core.bus,
    logger: testLogger,
    now: () => new Date(now),
    shortChecks: false,
    ports: {
      timeZone: async () => 'America/Sao_Paulo',
      sessions: { startedAt: async () => undefined, end: async () => undefined, endStartedBefore: async () => 0 },
      memberIdOf: async () => undefined,
      accountNamesOf: async () => new Map(),
    },
  });
  return { service, advance: (ms: number) => (now += ms), at: () => new Date(now) };
}

describe('the change rules', () => {
  it('tightens at once and loosens only after the cooling-off (pure rule)', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(decide(null, 100n, null, now)).toEqual({ kind: 'now' });
    expect(decide(200n, 100n, null, now)).toEqual({ kind: 'now' });
    expect(decide(100n, 200n, null, now)).toEqual({ kind: 'pending', effectiveAt: new Date(now.getTime() + COOLING_OFF_MS) });
    expect(decide(100n, null, null, now)).toEqual({ kind: 'pending', effectiveAt: new Date(now.getTime() + COOLING_OFF_MS) });
    expect(decide(100n, 100n, null, now)).toEqual({ kind: 'noop' });
    expect(decide(100n, 100n, { amount: 300n }, now)).toEqual({ kind: 'now' });
    expect(decide(null, null, null, now)).toEqual({ kind: 'noop' });
    expect(decide(100n, 300n, { amount: 300n }, now)).toEqual({ kind: 'noop' });
  });

  it('applies a raise exactly 24 hours after it was asked, never a millisecond earlier (injected clock)', async () => {
    const member = await newPlayer(ctx.core);
    const clock = clocked(new Date('2026-03-10T15:00:00Z'));
    const set = (input: SetLimit) => clock.service.set(member.id, input);

    expect((await set({ kind: 'wager', period: 'day', amount: '100.00' })).applied).toBe('now');
    expect((await set({ kind: 'wager', period: 'day', amount: '50' })).applied).toBe('now');
    const raised = await set({ kind: 'wager', period: 'day', amount: '500.00' });
    expect(raised.applied).toBe('pending');
    const row = limitOf(raised.overview, 'wager', 'day');
    expect(row.value).toBe('50.00');
    expect(row.pending).toMatchObject({ value: '500.00', effectiveAt: new Date(clock.at().getTime() + COOLING_OFF_MS).toISOString() });

    clock.advance(COOLING_OFF_MS - 1);
    expect((await clock.service.pass()).applied).toBe(0);
    expect(limitOf(await clock.service.overview(member.id), 'wager', 'day').value).toBe('50.00');
    expect(await clock.service.betGate(member.id, 5_001n)).toBe('LIMIT_REACHED');

    clock.advance(1);
    expect(limitOf(await clock.service.overview(member.id), 'wager', 'day')).toMatchObject({ value: '500.00', pending: null });
    expect(await clock.service.betGate(member.id, 5_001n)).toBe(null);
    const actions = (await clock.service.history(member.id)).map((entry) => entry.action).reverse();
    expect(actions).toEqual(['set', 'decreased', 'increase_requested', 'applied']);
  });

  it('keeps a removal pending 24 hours, lets it be cancelled, and a decrease supersedes a pending raise', async () => {
    const member = await newPlayer(ctx.core);
    const clock = clocked(new Date('2026-03-10T15:00:00Z'));
    await clock.service.set(member.id, { kind: 'session', period: 'session', minutes: 60 });
    const removal = await clock.service.set(member.id, { kind: 'session', period: 'session', minutes: null });
    expect(removal.applied).toBe('pending');
    const pending = limitOf(removal.overview, 'session', 'session').pending!;
    expect(pending.value).toBe(null);
    const cancelled = await clock.service.cancelPending(member.id, BigInt((pending as unknown as { id: string }).id));
    expect(limitOf(cancelled, 'session', 'session')).toMatchObject({ value: '60', pending: null });
    clock.advance(COOLING_OFF_MS * 2);
    expect(limitOf(await clock.service.overview(member.id), 'session', 'session').value).toBe('60');

    await clock.service.set(member.id, { kind: 'loss', period: 'week', amount: '100.00' });
    expect((await clock.service.set(member.id, { kind: 'loss', period: 'week', amount: '900.00' })).applied).toBe('pending');
    const lowered = await clock.service.set(member.id, { kind: 'loss', period: 'week', amount: '80.00' });
    expect(lowered.applied).toBe('now');
    expect(limitOf(lowered.overview, 'loss', 'week')).toMatchObject({ value: '80.00', pending: null });
    clock.advance(COOLING_OFF_MS * 2);
    expect(limitOf(await clock.service.overview(member.id), 'loss', 'week').value).toBe('80.00');
  });
});

describe('the member API', () => {
  it('answers bad input with a translated 400, never a 500, and changes nothing', async () => {
    const member = await payingMember(ctx);
    const bad: unknown[] = [
      { kind: 'wager', period: 'day', amount: '-10.00' },
      { kind: 'wager', period: 'day', amount: '0' },
      { kind: 'wager', period: 'day', amount: '0.00' },
      { kind: 'wager', period: 'day', amount: '99999999999.99' },
      { kind: 'wager', period: 'day', amount: '10.001' },
      { kind: 'wager', period: 'day', amount: '1e5' },
      { kind: 'wager', period: 'day', amount: "1; drop table limits_limit; --" },
      { kind: 'wager', period: 'day', amount: '<script>alert(1)</script>' },
      { kind: 'wager', period: 'day', amount: 'x'.repeat(10_000) },
      { kind: 'wager', period: 'day', amount: 10 },
      { kind: 'wager', period: 'year', amount: '10.00' },
      { kind: 'bonus', period: 'day', amount: '10.00' },
      { kind: 'session', period: 'session', minutes: 0 },
      { kind: 'session', period: 'session', minutes: -5 },
      { kind: 'session', period: 'session', minutes: 100_000 },
      { kind: 'session', period: 'session', minutes: 30.5 },
      { kind: 'session', period: 'day', minutes: 30 },
      {},
      null,
      [],
    ];
    for (const body of bad) {
      const response = await put(member.token, body);
      expect(response.statusCode, `${JSON.stringify(body)?.slice(0, 60)}: ${response.body.slice(0, 200)}`).toBe(400);
      expect(['validation.failed', 'request.malformed', 'limits.invalid']).toContain(response.json().error.code);
    }
    const overview = LimitsOverviewSchema.parse((await api(ctx, 'GET', '/api/limits', member.token)).json());
    expect(overview.limits.every((row) => row.value === null)).toBe(true);
    for (const minutes of [0, 7, 61, 1000, -1]) expect((await api(ctx, 'PUT', '/api/limits/reality-check', member.token, { minutes })).statusCode).toBe(400);
    expect((await api(ctx, 'DELETE', '/api/limits/pending/123456789', member.token)).json().error.code).toBe('limits.not_found');
    expect((await api(ctx, 'DELETE', '/api/limits/pending/abc', member.token)).statusCode).toBe(400);
    expect((await api(ctx, 'GET', '/api/limits')).statusCode).toBe(401);
  });

  it('a double click of a raise records one pending change', async () => {
    const member = await payingMember(ctx);
    expect((await put(member.token, { kind: 'deposit', period: 'month', amount: '100.00' })).json().applied).toBe('now');
    const answers = await Promise.all([1, 2, 3].map(() => put(member.token, { kind: 'deposit', period: 'month', amount: '300.00' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.json().applied).sort()).toEqual(['noop', 'noop', 'pending']);
    const { rows } = await sql<{ n: string }>`select count(*) as n from limits_pending where member_id = ${member.id}`.execute(ctx.core.db);
    expect(Number(rows[0]!.n)).toBe(1);
  });
});

describe('registration', () => {
  async function register(limits: unknown) {
    const username = `rg${randomBytes(5).toString('hex')}`;
    const payload = {
      method: 'username',
      fields: { username, password: 'correct horse battery', confirmPassword: 'correct horse battery' },
      captcha: await answeredCaptcha(ctx.app),
      botCheck: await solveBotCheck(ctx.app),
      agreeTerms: true,
      ...(limits === undefined ? {} : { limits }),
    };
    const response = await ctx.app.inject({ method: 'POST', url: '/api/member/register', payload });
    const member = await ctx.core.db.selectFrom('accounts_member').select('id').where('account', '=', username).executeTakeFirst();
    return { response, member };
  }

  it('sets the loss and time limits chosen on the form at once, and records an explicit "no limit"', async () => {
    const chosen = await register({ loss: { period: 'week', amount: '500' }, sessionMinutes: 120 });
    expect(chosen.response.statusCode, chosen.response.body).toBe(200);
    const overview = await limitsApi().overview(chosen.member!.id);
    expect(limitOf(overview, 'loss', 'week').value).toBe('500.00');
    expect(limitOf(overview, 'session', 'session').value).toBe('120');

    const declined = await register({ loss: null, sessionMinutes: null });
    expect(declined.response.statusCode, declined.response.body).toBe(200);
    const { rows } = await sql<{ action: string; kind: string }>`select action, kind from limits_history where member_id = ${declined.member!.id} order by id`.execute(ctx.core.db);
    expect(rows).toEqual([
      { action: 'declined', kind: 'loss' },
      { action: 'declined', kind: 'session' },
    ]);
  });

  it('refuses malformed limits before any account is made', async () => {
    for (const limits of [{ loss: { period: 'week', amount: '-5' }, sessionMinutes: null }, { loss: null, sessionMinutes: 5 }, { loss: 'x', sessionMinutes: null }, 'none']) {
      const { response, member } = await register(limits);
      expect(response.statusCode, response.body).toBe(400);
      expect(member).toBeUndefined();
    }
  });
});

describe('deposits', () => {
  it('refuses a deposit above the limit before any PIX charge is created, telling the limit and what remains', async () => {
    const member = await payingMember(ctx);
    expect((await put(member.token, { kind: 'deposit', period: 'day', amount: '50.00' })).statusCode).toBe(200);
    const refused = await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '60.00', requestId: requestId() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'limits.deposit_limit', details: { period: 'day', limit: '50.00', remaining: '50.00' } });
    expect(await ctx.core.db.selectFrom('payments_deposit').select('id').where('member_id', '=', member.id).execute()).toHaveLength(0);

    expect((await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '30.00', requestId: requestId() })).statusCode).toBe(201);
    const second = await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '30.00', requestId: requestId() });
    expect(second.json().error).toMatchObject({ code: 'limits.deposit_limit', details: { remaining: '20.00' } });
    expect(await ctx.core.db.selectFrom('payments_deposit').select('id').where('member_id', '=', member.id).execute()).toHaveLength(1);
  });
});

/** A bet straight through the provider's in-process callback, as each product's money adapter sends it. */
const providerBet = (vendor: string, gameCode: string, memberId: bigint, amount: string) =>
  ctx.core.modules.provider.api.callbacks.handle(vendor, 'bet', { playerId: memberId.toString(), transactionId: randomUUID(), roundId: `r-${randomUUID()}`, gameCode, amount });

describe('every product\'s bet path honours LIMIT_REACHED', () => {
  // Vendor codes and game codes as the products send them: house slots, crash and mini games (HOUSE),
  // the sportsbook (SPORTSBOOK, single and batch), the lottery (LOTT, ELOTT) and the live tables (LIVE).
  const products: Array<[string, string, string]> = [
    ['slots (house games)', 'HOUSE', 'house-slot'],
    ['crash', 'HOUSE', 'crash'],
    ['mini games', 'HOUSE', 'dados'],
    ['sportsbook', 'SPORTSBOOK', 'sportsbook'],
    ['lottery', 'LOTT', 'lott'],
    ['e-lottery', 'ELOTT', 'elott'],
    ['live tables', 'LIVE', 'live-baccarat'],
  ];
  beforeAll(async () => {
    // The products' vendors as their modules register them (in process: the secret is never used to sign).
    const vendors: Array<[string, Array<[string, string]>]> = [
      ['HOUSE', [['house-slot', 'RNG'], ['crash', 'CRASH'], ['dados', 'CRASH']]],
      ['SPORTSBOOK', [['sportsbook', 'SPORTS']]],
      ['LOTT', [['lott', 'LOTT']]],
      ['ELOTT', [['elott', 'ELOTT']]],
      ['LIVE', [['live-baccarat', 'LIVE']]],
    ];
    for (const [code, games] of vendors) {
      await ctx.core.modules.catalogue.api.ensureSeamlessVendor({
        code,
        displayName: code,
        isDemo: false,
        enabled: true,
        games: games.map(([gameCode, gameType]) => ({ gameCode, names: { en: gameCode }, gameType, demoSupported: false })),
      } as Parameters<typeof ctx.core.modules.catalogue.api.ensureSeamlessVendor>[0]);
      await ctx.core.modules.provider.api.ensureVendorSecret(code, randomBytes(32).toString('hex'));
    }
  });
  for (const limitKind of ['wager', 'loss'] as const) {
    it.each(products)(`%s: a bet past a ${limitKind} limit is refused and no money moves`, async (_name, vendor, gameCode) => {
      const member = await payingMember(ctx, { balance: 100_000n });
      expect((await put(member.token, { kind: limitKind, period: 'day', amount: '5.00' })).statusCode).toBe(200);
      const answer = await providerBet(vendor, gameCode, member.id, '5.01');
      expect(answer.status).toBe(403);
      expect((answer.body as { error: { code: string } }).error.code).toBe('LIMIT_REACHED');
      expect(await ctx.core.modules.wallet.api.cashOf(member.id)).toBe(100_000n);
    });
  }

  it('the sportsbook\'s batch path answers LIMIT_REACHED for the member with a limit, the others go on', async () => {
    const limited = await payingMember(ctx, { balance: 100_000n });
    await put(limited.token, { kind: 'wager', period: 'week', amount: '1.00' });
    const answers = await ctx.core.modules.provider.api.batchCallbacks.handleMany('SPORTSBOOK', 'bet', [
      { playerId: limited.id.toString(), transactionId: randomUUID(), roundId: 'b-1', gameCode: 'sportsbook', amount: '2.00' },
    ]);
    expect((answers[0]!.body as { error: { code: string } }).error.code).toBe('LIMIT_REACHED');
    expect(await ctx.core.modules.wallet.api.cashOf(limited.id)).toBe(100_000n);
  });

  it('a batch of bets whose members\' limits are prefetched together (another process, nothing cached): the limited member is refused alone, the others are taken', async () => {
    const other = await createTestContext({ databaseUrl: ctx.databaseUrl });
    try {
      const limited = await payingMember(ctx, { balance: 100_000n });
      await put(limited.token, { kind: 'wager', period: 'week', amount: '1.00' });
      const free = [await payingMember(ctx, { balance: 100_000n }), await payingMember(ctx, { balance: 100_000n })];
      const members = [limited, ...free];
      await sql`insert into provider_player_session (vendor_code, member_id, demo, expires_at) select 'SPORTSBOOK', id, false, now() + interval '1 hour' from unnest(${members.map((m) => m.id.toString())}::bigint[]) as id on conflict do nothing`.execute(ctx.core.db);
      const answers = await other.core.modules.provider.api.batchCallbacks.handleMany(
        'SPORTSBOOK',
        'bet',
        members.map((m) => ({ playerId: m.id.toString(), transactionId: randomUUID(), roundId: `b-${randomUUID()}`, gameCode: 'sportsbook', amount: '2.00' })),
      );
      expect(answers.map((answer) => answer.status)).toEqual([403, 200, 200]);
      expect((answers[0]!.body as { error: { code: string } }).error.code).toBe('LIMIT_REACHED');
      expect(await ctx.core.modules.wallet.api.cashOf(limited.id)).toBe(100_000n);
      for (const m of free) expect(await ctx.core.modules.wallet.api.cashOf(m.id)).toBe(99_800n);
    } finally {
      await other.close();
    }
  });

  it('counts the period\'s stakes and net loss: within the limit passes, the bet that would pass it does not', async () => {
    const member = await payingMember(ctx, { balance: 100_000n });
    await put(member.token, { kind: 'loss', period: 'day', amount: '10.00' });
    await put(member.token, { kind: 'wager', period: 'month', amount: '30.00' });
    const play = async (type: 'bet' | 'win', amount: bigint) =>
      ctx.core.db.transaction().execute((tx) =>
        ctx.core.modules.wallet.api.postOrThrow(tx, { key: `test:${randomUUID()}`, type, legs: type === 'bet' ? [{ member: member.id, amount: -amount }, { house: 'adjustments', amount }] : [{ member: member.id, amount }, { house: 'adjustments', amount: -amount }] }),
      );
    await play('bet', 800n);
    expect(await limitsApi().betGate(member.id, 200n, 'casino')).toBe(null);
    expect(await limitsApi().betGate(member.id, 201n, 'casino')).toBe('LIMIT_REACHED');
    await play('win', 500n); // net loss 3.00: 7.00 left of the loss limit
    expect(await limitsApi().betGate(member.id, 700n, 'casino')).toBe(null);
    expect(await limitsApi().betGate(member.id, 701n, 'casino')).toBe('LIMIT_REACHED');
    await play('bet', 2_000n); // stakes 28.00 of the month's 30.00 (loss 23.00 is past the day's 10.00 already)
    expect(await limitsApi().betGate(member.id, 1n, 'casino')).toBe('LIMIT_REACHED');
  });

  it('a member without limits is not refused, and the replay of a bet taken before a limit gets its stored answer', async () => {
    const member = await payingMember(ctx, { balance: 100_000n });
    expect(await limitsApi().betGate(member.id, 1_000_000n, 'sports')).toBe(null);
    const token = await ctx.core.modules.catalogue.api.issueLaunchToken(member.id, 'SPORTSBOOK', 'sportsbook');
    expect((await ctx.core.modules.provider.api.callbacks.handle('SPORTSBOOK', 'authenticate', { token })).status).toBe(200);
    const bet = { playerId: member.id.toString(), transactionId: randomUUID(), roundId: `r-${randomUUID()}`, gameCode: 'sportsbook', amount: '3.00' };
    const taken = await ctx.core.modules.provider.api.callbacks.handle('SPORTSBOOK', 'bet', bet);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    await put(member.token, { kind: 'wager', period: 'day', amount: '3.00' });
    const replay = await ctx.core.modules.provider.api.callbacks.handle('SPORTSBOOK', 'bet', bet);
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    expect((replay.body as { transactionId: string }).transactionId).toBe((taken.body as { transactionId: string }).transactionId);
    expect((await providerBet('SPORTSBOOK', 'sportsbook', member.id, '0.01')).status).toBe(403);
    expect(await ctx.core.modules.wallet.api.cashOf(member.id)).toBe(99_700n);
  });
});

describe('house games through their own routes', () => {
  let house: TestContext;
  beforeAll(async () => {
    house = await createTestContext({ env: { HOUSE_MIN_SPIN_INTERVAL_MS: '0' } });
    await house.core.modules.houseGames.api.register();
  }, 60_000);
  afterAll(() => house?.close());

  it('a mini game bet past the wager limit is refused with house.limit_reached and moves no money', async () => {
    const player = await newPlayer(house.core, { balance: 10_000n });
    const token = await loginAs(house.app, player);
    const set = await house.app.inject({ method: 'PUT', url: '/api/limits', headers: bearer(token), payload: { kind: 'wager', period: 'day', amount: '1.00' } });
    expect(set.statusCode, set.body).toBe(200);
    const play = await house.app.inject({ method: 'POST', url: '/api/house/mini/dados/play', headers: bearer(token), payload: { amount: '2.00', params: { direction: 'over', target: '50' }, requestId: randomUUID() } });
    expect(play.statusCode, play.body).toBe(403);
    expect(play.json().error.code).toBe('house.limit_reached');
    expect(await house.core.modules.wallet.api.cashOf(player.id)).toBe(10_000n);
    const within = await house.app.inject({ method: 'POST', url: '/api/house/mini/dados/play', headers: bearer(token), payload: { amount: '1.00', params: { direction: 'over', target: '50' }, requestId: randomUUID() } });
    expect(within.statusCode, within.body).toBe(200);
  });
});

describe('the session poll', () => {
  it('ends the session when its time limit is reached (the next request is refused)', async () => {
    const member = await payingMember(ctx);
    await put(member.token, { kind: 'session', period: 'session', minutes: 15 });
    const first = LimitsStatusSchema.parse((await api(ctx, 'GET', '/api/limits/status', member.token)).json());
    expect(first).toMatchObject({ sessionLimitMinutes: 15, sessionEnded: false, realityCheckMinutes: 60, netResult: '0.00' });
    await sql`update accounts_session set created_at = now() - interval '16 minutes' where member_id = ${member.id}`.execute(ctx.core.db);
    const ended = LimitsStatusSchema.parse((await api(ctx, 'GET', '/api/limits/status', member.token)).json());
    expect(ended.sessionEnded).toBe(true);
    expect((await api(ctx, 'GET', '/api/member/info', member.token)).statusCode).toBe(401);
  });

  it('the job ends sessions past their limit (and a minute\'s grace) the web did not end', async () => {
    const member = await payingMember(ctx);
    await put(member.token, { kind: 'session', period: 'session', minutes: 30 });
    await sql`update accounts_session set created_at = now() - interval '32 minutes' where member_id = ${member.id}`.execute(ctx.core.db);
    expect((await limitsApi().pass()).sessionsEnded).toBeGreaterThanOrEqual(1);
    expect((await api(ctx, 'GET', '/api/member/info', member.token)).statusCode).toBe(401);
  });

  it('tells an 80 % alert once per limit and period', async () => {
    const member = await payingMember(ctx);
    await put(member.token, { kind: 'deposit', period: 'week', amount: '100.00' });
    await sql`insert into payments_deposit (member_id, request_id, amount, status, provider, txid, br_code, expires_at, credited_at)
      values (${member.id}, ${`req${randomBytes(8).toString('hex')}`}, 8000, 'credited', 'test', ${randomBytes(15).toString('hex')}, 'x', now() + interval '1 hour', now())`.execute(ctx.core.db);
    const first = LimitsStatusSchema.parse((await api(ctx, 'GET', '/api/limits/status', member.token)).json());
    expect(first.alerts).toEqual([{ kind: 'deposit', period: 'week', value: '100.00', used: '80.00' }]);
    expect(LimitsStatusSchema.parse((await api(ctx, 'GET', '/api/limits/status', member.token)).json()).alerts).toEqual([]);
  });
});

describe('the console', () => {
  it('shows a member\'s limits, pending changes and history to rg.read', async () => {
    const member = await payingMember(ctx);
    await put(member.token, { kind: 'loss', period: 'month', amount: '200.00' });
    await put(member.token, { kind: 'loss', period: 'month', amount: '400.00' });
    const owner = await newOperatorSession(ctx.core, ctx.app, 'support');
    const response = await ctx.app.inject({ method: 'GET', url: `/api/backoffice/limits/members/${member.account}`, headers: bearer(owner) });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(limitOf(body, 'loss', 'month')).toMatchObject({ value: '200.00', pending: { value: '400.00' } });
    expect(body.history.map((entry: { action: string }) => entry.action)).toEqual(['increase_requested', 'set']);
    const content = await newOperatorSession(ctx.core, ctx.app, 'content');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/backoffice/limits/members/${member.account}`, headers: bearer(content) })).statusCode).toBe(403);
  });
});
