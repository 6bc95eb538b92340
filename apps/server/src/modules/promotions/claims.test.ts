import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, newOperatorSession, newPlayer, type TestPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { issueReward } from './rewards.repository.ts';
import { promotionInput } from './promotions-test-fixtures.ts';

/**
 * The issue's rule: never more than a promotion's budget or a member's cap, under any concurrency.
 * 20 members hold 25 rewards of R$ 1,00 each (500); all 500 claims are sent at once.
 */
let ctx: TestContext;
let owner: string;
const MEMBERS = 20;
const PER_MEMBER = 25;
let members: { player: TestPlayer; token: string }[];

beforeAll(async () => {
  ctx = await createTestContext({ env: { DB_POOL_MAX: '20' } });
  owner = await newOperatorSession(ctx.core, ctx.app, 'owner');
  members = await Promise.all(
    Array.from({ length: MEMBERS }, async () => {
      const player = await newPlayer(ctx.core);
      return { player, token: await loginAs(ctx.app, player) };
    }),
  );
}, 120_000);
afterAll(() => ctx.close());

async function promotionWithRewards(budget: string, memberCap: string): Promise<{ id: bigint; rewards: { token: string; rewardId: bigint; memberId: bigint }[] }> {
  const created = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/promotions', headers: bearer(owner), payload: promotionInput({ budget, memberCap, reward: { kind: 'cash', amount: '1.00' } }) });
  const id = BigInt(created.json().id as string);
  const rewards = [];
  for (const { player, token } of members) {
    for (let n = 0; n < PER_MEMBER; n += 1) {
      const { reward } = await issueReward(ctx.core.db, { promotionId: id, memberId: player.id, sourceKey: `test:${id}:${player.id}:${n}`, kind: 'cash', amount: 100n, wageringMultiple: null, expiryDays: null });
      rewards.push({ token, rewardId: reward.id, memberId: player.id });
    }
  }
  return { id, rewards };
}

async function claimAllAtOnce(rewards: { token: string; rewardId: bigint }[]) {
  const answers = await Promise.all(rewards.map(({ token, rewardId }) => ctx.app.inject({ method: 'POST', url: `/api/rewards/${rewardId}/claim`, headers: bearer(token) })));
  return answers.map((answer) => (answer.statusCode === 200 ? 'paid' : (answer.json().error.code as string)));
}

async function paidByLedger(promotionId: bigint): Promise<bigint> {
  const row = await ctx.core.db.selectFrom('wallet_journal').select((eb) => eb.fn.countAll<string>().as('count')).where('reference', '=', `promotion:${promotionId}`).executeTakeFirstOrThrow();
  return BigInt(row.count) * 100n;
}

describe('claims under concurrency', () => {
  it('pays exactly the budget when 500 claims race for it (caps do not bind)', async () => {
    const { id, rewards } = await promotionWithRewards('120.00', '25.00');
    const outcomes = await claimAllAtOnce(rewards);
    expect(outcomes.filter((outcome) => outcome === 'paid')).toHaveLength(120);
    expect(new Set(outcomes.filter((outcome) => outcome !== 'paid'))).toEqual(new Set(['promotions.budget_exhausted']));
    const promotion = await ctx.core.db.selectFrom('promotions_promotion').select(['spent', 'budget']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(promotion.spent).toBe(12_000n);
    expect(await paidByLedger(id)).toBe(12_000n);
  }, 120_000);

  it('pays each member exactly the cap when 500 claims race (the budget does not bind)', async () => {
    const { id, rewards } = await promotionWithRewards('10000.00', '3.00');
    const outcomes = await claimAllAtOnce(rewards);
    expect(outcomes.filter((outcome) => outcome === 'paid')).toHaveLength(MEMBERS * 3);
    expect(new Set(outcomes.filter((outcome) => outcome !== 'paid'))).toEqual(new Set(['promotions.member_cap_reached']));
    const totals = await ctx.core.db.selectFrom('promotions_member_total').select('paid').where('promotion_id', '=', id).execute();
    expect(totals.map((total) => total.paid)).toEqual(Array(MEMBERS).fill(300n));
    expect(await paidByLedger(id)).toBe(BigInt(MEMBERS) * 300n);
    // A replay of every claim pays nothing more.
    await claimAllAtOnce(rewards);
    expect(await paidByLedger(id)).toBe(BigInt(MEMBERS) * 300n);
  }, 120_000);
});
