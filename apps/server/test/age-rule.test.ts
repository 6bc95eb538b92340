import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestOldEnoughBirthday, OPERATOR_TIME_ZONE, todayIn } from '@app/contracts';
import { bearer, loginAs, newPlayer } from './builders.ts';
import { api, createPaymentsContext, payingMember, PIN, requestId, type PayingMember } from './payments-fixture.ts';
import { DEMO_VENDOR as VENDOR, signedCallback } from './demo-vendor.ts';
import { createTestContext, type TestContext } from './test-context.ts';
import { DEMO_LOGINS, seedDemoData } from '../src/seed/demo-data.ts';

/**
 * The 18+ rule on every money path (spec §5): without a full name, a valid CPF and a birthday
 * of 18 or more on file, a member cannot deposit, withdraw, launch a game for money or bet;
 * demo play stays open. The refusal is member.age_unverified (the provider API: PLAYER_BLOCKED).
 */
const SECRET = 'age-rule-secret-0123456789';

let ctx: TestContext;
beforeAll(async () => {
  ({ ctx } = await createPaymentsContext({ DEMO_VENDOR_SECRET: SECRET }));
  await ctx.core.modules.provider.api.seedDemoVendor();
  ctx.core.modules.catalogue.api.invalidate();
});
afterAll(() => ctx?.close());

const today = () => todayIn(OPERATOR_TIME_ZONE, new Date());
/** The day after the latest 18+ birthday: 17 years and 364 days old. */
function oneDayShortOf18(): string {
  const day = new Date(`${latestOldEnoughBirthday(today())}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
const setBirthday = (memberId: bigint, birthday: string | null) => sql`update accounts_member set birthday = ${birthday}::date where id = ${memberId}`.execute(ctx.core.db);
const refusal = (response: { statusCode: number; json: () => { error: { code: string; details?: { reason?: string } } } }) => ({
  status: response.statusCode,
  code: response.json().error?.code,
  reason: response.json().error?.details?.reason,
});
const launch = (token: string, demo = false) => api(ctx, 'POST', '/api/games/launch', token, { vendor: VENDOR, gameCode: 'demo-slot-1', demo });

const provider = signedCallback(() => ctx, SECRET);

/** Members who reach the money paths: no birthday on file, and one day short of 18. */
async function unverifiedMembers(): Promise<[string, PayingMember][]> {
  const missing = await payingMember(ctx, { balance: 50_000n });
  await setBirthday(missing.id, null);
  const minor = await payingMember(ctx, { balance: 50_000n });
  await setBirthday(minor.id, oneDayShortOf18());
  return [
    ['identity_incomplete', missing],
    ['underage', minor],
  ];
}

describe('the 18+ rule on money paths', () => {
  it('refuses a deposit to a member without a birthday or under 18, and creates no charge', async () => {
    for (const [reason, member] of await unverifiedMembers()) {
      const response = await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '20.00', requestId: requestId() });
      expect(refusal(response), reason).toEqual({ status: 403, code: 'member.age_unverified', reason });
      expect(await ctx.core.db.selectFrom('payments_deposit').select('id').where('member_id', '=', member.id).execute()).toHaveLength(0);
    }
    const adult = await payingMember(ctx);
    expect((await api(ctx, 'POST', '/api/payments/deposits', adult.token, { amount: '20.00', requestId: requestId() })).statusCode).toBe(201);
  });

  it('refuses a withdrawal to a member without a verified age, holding nothing', async () => {
    for (const [reason, member] of await unverifiedMembers()) {
      // The payout account was saved while the member still passed (identity on file before the rule).
      await sql`update accounts_member set birthday = '1990-01-01' where id = ${member.id}`.execute(ctx.core.db);
      const saved = await api(ctx, 'PUT', '/api/payments/payout-account', member.token, { account: { kind: 'pix', keyType: 'cpf', key: member.cpf }, password: member.password });
      expect(saved.statusCode, saved.body).toBe(200);
      await setBirthday(member.id, reason === 'underage' ? oneDayShortOf18() : null);
      const response = await api(ctx, 'POST', '/api/payments/withdrawals', member.token, { amount: '100.00', paymentPassword: PIN, requestId: requestId() });
      expect(refusal(response), reason).toEqual({ status: 403, code: 'member.age_unverified', reason });
      expect((await api(ctx, 'GET', '/api/wallet/balance', member.token)).json().cash).toBe('500.00');
    }
  });

  it('refuses a real-money launch but keeps demo play open', async () => {
    for (const [reason, member] of await unverifiedMembers()) {
      expect(refusal(await launch(member.token)), reason).toEqual({ status: 403, code: 'member.age_unverified', reason });
      const demo = await launch(member.token, true);
      expect(demo.statusCode, demo.body).toBe(200);
    }
  });

  it('refuses a bet at the provider API for a member seated before the identity was found lacking, moving no money', async () => {
    const player = await newPlayer(ctx.core, { balance: 10_000n });
    const token = await loginAs(ctx.app, player);
    const launched = await launch(token);
    expect(launched.statusCode, launched.body).toBe(200);
    expect((await provider('authenticate', { token: launched.json().vendorToken })).status).toBe(200);
    const bet = (transactionId: string) => provider('bet', { playerId: player.id.toString(), transactionId, roundId: `r-${transactionId}`, gameCode: 'demo-slot-1', amount: '1.00' });

    for (const birthday of [null, oneDayShortOf18()]) {
      await setBirthday(player.id, birthday);
      const refused = await bet(randomUUID());
      expect(refused.status, String(birthday)).toBe(403);
      expect(refused.body.error?.code).toBe('PLAYER_BLOCKED');
      expect(await ctx.core.modules.wallet.api.cashOf(player.id)).toBe(10_000n);
    }
    await setBirthday(player.id, '1990-01-01');
    const acceptedId = randomUUID();
    const accepted = await bet(acceptedId);
    expect(accepted.status).toBe(200);
    expect(accepted.body.balance).toBe('99.00');

    // A bet already taken is replayed with its stored answer even after the identity lapsed.
    await setBirthday(player.id, null);
    const replay = await bet(acceptedId);
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    expect(replay.body.transactionId).toBe(accepted.body.transactionId);
    expect(await ctx.core.modules.wallet.api.cashOf(player.id)).toBe(9_900n);
  });

  it('answers visitors and trial accounts as before (the age rule is for real members)', async () => {
    const unauthenticated = await ctx.app.inject({ method: 'POST', url: '/api/payments/deposits', payload: { amount: '20.00', requestId: requestId() } });
    expect(unauthenticated.json().error.code).toBe('auth.required');
    const trial = (await ctx.app.inject({ method: 'POST', url: '/api/session/trial' })).json().token as string;
    expect((await ctx.app.inject({ method: 'POST', url: '/api/games/launch', headers: bearer(trial), payload: { vendor: VENDOR, gameCode: 'demo-slot-1' } })).json().error.code).toBe('auth.trial_refused');
  });
});

describe('completing the identity with a birthday', () => {
  const identity = (token: string) => api(ctx, 'GET', '/api/member/identity', token);
  const putBirthday = (token: string, birthday: unknown) => api(ctx, 'PUT', '/api/member/identity/birthday', token, { birthday });

  it('lets a member with name and CPF but no birthday add an 18+ one once, which opens deposits', async () => {
    const member = await payingMember(ctx);
    await setBirthday(member.id, null);
    expect((await identity(member.token)).json()).toMatchObject({ birthday: null, locked: true, ageVerified: false });

    expect(refusal(await putBirthday(member.token, oneDayShortOf18()))).toMatchObject({ status: 400, code: 'accounts.underage' });
    const eighteenToday = latestOldEnoughBirthday(today());
    const saved = await putBirthday(member.token, eighteenToday);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ birthday: eighteenToday, ageVerified: true });
    expect(refusal(await putBirthday(member.token, '1980-01-01'))).toMatchObject({ status: 409, code: 'accounts.birthday_locked' });
    expect((await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '20.00', requestId: requestId() })).statusCode).toBe(201);
  });

  it('answers malformed birthdays with 400, never 500', async () => {
    const member = await payingMember(ctx);
    await setBirthday(member.id, null);
    for (const birthday of ['', '1990-02-30', '31/12/1990', '1899-12-31', 'x'.repeat(5000), 19900101, null, { $gt: '' }]) {
      const response = await putBirthday(member.token, birthday);
      expect(response.statusCode, JSON.stringify(birthday).slice(0, 40)).toBe(400);
      expect(response.json().error.code).toBe('validation.failed');
    }
    expect((await identity(member.token)).json().birthday).toBe(null);
  });
});

describe('the demo seed', () => {
  it('gives the demo member and agent a complete adult identity, so the demo site can deposit and play', async () => {
    await seedDemoData(ctx.core.modules);
    for (const login of DEMO_LOGINS.filter((entry) => entry.role !== 'operator')) {
      const token = await loginAs(ctx.app, { account: login.username, password: login.password, type: 0 });
      expect((await api(ctx, 'GET', '/api/member/identity', token)).json(), login.username).toMatchObject({ complete: true, locked: true, ageVerified: true });
    }
    const demo = await loginAs(ctx.app, { account: 'demo', password: 'Demo@1234', type: 0 });
    expect((await api(ctx, 'POST', '/api/payments/deposits', demo, { amount: '20.00', requestId: requestId() })).statusCode).toBe(201);
    expect((await launch(demo)).statusCode).toBe(200);
  });
});

describe('house games', () => {
  let house: TestContext;
  beforeAll(async () => {
    house = await createTestContext({ env: { HOUSE_MIN_SPIN_INTERVAL_MS: '0' } });
    await house.app.listen({ port: 0, host: '127.0.0.1' });
    house.core.modules.houseGames.api.setProviderUrl(`http://127.0.0.1:${(house.app.server.address() as AddressInfo).port}`);
    await house.core.modules.houseGames.api.register();
  }, 60_000);
  afterAll(() => house?.close());

  it('tells a member without a verified 18+ identity why a mini game bet is refused, and moves no money', async () => {
    const player = await newPlayer(house.core, { balance: 10_000n });
    await sql`update accounts_member set birthday = null where id = ${player.id}`.execute(house.core.db);
    const token = await loginAs(house.app, player);
    const play = await house.app.inject({ method: 'POST', url: '/api/house/mini/dados/play', headers: bearer(token), payload: { amount: '1.00', params: { direction: 'over', target: '50' }, requestId: randomUUID() } });
    expect(play.statusCode, play.body).toBe(403);
    expect(play.json().error.code).toBe('member.age_unverified');
    expect(await house.core.modules.wallet.api.cashOf(player.id)).toBe(10_000n);
  });
});
