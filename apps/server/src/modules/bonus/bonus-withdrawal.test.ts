import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-context.ts';
import { api, createPaymentsContext, financeOperator, payingMember, PIN, requestId, type PayingMember } from '../../../test/payments-fixture.ts';

/** A withdrawal request forfeits open bonus wagering, and only after the member confirmed it. */
let ctx: TestContext;
beforeAll(async () => {
  ({ ctx } = await createPaymentsContext());
});
afterAll(async () => ctx.close());

async function memberWithBonus(): Promise<{ member: PayingMember; grantId: bigint }> {
  const member = await payingMember(ctx, { balance: 100_00n });
  const saved = await api(ctx, 'PUT', '/api/payments/payout-account', member.token, { account: { kind: 'pix', keyType: 'cpf', key: member.cpf }, password: member.password });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  const { grantId } = await ctx.core.db.transaction().execute((tx) =>
    ctx.core.modules.bonus.api.grant(tx, { key: `w-${member.account}`, memberId: member.id, amount: 30_00n, wageringMultiple: 10, expiresAt: new Date(Date.now() + 86_400_000), source: { kind: 'test', id: '1' } }),
  );
  return { member, grantId };
}
const withdraw = (member: PayingMember, id: string, forfeitBonus?: boolean) =>
  api(ctx, 'POST', '/api/payments/withdrawals', member.token, { amount: '20.00', paymentPassword: PIN, requestId: id, ...(forfeitBonus === undefined ? {} : { forfeitBonus }) });
const balance = async (member: PayingMember) => {
  const body = (await api(ctx, 'GET', '/api/wallet/balance', member.token)).json();
  return { cash: body.cash as string, bonus: body.bonus as string };
};

describe('withdrawal with open wagering', () => {
  it('is refused with the amounts until the member confirms, then forfeits the bonus once', async () => {
    const { member, grantId } = await memberWithBonus();
    const options = (await api(ctx, 'GET', '/api/payments/withdraw/options', member.token)).json();
    expect(options.openBonus).toEqual({ grants: 1, bonus: '30.00', wageringRemaining: '300.00' });

    const refused = await withdraw(member, requestId());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'bonus.forfeit_confirmation_required', details: { bonus: '30.00', wageringRemaining: '300.00' } });
    expect(await balance(member)).toEqual({ cash: '100.00', bonus: '30.00' });

    const id = requestId();
    const [first, second] = await Promise.all([withdraw(member, id, true), withdraw(member, id, true)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await balance(member)).toEqual({ cash: '80.00', bonus: '0.00' });
    const row = await ctx.core.db.selectFrom('bonus_grant').select(['status', 'closed_amount']).where('id', '=', grantId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'forfeited', closed_amount: 30_00n });
    const journals = await sql<{ n: string }>`select count(*)::text as n from wallet_journal where idempotency_key = ${`bonus:forfeit:${grantId}`}`.execute(ctx.core.db);
    expect(journals.rows[0]!.n).toBe('1');
    // Nothing left to forfeit: the next request needs no confirmation.
    expect((await withdraw(member, requestId())).statusCode).toBe(200);
  });
});

describe('manual grant by an operator', () => {
  it('is granted once, when a second operator approves', async () => {
    const member = await payingMember(ctx);
    const [maker, checker] = [await financeOperator(ctx), await financeOperator(ctx)];
    const proposal = { account: member.account, amount: '12.50', wageringMultiple: 5, expiryDays: 3, reason: 'goodwill' };
    const proposed = await api(ctx, 'POST', '/api/backoffice/bonus/grants/proposal', maker, proposal);
    expect(proposed.statusCode).toBe(202);
    expect((await api(ctx, 'POST', '/api/backoffice/bonus/grants/proposal', maker, proposal)).statusCode).toBe(200);
    expect(await balance(member)).toEqual({ cash: '0.00', bonus: '0.00' });
    const id = proposed.json().id as string;
    expect((await api(ctx, 'POST', `/api/backoffice/approvals/${id}/approve`, maker, {})).statusCode).toBe(403);
    const approved = await api(ctx, 'POST', `/api/backoffice/approvals/${id}/approve`, checker, {});
    expect(approved.statusCode).toBe(200);
    expect(await balance(member)).toEqual({ cash: '0.00', bonus: '12.50' });
    const list = (await api(ctx, 'GET', `/api/backoffice/bonus/grants?account=${member.account}`, checker)).json();
    expect(list.content).toMatchObject([{ account: member.account, amount: '12.50', required: '62.50', status: 'active', sourceKind: 'operator', note: 'goodwill' }]);
    const refused = await api(ctx, 'POST', '/api/backoffice/bonus/grants/proposal', maker, { ...proposal, account: 'nobody-at-all' });
    expect(refused.json().error.code).toBe('bonus.grant_invalid');
  });
});
