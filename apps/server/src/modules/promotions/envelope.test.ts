import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@app/kernel';
import { bearer, newOperatorSession } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { splitPot } from './envelope-split.ts';
import { createPlayerService, type PlayerService } from './player.service.ts';
import { PROMOTIONS_EXPENSE_ACCOUNT } from './index.ts';
import { promotionInput } from './promotions-test-fixtures.ts';

/** The rule: a red envelope of 100 shares grabbed by 500 members at once pays exactly 100 shares whose sum is the pot. */
let ctx: TestContext;
let owner: string;
let player: PlayerService;

beforeAll(async () => {
  ctx = await createTestContext({ env: { DB_POOL_MAX: '20' } });
  owner = await newOperatorSession(ctx.core, ctx.app, 'owner');
  const wallet = ctx.core.modules.wallet.api;
  player = createPlayerService({
    db: ctx.core.db,
    ports: {
      restrictedTypesAllowed: async () => false,
      cpfOf: async () => null,
      memberIdOf: async () => undefined,
      isInTeam: async () => false,
      async payCash(tx, payment) {
        await wallet.postOrThrow(tx, { key: payment.key, type: 'bonus', reference: payment.reference, legs: [{ house: PROMOTIONS_EXPENSE_ACCOUNT, amount: -payment.amount }, { member: payment.memberId, amount: payment.amount }] });
      },
      audit: async () => undefined,
    },
  });
}, 60_000);
afterAll(() => ctx.close());

async function envelope(pot: string, shares: number): Promise<bigint> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/promotions', headers: bearer(owner), payload: promotionInput({ type: 'red_envelope', budget: pot, memberCap: pot, reward: { kind: 'cash', amount: '0.01' }, envelopeShares: shares }) });
  expect(response.statusCode, response.body).toBe(201);
  return BigInt(response.json().id as string);
}

/** Members straight into the table: 500 registrations through the API would time the password hashing, not the envelope. */
async function members(count: number): Promise<bigint[]> {
  const prefix = `env${randomBytes(3).toString('hex')}`;
  const { rows } = await sql<{ id: string }>`
    insert into accounts_member (account, nickname, password_hash)
    select ${prefix} || n, ${prefix} || n, 'x' from generate_series(1, ${count}) n returning id::text as id`.execute(ctx.core.db);
  return rows.map((row) => BigInt(row.id));
}

describe('splitPot', () => {
  it('splits a pot into shares of at least one centavo that sum to it', () => {
    for (const [pot, shares] of [[10_000n, 100], [100n, 100], [1n, 1], [123_456_789n, 7]] as const) {
      const parts = splitPot(pot, shares);
      expect(parts).toHaveLength(shares);
      expect(parts.reduce((sum, part) => sum + part, 0n)).toBe(pot);
      expect(parts.every((part) => part >= 1n)).toBe(true);
    }
    expect(() => splitPot(99n, 100)).toThrow();
  });
});

describe('red envelope', () => {
  it('pays exactly 100 shares summing to the pot when 500 members grab at once', async () => {
    const id = await envelope('100.00', 100);
    const ids = await members(500);
    const outcomes = await Promise.all(ids.map((memberId) => player.grab(id, memberId).then((grabbed) => grabbed.amount, (error: unknown) => (error instanceof AppError ? error.code : String(error)))));
    const paid = outcomes.filter((outcome): outcome is bigint => typeof outcome === 'bigint');
    expect(paid).toHaveLength(100);
    expect(paid.reduce((sum, amount) => sum + amount, 0n)).toBe(10_000n);
    expect(new Set(outcomes.filter((outcome) => typeof outcome !== 'bigint'))).toEqual(new Set(['promotions.envelope_empty']));
    const ledger = await ctx.core.db.selectFrom('wallet_journal').select((eb) => eb.fn.countAll<string>().as('count')).where('reference', '=', `promotion:${id}`).executeTakeFirstOrThrow();
    expect(Number(ledger.count)).toBe(100);
    const promotion = await ctx.core.db.selectFrom('promotions_promotion').select('spent').where('id', '=', id).executeTakeFirstOrThrow();
    expect(promotion.spent).toBe(10_000n);
  }, 120_000);

  it('gives a member one share however often it grabs, and fixes the pot once split', async () => {
    const id = await envelope('10.00', 5);
    const [memberId] = await members(1);
    const grabs = await Promise.all(Array.from({ length: 8 }, () => player.grab(id, memberId!)));
    expect(new Set(grabs.map((grab) => grab.amount)).size).toBe(1);
    expect(grabs.filter((grab) => grab.created)).toHaveLength(1);
    const cash = await ctx.core.modules.wallet.api.cashOf(memberId!);
    expect(cash).toBe(grabs[0]!.amount);
    const edit = await ctx.app.inject({ method: 'PUT', url: `/api/backoffice/promotions/${id}`, headers: bearer(owner), payload: promotionInput({ type: 'red_envelope', budget: '20.00', memberCap: '20.00', reward: { kind: 'cash', amount: '0.01' }, envelopeShares: 5 }) });
    expect(edit.statusCode).toBe(400);
  });

  it('takes one share per grab when the statistics do not know a new envelope (the plan that re-ran the pick)', async () => {
    // Statistics taken before the envelope exists make PostgreSQL expect one row for it, the
    // shape under which a joined pick ran once per share row and gave one member several shares.
    await sql`analyze promotions_envelope_share`.execute(ctx.core.db);
    const id = await envelope('5.00', 5);
    const [first, second] = await members(2);
    const one = await player.grab(id, first!);
    const two = await player.grab(id, second!);
    const taken = await ctx.core.db.selectFrom('promotions_envelope_share').select(['member_id']).where('promotion_id', '=', id).where('member_id', 'is not', null).execute();
    expect(taken.map((row) => row.member_id).sort()).toEqual([first, second].sort());
    expect(one.created && two.created).toBe(true);
  });

  it('refuses a red envelope without shares, or with more shares than centavos', async () => {
    for (const envelopeShares of [null, 1001]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/promotions', headers: bearer(owner), payload: promotionInput({ type: 'red_envelope', budget: '10.00', memberCap: '10.00', reward: { kind: 'cash', amount: '0.01' }, envelopeShares }) });
      expect(response.statusCode).toBe(400);
    }
  });
});
