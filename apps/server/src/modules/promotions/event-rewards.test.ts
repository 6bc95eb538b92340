import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeCpf, PlayerPromotionListSchema, PromotionCostReportSchema, RewardCentreSchema, type PromotionInput } from '@app/contracts';
import { answeredCaptcha, bearer, loginAs, newOperatorSession, newPlayer, solveBotCheck, TEST_CAPTCHA } from '../../../test/builders.ts';
import { api, payingMember, requestId, type PayingMember } from '../../../test/payments-fixture.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { depositMatchAmount } from './deposit-match.service.ts';
import { promotionInput } from './promotions-test-fixtures.ts';
import { issueReward } from './rewards.repository.ts';

/**
 * Rewards issued by events (a credited deposit, a registration), reward expiry, and the cost
 * report. The restricted-types switch is on for this file except where a test turns it off.
 */
let ctx: TestContext;
let owner: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { CAPTCHA_FIXED_ANSWER: TEST_CAPTCHA } });
  owner = await newOperatorSession(ctx.core, ctx.app, 'owner');
  await ctx.core.modules.system.api.updateSetting('promotions', { restrictedTypes: true }, 'test');
  await ctx.core.modules.system.api.updateSetting('registration', { fields: [], captchaRequired: true, affiliateValidation: false, confirm21: false }, 'test');
}, 60_000);
afterAll(async () => {
  await ctx.core.modules.system.api.updateSetting('promotions', { restrictedTypes: false }, 'test');
  await ctx.close();
});

async function createPromotion(overrides: Partial<PromotionInput>): Promise<bigint> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/promotions', headers: bearer(owner), payload: promotionInput(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return BigInt(response.json().id as string);
}

/** A deposit charged and then paid by the provider (the path a webhook takes). */
async function deposit(member: PayingMember, amount: string): Promise<{ id: bigint; txid: string }> {
  const created = await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount, requestId: requestId() });
  expect(created.statusCode, created.body).toBe(201);
  const id = BigInt(created.json().id as string);
  const { txid, amount: cents } = await ctx.core.db.selectFrom('payments_deposit').select(['txid', 'amount']).where('id', '=', id).executeTakeFirstOrThrow();
  const paid = { txid, amount: cents, endToEndId: `E${randomBytes(15).toString('hex')}`, paidAt: new Date() };
  expect(await ctx.core.modules.payments.api.deposits.settlePaid(paid)).toBe('credited');
  // A replayed notice changes nothing.
  expect(await ctx.core.modules.payments.api.deposits.settlePaid(paid)).toBe('already');
  return { id, txid };
}

const rewardsOf = (promotionId: bigint) =>
  ctx.core.db.selectFrom('promotions_reward').select(['member_id', 'source_key', 'amount', 'kind', 'status']).where('promotion_id', '=', promotionId).orderBy('id').execute();

const join = (promotionId: bigint, token: string) => ctx.app.inject({ method: 'POST', url: `/api/promotions/${promotionId}/join`, headers: bearer(token) });

const depositMatch = (percent: number, firstDepositOnly: boolean, overrides: Partial<PromotionInput> = {}) =>
  createPromotion({ type: 'deposit_match', depositMatch: { percent, firstDepositOnly }, reward: { kind: 'cash', amount: '20.00' }, ...overrides });

describe('deposit match', () => {
  it('computes min(deposit × percent, maximum) in centavos', () => {
    expect(depositMatchAmount(3000n, 50, 2000n)).toBe(1500n);
    expect(depositMatchAmount(10_000n, 50, 2000n)).toBe(2000n);
    expect(depositMatchAmount(1001n, 100, 5000n)).toBe(1001n);
    expect(depositMatchAmount(999n, 33, 5000n)).toBe(329n);
  });

  it('issues the match for each credited deposit of a member who joined, capped at the reward amount, once per deposit', async () => {
    const promotionId = await depositMatch(50, false, { eligibility: { ...promotionInput().eligibility, minDeposit: '20.00' } });
    const member = await payingMember(ctx);
    const outsider = await payingMember(ctx);
    expect((await join(promotionId, member.token)).statusCode).toBe(204);
    const listed = PlayerPromotionListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/promotions/mine?language=pt', headers: bearer(member.token) })).json()).list.find((item) => item.id === promotionId.toString());
    expect(listed).toMatchObject({ state: 'joined', depositMatch: { percent: 50, firstDepositOnly: false } });
    const small = await deposit(member, '30.00');
    const large = await deposit(member, '100.00');
    await deposit(member, '15.00'); // below the promotion's minimum deposit
    await deposit(outsider, '50.00'); // never joined
    expect(await rewardsOf(promotionId)).toEqual([
      { member_id: member.id, source_key: `deposit:${promotionId}:${small.id}`, amount: 1500n, kind: 'cash', status: 'claimable' },
      { member_id: member.id, source_key: `deposit:${promotionId}:${large.id}`, amount: 2000n, kind: 'cash', status: 'claimable' },
    ]);
    // The deposit event replayed straight into the promotions module issues nothing twice.
    const again = await ctx.core.db.transaction().execute((tx) => ctx.core.modules.promotions.api.depositCredited(tx, { depositId: large.id, memberId: member.id, amount: 10_000n }));
    expect(again).toBe(0);
    expect(await rewardsOf(promotionId)).toHaveLength(2);
    // The member's cash got the deposits; the rewards wait in the reward centre.
    const centre = RewardCentreSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/rewards', headers: bearer(member.token) })).json());
    expect(centre.claimable.filter((reward) => reward.promotionId === promotionId.toString()).map((reward) => reward.amount)).toEqual(['20.00', '15.00']);
  }, 60_000);

  it('a held deposit (paid amount differs) issues the match when an operator credits it, on the amount credited', async () => {
    const promotionId = await depositMatch(10, false);
    const member = await payingMember(ctx);
    expect((await join(promotionId, member.token)).statusCode).toBe(204);
    const created = await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '40.00', requestId: requestId() });
    const id = BigInt(created.json().id as string);
    const { txid } = await ctx.core.db.selectFrom('payments_deposit').select('txid').where('id', '=', id).executeTakeFirstOrThrow();
    expect(await ctx.core.modules.payments.api.deposits.settlePaid({ txid, amount: 4500n, endToEndId: `E${randomBytes(15).toString('hex')}`, paidAt: new Date() })).toBe('held');
    expect(await rewardsOf(promotionId)).toEqual([]);
    await ctx.core.modules.payments.api.deposits.decideHeld(id, 'credit', 1n, 'paid amount confirmed', async () => undefined);
    expect(await rewardsOf(promotionId)).toEqual([{ member_id: member.id, source_key: `deposit:${promotionId}:${id}`, amount: 450n, kind: 'cash', status: 'claimable' }]);
  }, 60_000);

  it('a fault in the promotions side is rolled back to its savepoint: the deposit is credited all the same', async () => {
    const broken = await depositMatch(10, false);
    const member = await payingMember(ctx);
    expect((await join(broken, member.token)).statusCode).toBe(204);
    // A definition the code cannot read (a percent that is no number) makes the match throw.
    await sql`update promotions_promotion set deposit_match = '{"percent": "x", "firstDepositOnly": false}' where id = ${broken}`.execute(ctx.core.db);
    try {
      const { id } = await deposit(member, '20.00');
      const row = await ctx.core.db.selectFrom('payments_deposit').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe('credited');
      expect(await rewardsOf(broken)).toEqual([]);
    } finally {
      await sql`update promotions_promotion set status = 'ended' where id = ${broken}`.execute(ctx.core.db);
    }
  }, 60_000);

  it('first deposit only: matches the first credited deposit and no later one; a member who deposited before cannot join', async () => {
    const promotionId = await depositMatch(100, true, { reward: { kind: 'bonus', amount: '50.00', wageringMultiple: 10, expiryDays: 7 } });
    const member = await payingMember(ctx);
    expect((await join(promotionId, member.token)).statusCode).toBe(204);
    const first = await deposit(member, '40.00');
    await deposit(member, '40.00');
    expect(await rewardsOf(promotionId)).toEqual([{ member_id: member.id, source_key: `deposit:${promotionId}:${first.id}`, amount: 4000n, kind: 'bonus', status: 'claimable' }]);

    const veteran = await payingMember(ctx);
    await deposit(veteran, '25.00');
    const refused = await join(promotionId, veteran.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('promotions.not_eligible');
  }, 60_000);

  it('issues nothing while the restricted-types switch is off, and the definition cannot be resumed then', async () => {
    const promotionId = await depositMatch(50, false);
    const member = await payingMember(ctx);
    expect((await join(promotionId, member.token)).statusCode).toBe(204);
    await ctx.app.inject({ method: 'PUT', url: `/api/backoffice/promotions/${promotionId}/status`, headers: bearer(owner), payload: { status: 'paused' } });
    await ctx.core.modules.system.api.updateSetting('promotions', { restrictedTypes: false }, 'test');
    try {
      // Even an active definition made while the switch was on issues nothing once it is off.
      await sql`update promotions_promotion set status = 'active' where id = ${promotionId}`.execute(ctx.core.db);
      await deposit(member, '30.00');
      expect(await rewardsOf(promotionId)).toEqual([]);
      await sql`update promotions_promotion set status = 'paused' where id = ${promotionId}`.execute(ctx.core.db);
      const resumed = await ctx.app.inject({ method: 'PUT', url: `/api/backoffice/promotions/${promotionId}/status`, headers: bearer(owner), payload: { status: 'active' } });
      expect(resumed.json().error.code).toBe('promotions.type_restricted');
      const created = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/promotions', headers: bearer(owner), payload: promotionInput({ type: 'sign_up' }) });
      expect(created.json().error.code).toBe('promotions.type_restricted');
    } finally {
      await ctx.core.modules.system.api.updateSetting('promotions', { restrictedTypes: true }, 'test');
    }
  }, 60_000);

  it('refuses a deposit match without its percent', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/promotions', headers: bearer(owner), payload: promotionInput({ type: 'deposit_match' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields).toEqual([{ path: 'depositMatch', message: 'a deposit match needs its percent' }]);
  });
});

describe('sign-up reward', () => {
  async function register(cpf: string | null) {
    const username = `s${randomBytes(4).toString('hex')}`;
    const fields: Record<string, string> = { username, password: 'correct horse battery', confirmPassword: 'correct horse battery', ...(cpf ? { idNumber: cpf, birthday: '1990-05-17', payeeName: 'Maria Souza' } : {}) };
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/member/register',
      payload: { method: 'username', fields, captcha: await answeredCaptcha(ctx.app), botCheck: await solveBotCheck(ctx.app), agreeTerms: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = await ctx.core.db.selectFrom('accounts_member').select('id').where('account', '=', username).executeTakeFirstOrThrow();
    return { id, token: response.json().token as string };
  }
  const mine = async (token: string) => PlayerPromotionListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/promotions/mine?language=pt', headers: bearer(token) })).json()).list;

  it('issues the reward once to each member who registers while it runs; with one per CPF a member without a CPF gets none', async () => {
    // Both promotions run at once: each new member is told about both.
    const everyone = await createPromotion({ type: 'sign_up', reward: { kind: 'cash', amount: '5.00' } });
    const perCpf = await createPromotion({ type: 'sign_up', reward: { kind: 'cash', amount: '7.00' }, eligibility: { ...promotionInput().eligibility, onePerCpf: true } });
    try {
      const registered = await register(completeCpf(String(randomInt(100_000_000, 999_999_999))));
      const withCpf = registered.id;
      const withoutCpf = (await register(null)).id;
      expect((await rewardsOf(everyone)).map((row) => [row.member_id, row.source_key, row.amount])).toEqual([
        [withCpf, `signup:${everyone}:${withCpf}`, 500n],
        [withoutCpf, `signup:${everyone}:${withoutCpf}`, 500n],
      ]);
      expect((await rewardsOf(perCpf)).map((row) => row.member_id)).toEqual([withCpf]);
      // The new member sees it issued; a member registered before sees neither (nothing to join).
      expect((await mine(registered.token)).filter((item) => item.id === everyone.toString()).map((item) => item.state)).toEqual(['issued']);
      const veteran = await newPlayer(ctx.core);
      const shown = (await mine(await loginAs(ctx.app, veteran))).map((item) => item.id);
      expect(shown).not.toContain(everyone.toString());
      expect(shown).not.toContain(perCpf.toString());
      const joined = await ctx.app.inject({ method: 'POST', url: `/api/promotions/${everyone}/join`, headers: bearer(await loginAs(ctx.app, veteran)) });
      expect(joined.json().error.code).toBe('promotions.wrong_type');

      // Told again (a replay), nothing more; another account with the same CPF gets nothing.
      const cpf = (await ctx.core.db.selectFrom('accounts_member').select('cpf').where('id', '=', withCpf).executeTakeFirstOrThrow()).cpf;
      const twin = await newPlayer(ctx.core);
      const tell = (memberId: bigint) => ctx.core.db.transaction().execute((tx) => ctx.core.modules.promotions.api.memberRegistered(tx, { memberId, cpf, uplineMemberId: null, registeredAt: new Date() }));
      expect(await tell(withCpf)).toBe(0);
      expect(await tell(twin.id)).toBe(1); // the promotion without the CPF rule only
      expect((await rewardsOf(perCpf)).map((row) => row.member_id)).toEqual([withCpf]);
      expect((await rewardsOf(everyone)).map((row) => row.member_id)).toEqual([withCpf, withoutCpf, twin.id]);
    } finally {
      for (const id of [everyone, perCpf]) await ctx.app.inject({ method: 'PUT', url: `/api/backoffice/promotions/${id}/status`, headers: bearer(owner), payload: { status: 'ended' } });
    }
  }, 60_000);

  it('issues nothing at registration while the switch is off', async () => {
    const promotionId = await createPromotion({ type: 'sign_up', reward: { kind: 'cash', amount: '5.00' } });
    await ctx.core.modules.system.api.updateSetting('promotions', { restrictedTypes: false }, 'test');
    try {
      await register(null);
      expect(await rewardsOf(promotionId)).toEqual([]);
    } finally {
      await ctx.core.modules.system.api.updateSetting('promotions', { restrictedTypes: true }, 'test');
      await ctx.app.inject({ method: 'PUT', url: `/api/backoffice/promotions/${promotionId}/status`, headers: bearer(owner), payload: { status: 'ended' } });
    }
  }, 60_000);
});

describe('reward expiry', () => {
  it('an unclaimed reward expires after the promotion’s days; the claim is refused and the history shows it expired', async () => {
    const promotionId = await createPromotion({ rewardExpiryDays: 3 });
    const member = await payingMember(ctx);
    const { reward } = await issueReward(ctx.core.db, { promotionId, memberId: member.id, sourceKey: `test:expiry:${promotionId}`, kind: 'cash', amount: 1000n, wageringMultiple: null, expiryDays: null });
    const days = (reward.expiresAt!.getTime() - reward.issuedAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(3, 3);

    // Three days later, before the job has run: the time alone refuses the claim.
    await sql`update promotions_reward set issued_at = issued_at - interval '3 days', expires_at = expires_at - interval '3 days' where id = ${reward.id}`.execute(ctx.core.db);
    const early = await ctx.app.inject({ method: 'POST', url: `/api/rewards/${reward.id}/claim`, headers: bearer(member.token) });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('promotions.reward_expired');
    // The reward centre already shows it as expired, not as something to claim.
    const before = RewardCentreSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/rewards', headers: bearer(member.token) })).json());
    expect(before.claimable).toEqual([]);
    expect(before.history.map((item) => [item.id, item.status])).toEqual([[reward.id.toString(), 'expired']]);

    expect(await ctx.core.modules.promotions.api.expireRewards()).toBeGreaterThanOrEqual(1);
    const row = await ctx.core.db.selectFrom('promotions_reward').select(['status', 'expired_at']).where('id', '=', reward.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    expect(row.expired_at).not.toBeNull();
    const late = await ctx.app.inject({ method: 'POST', url: `/api/rewards/${reward.id}/claim`, headers: bearer(member.token) });
    expect(late.json().error.code).toBe('promotions.reward_expired');

    const centre = RewardCentreSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/rewards', headers: bearer(member.token) })).json());
    expect(centre.claimable).toEqual([]);
    expect(centre.history).toEqual([expect.objectContaining({ id: reward.id.toString(), status: 'expired', amount: '10.00', claimedAt: null })]);
    const spent = await ctx.core.db.selectFrom('promotions_promotion').select('spent').where('id', '=', promotionId).executeTakeFirstOrThrow();
    expect(spent.spent).toBe(0n);
  }, 60_000);
});

describe('reward expiry of rewards inserted set-based', () => {
  it('a reward without its own expiry (a periodic run inserts set-based) takes the promotion’s days: shown, refused after, expired by the job', async () => {
    const promotionId = await createPromotion({ rewardExpiryDays: 2 });
    const member = await payingMember(ctx);
    const insert = (key: string, issuedAgo: string) =>
      sql<{ id: bigint }>`insert into promotions_reward (promotion_id, member_id, source_key, kind, amount, issued_at)
        values (${promotionId}, ${member.id}, ${`test:setbased:${promotionId}:${key}`}, 'cash', 500, now() - ${issuedAgo}::interval) returning id`.execute(ctx.core.db);
    const fresh = (await insert('fresh', '1 day')).rows[0]!.id;
    const old = (await insert('old', '3 days')).rows[0]!.id;
    const centre = RewardCentreSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/rewards', headers: bearer(member.token) })).json());
    const shown = centre.claimable.find((reward) => reward.id === fresh.toString())!;
    expect(new Date(shown.expiresAt!).getTime() - new Date(shown.issuedAt).getTime()).toBe(2 * 86_400_000);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/rewards/${old}/claim`, headers: bearer(member.token) })).json().error.code).toBe('promotions.reward_expired');
    await ctx.core.modules.promotions.api.expireRewards();
    const rows = await ctx.core.db.selectFrom('promotions_reward').select(['id', 'status', 'expires_at']).where('promotion_id', '=', promotionId).orderBy('id').execute();
    expect(rows.map((row) => [row.id, row.status])).toEqual([
      [fresh, 'claimable'],
      [old, 'expired'],
    ]);
    expect(rows.every((row) => row.expires_at !== null)).toBe(true);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/rewards/${fresh}/claim`, headers: bearer(member.token) })).statusCode).toBe(200);
  }, 60_000);
});

describe('cost report', () => {
  it('adds up rewards, cash paid and the bonus module’s grants: converted counts in the net cost, forfeited does not', async () => {
    const promotionId = await createPromotion({ budget: '500.00', memberCap: '100.00', reward: { kind: 'bonus', amount: '30.00', wageringMultiple: 1, expiryDays: 7 } });
    const [cashMember, converting, forfeiting, idle] = await Promise.all([payingMember(ctx), payingMember(ctx), payingMember(ctx), payingMember(ctx)]);
    const give = async (member: PayingMember, kind: 'cash' | 'bonus', amount: bigint, claim: boolean) => {
      const { reward } = await issueReward(ctx.core.db, { promotionId, memberId: member.id, sourceKey: `test:cost:${promotionId}:${member.id}`, kind, amount, wageringMultiple: kind === 'bonus' ? 1 : null, expiryDays: kind === 'bonus' ? 7 : null });
      if (claim) expect((await ctx.app.inject({ method: 'POST', url: `/api/rewards/${reward.id}/claim`, headers: bearer(member.token) })).statusCode).toBe(200);
      return reward;
    };
    await give(cashMember, 'cash', 1250n, true);
    await give(converting, 'bonus', 3000n, true);
    await give(forfeiting, 'bonus', 2000n, true);
    const unclaimed = await give(idle, 'cash', 900n, false);
    await sql`update promotions_reward set status = 'expired', expired_at = now() where id = ${unclaimed.id}`.execute(ctx.core.db);

    // Wagering complete for one grant (converted to cash); the other forfeited by a withdrawal request.
    await sql`update bonus_grant set done = required where member_id = ${converting.id} and source_id = ${promotionId.toString()}`.execute(ctx.core.db);
    await ctx.core.modules.bonus.api.convertCompleted(converting.id);
    await ctx.core.db.transaction().execute((tx) => ctx.core.modules.bonus.api.forfeitOpen(tx, forfeiting.id));

    const response = await ctx.app.inject({ method: 'GET', url: '/api/backoffice/promotions/costs', headers: bearer(owner) });
    expect(response.statusCode).toBe(200);
    const report = PromotionCostReportSchema.parse(response.json());
    expect(report.list.find((row) => row.promotionId === promotionId.toString())).toEqual({
      promotionId: promotionId.toString(),
      title: 'Mostre sua vitória',
      type: 'application',
      status: 'active',
      budget: '500.00',
      spent: '62.50',
      issued: { count: 4, amount: '71.50' },
      claimed: { count: 3, amount: '62.50' },
      expired: { count: 1, amount: '9.00' },
      cashPaid: '12.50',
      bonusGranted: '50.00',
      bonusConverted: '30.00',
      bonusForfeited: '20.00',
      bonusExpired: '0.00',
      bonusOpen: '0.00',
      netCost: '42.50',
    });
    const support = await newOperatorSession(ctx.core, ctx.app, 'support');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/backoffice/promotions/costs', headers: bearer(support) })).statusCode).toBe(403);
  }, 60_000);
});
