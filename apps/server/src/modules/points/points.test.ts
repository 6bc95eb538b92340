import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPointsItemInput } from '@app/contracts';
import { bearer, newOperatorSession } from '../../../test/builders.ts';
import { api, PIN, payingMember, type PayingMember } from '../../../test/payments-fixture.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/**
 * Points through the ledger: earning (deposits and settled play, once), the mall's stock and
 * idempotency under concurrency, the fulfilment queue, conversion, and points == ledger.
 */
let ctx: TestContext;
let owner: string;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await newOperatorSession(ctx.core, ctx.app, 'owner');
}, 60_000);
afterAll(() => ctx.close());

const credit = () => ctx.core.modules.points.api.creditEarnings();
const pointsOf = async (member: { id: bigint }) => ctx.core.modules.points.api.pointsOf(member.id);

/** Points straight from the ledger's entries of the member's points pocket. */
async function ledgerPoints(memberId: bigint): Promise<{ entries: bigint; movements: bigint; balance: bigint }> {
  const row = await sql<{ entries: bigint; movements: bigint; balance: bigint }>`
    select
      (select coalesce(sum(e.amount), 0)::bigint from wallet_entry e join wallet_account a on a.id = e.account_id where a.member_id = ${memberId} and a.pocket = 'points') as entries,
      (select coalesce(sum(amount), 0)::bigint from points_movement where member_id = ${memberId}) as movements,
      (select coalesce(sum(balance), 0)::bigint from wallet_account where member_id = ${memberId} and pocket = 'points') as balance`.execute(ctx.core.db);
  return row.rows[0]!;
}

async function deposit(member: PayingMember, amount: string): Promise<bigint> {
  const created = await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount, requestId: randomUUID() });
  expect(created.statusCode, created.body).toBe(201);
  const id = BigInt(created.json().id as string);
  const { txid, amount: cents } = await ctx.core.db.selectFrom('payments_deposit').select(['txid', 'amount']).where('id', '=', id).executeTakeFirstOrThrow();
  expect(await ctx.core.modules.payments.api.deposits.settlePaid({ txid, amount: cents, endToEndId: `E${randomBytes(15).toString('hex')}`, paidAt: new Date() })).toBe('credited');
  return id;
}

/** A settled round as the provider's money callback writes it (its trigger records the agents' fact). */
const settledRound = (member: { id: bigint }, round: string, bet: bigint, gameType: string) =>
  sql`insert into provider_round (vendor_code, member_id, round_id, game_code, game_type, bet, win, status, closed_at)
      values ('TESTVENDOR', ${member.id}, ${round}, 'g', ${gameType}, ${bet}, 0, 'settled', now())`.execute(ctx.core.db);

/** Gives a member points the way the product does: a credited deposit at the deposit rate (1 point per R$). */
async function memberWithPoints(points: number): Promise<PayingMember> {
  const member = await payingMember(ctx);
  await deposit(member, `${points}.00`);
  await credit();
  expect(await pointsOf(member)).toBe(BigInt(points));
  return member;
}

async function newItem(overrides: Partial<AdminPointsItemInput> = {}): Promise<string> {
  const input: AdminPointsItemInput = {
    kind: 'cash',
    namePt: 'Dinheiro R$ 5',
    nameEn: 'Cash R$ 5',
    descriptionPt: 'Crédito em dinheiro',
    descriptionEn: 'Cash credit',
    imageUrl: null,
    pointsCost: '100',
    requirementKind: 'none',
    requirementAmount: '0.00',
    value: '5.00',
    bonusWagering: 1,
    stock: null,
    perMemberLimit: null,
    active: true,
    sort: 0,
    ...overrides,
  };
  const response = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/points/items', headers: bearer(owner), payload: input });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const redeem = (member: PayingMember, itemId: string, options: { key?: string; pin?: string; quantity?: number; language?: 'pt' | 'en' } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/points/redeem?language=${options.language ?? 'pt'}`,
    headers: { ...bearer(member.token), 'idempotency-key': options.key ?? randomUUID() },
    payload: { itemId, quantity: options.quantity ?? 1, paymentPassword: options.pin ?? PIN },
  });
const decide = (id: string, payload: object) => ctx.app.inject({ method: 'POST', url: `/api/backoffice/points/redemptions/${id}/decision`, headers: bearer(owner), payload });

describe('earning', () => {
  it('credits deposits and settled play per product type once, however often the job runs', async () => {
    const member = await payingMember(ctx);
    await deposit(member, '50.00');
    // Slots earn 1 point per R$, live 0.5 (the migration's rates); valid bet is the stake here.
    await settledRound(member, `r1-${member.account}`, 30_00n, 'RNG');
    await settledRound(member, `r2-${member.account}`, 20_00n, 'LIVE');
    await credit();
    expect(await pointsOf(member)).toBe(50n + 30n + 10n);
    await credit();
    await Promise.all([credit(), credit()]);
    expect(await pointsOf(member)).toBe(90n);
    const details = await api(ctx, 'GET', '/api/points/movements', member.token);
    expect(details.json().list.map((row: { source: string; amount: string }) => `${row.source}:${row.amount}`).sort()).toEqual(['deposit:50', 'play:40']);
    expect(await ledgerPoints(member.id)).toEqual({ entries: 90n, movements: 90n, balance: 90n });
  });

  it('never skips a fact whose transaction commits after a later one was credited', async () => {
    const [early, late] = [await payingMember(ctx), await payingMember(ctx)];
    const client = new pg.Client({ connectionString: ctx.databaseUrl });
    await client.connect();
    try {
      // The early round takes its seq first but commits last.
      await client.query('begin');
      await client.query(
        `insert into provider_round (vendor_code, member_id, round_id, game_code, game_type, bet, win, status, closed_at) values ('TESTVENDOR', $1, $2, 'g', 'RNG', 1000, 0, 'settled', now())`,
        [early.id, `early-${early.account}`],
      );
      await settledRound(late, `late-${late.account}`, 20_00n, 'RNG');
      const pass = credit();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await client.query('commit');
      await pass;
      await credit();
      expect([await pointsOf(early), await pointsOf(late)]).toEqual([10n, 20n]);
    } finally {
      await client.end();
    }
  });

  it('earns nothing from a game type the table does not rate', async () => {
    const member = await payingMember(ctx);
    await settledRound(member, `u-${member.account}`, 10_00n, 'UNKNOWN');
    await credit();
    expect(await pointsOf(member)).toBe(0n);
  });
});

describe('the mall', () => {
  it('gives 50 members racing for 3 items exactly 3, the rest a translated "out of stock"', async () => {
    const itemId = await newItem({ kind: 'physical', value: '0.00', namePt: 'Camiseta', nameEn: 'T-shirt', stock: 3 });
    const members = await Promise.all(Array.from({ length: 50 }, () => memberWithPoints(100)));
    const answers = await Promise.all(members.map((member) => redeem(member, itemId, { language: 'en' })));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(3);
    expect(codes.filter((code) => code === 409)).toHaveLength(47);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().error.code).toBe('points.out_of_stock');
    const item = await ctx.core.db.selectFrom('points_item').select('stock').where('id', '=', BigInt(itemId)).executeTakeFirstOrThrow();
    expect(item.stock).toBe(0);
    const spent = await Promise.all(members.map((member) => pointsOf(member)));
    expect(spent.filter((points) => points === 0n)).toHaveLength(3);
    expect(spent.filter((points) => points === 100n)).toHaveLength(47);
  }, 120_000);

  it('redeems once for a double click (same Idempotency-Key, at once and again)', async () => {
    const member = await memberWithPoints(300);
    const itemId = await newItem();
    const key = randomUUID();
    const [first, second] = await Promise.all([redeem(member, itemId, { key }), redeem(member, itemId, { key })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().id).toBe(second.json().id);
    const third = await redeem(member, itemId, { key });
    expect(third.statusCode).toBe(200);
    expect(await pointsOf(member)).toBe(200n);
  });

  it('keeps the per-member limit and refuses what the member cannot pay', async () => {
    const member = await memberWithPoints(250);
    const limited = await newItem({ perMemberLimit: 1 });
    expect((await redeem(member, limited)).statusCode).toBe(201);
    const again = await redeem(member, limited);
    expect(again.json().error.code).toBe('points.limit_reached');
    const dear = await newItem({ pointsCost: '1000' });
    const poor = await redeem(member, dear);
    expect(poor.statusCode).toBe(409);
    expect(poor.json().error.code).toBe('points.not_enough');
    const required = await newItem({ requirementKind: 'valid_bet', requirementAmount: '1000.00' });
    expect((await redeem(member, required)).json().error.code).toBe('points.requirement_not_met');
    expect(await pointsOf(member)).toBe(150n);
  });

  it('pays cash on approval and returns the points (and the stock) on rejection, each once and audited', async () => {
    const member = await memberWithPoints(300);
    const itemId = await newItem({ stock: 5 });
    const approved = (await redeem(member, itemId)).json();
    const rejected = (await redeem(member, itemId)).json();
    expect(approved.status).toBe('in_process');
    expect(approved.reference).toMatch(/^PM\d{6}\d{6,}$/);
    const cashBefore = (await ctx.core.modules.wallet.api.balanceOf(member.id)).cash;

    const queue = await ctx.app.inject({ method: 'GET', url: '/api/backoffice/points/redemptions?status=in_process', headers: bearer(owner) });
    expect(queue.json().list.map((row: { id: string }) => row.id)).toEqual(expect.arrayContaining([approved.id, rejected.id]));

    expect((await decide(approved.id, { decision: 'approve' })).json().status).toBe('approved');
    expect((await decide(approved.id, { decision: 'approve' })).json().error.code).toBe('points.already_decided');
    const cashAfter = (await ctx.core.modules.wallet.api.balanceOf(member.id)).cash;
    expect(Number(cashAfter) - Number(cashBefore)).toBe(5);

    expect((await decide(rejected.id, { decision: 'reject', reason: 'Fora de estoque no fornecedor' })).json().status).toBe('rejected');
    expect(await pointsOf(member)).toBe(200n);
    const stock = await ctx.core.db.selectFrom('points_item').select('stock').where('id', '=', BigInt(itemId)).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(4);
    const history = (await api(ctx, 'GET', '/api/points/redemptions', member.token)).json().list;
    expect(history.map((row: { status: string }) => row.status)).toEqual(['rejected', 'approved']);
    const audits = await sql<{ action: string }>`select action from backoffice_audit where target_type = 'points_redemption' and target_id in (${approved.id}, ${rejected.id}) order by id`.execute(ctx.core.db);
    expect(audits.rows.map((row) => row.action)).toEqual(['points.redemption.approved', 'points.redemption.rejected']);
    expect(await ledgerPoints(member.id)).toEqual({ entries: 200n, movements: 200n, balance: 200n });
    // Earned counts deposits and play; the rejected redemption's return lowers what was spent.
    expect((await api(ctx, 'GET', '/api/points/balance', member.token)).json()).toEqual({ points: '200', earned: '300', spent: '100' });
  });

  it('refuses an item whose image is not https or our media', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/backoffice/points/items',
      headers: bearer(owner),
      payload: { kind: 'physical', namePt: 'X', nameEn: 'X', pointsCost: '10', stock: null, perMemberLimit: null, imageUrl: 'javascript:alert(1)' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('points.item_invalid');
  });

  it('grants bonus money for a bonus item through the bonus module, once', async () => {
    const member = await memberWithPoints(100);
    const itemId = await newItem({ kind: 'bonus', value: '10.00', bonusWagering: 5 });
    const redemption = (await redeem(member, itemId)).json();
    expect((await decide(redemption.id, { decision: 'approve' })).statusCode).toBe(200);
    const grant = await ctx.core.db.selectFrom('bonus_grant').select(['amount', 'required', 'source_kind']).where('key', '=', `points:redeem:${redemption.id}`).executeTakeFirstOrThrow();
    expect(grant).toEqual({ amount: 10_00n, required: 50_00n, source_kind: 'points' });
  });
});

describe('conversion', () => {
  it('converts at the configured rate, once per key, and refuses below the minimum', async () => {
    const member = await memberWithPoints(500);
    const key = randomUUID();
    const convert = (points: string, idempotencyKey = key) =>
      ctx.app.inject({ method: 'POST', url: '/api/points/convert', headers: { ...bearer(member.token), 'idempotency-key': idempotencyKey }, payload: { points, paymentPassword: PIN } });
    const first = await convert('250');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ points: '250', amount: '2.50', balance: '250' });
    expect((await convert('250')).json().id).toBe(first.json().id);
    expect(await pointsOf(member)).toBe(250n);
    expect((await convert('50', randomUUID())).json().error.code).toBe('points.below_minimum');
    expect((await convert('5000', randomUUID())).json().error.code).toBe('points.not_enough');
    expect((await ctx.core.modules.wallet.api.balanceOf(member.id)).cash).toBe('502.50');
    expect(await ledgerPoints(member.id)).toEqual({ entries: 250n, movements: 250n, balance: 250n });
  });
});

describe('payment password', () => {
  it('is throttled like the login password: five wrong answers lock redemption and conversion', async () => {
    const member = await memberWithPoints(500);
    const itemId = await newItem();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await redeem(member, itemId, { pin: '000000' });
      expect(wrong.json().error.code).toBe('wallet.payment_password_invalid');
    }
    const locked = await redeem(member, itemId);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('rate.limited');
    const convert = await ctx.app.inject({ method: 'POST', url: '/api/points/convert', headers: bearer(member.token), payload: { points: '100', paymentPassword: PIN } });
    expect(convert.statusCode).toBe(429);
    expect(await pointsOf(member)).toBe(500n);
  });
});

describe('the ledger', () => {
  it('passes the ledger check with points in it (journals sum to zero per currency, balances equal entries)', async () => {
    const result = await ctx.core.modules.wallet.api.runLedgerCheck();
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
  });
});
