import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VipLevelInput } from '@app/contracts';
import { bearer, newOperatorSession } from '../../../test/builders.ts';
import { api, createPaymentsContext, financeOperator, payingMember, PIN, requestId, type PayingMember } from '../../../test/payments-fixture.ts';
import type { TestContext } from '../../../test/test-context.ts';

/**
 * The VIP level's daily withdrawal limit (vip.api.withdrawalLimitOf through the payments port
 * wired in compose.ts): what the member requested today in the site's time zone (refused and
 * failed withdrawals not counted) plus the new request may not exceed it, also under concurrency.
 */
let ctx: TestContext;
let finance: string;

const noBonus = { amount: '0.00', wageringMultiple: 0 };
const rebates = { live: '0.3', slots: '0.3', sports: '0.3', lottery: '0.1', pvp: '0.1', fish: '0.3' };
function level(rank: number, minValidBet: string, withdrawalLimitPerDay: string | null): VipLevelInput {
  return { rank, names: { pt: `Nível ${rank}`, en: `Level ${rank}` }, badge: 'colour:gold', minValidBet, minDeposit: '0.00', retentionValidBet: '0.00', upgradeBonus: noBonus, monthlyBonus: noBonus, bonusValidDays: 30, rebates, withdrawalLimitPerDay };
}

beforeAll(async () => {
  ({ ctx } = await createPaymentsContext());
  finance = await financeOperator(ctx);
  const owner = await newOperatorSession(ctx.core, ctx.app, 'owner');
  // Base level without a limit, level 1 at R$ 500 a day, level 2 without one again.
  for (const input of [level(0, '0.00', null), level(1, '100.00', '500.00'), level(2, '10000.00', null)]) {
    const response = await ctx.app.inject({ method: 'PUT', url: `/api/backoffice/vip/levels/${input.rank}`, headers: bearer(owner), payload: input });
    expect(response.statusCode, response.body).toBe(200);
  }
}, 60_000);
afterAll(async () => ctx.close());

/** A member with a payout key, cash and valid bet today (as the agents' rollup writes it), at the level that valid bet reaches. */
async function memberAt(validBet: bigint, balance = 200_000n): Promise<PayingMember> {
  const member = await payingMember(ctx, { balance });
  const saved = await api(ctx, 'PUT', '/api/payments/payout-account', member.token, { account: { kind: 'pix', keyType: 'cpf', key: member.cpf }, password: member.password });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  if (validBet > 0n) {
    await sql`insert into agents_member_day (day, member_id, bets, stake, payout, valid_bet)
      values ((now() at time zone 'America/Sao_Paulo')::date, ${member.id}, 1, ${validBet}, 0, ${validBet})`.execute(ctx.core.db);
    await ctx.core.modules.vip.api.refreshMember(member.id);
  }
  return member;
}

const withdraw = (member: PayingMember, amount: string, id = requestId()) => api(ctx, 'POST', '/api/payments/withdrawals', member.token, { amount, paymentPassword: PIN, requestId: id });
const cash = async (member: PayingMember) => (await api(ctx, 'GET', '/api/wallet/balance', member.token)).json().cash as string;
const options = async (member: PayingMember) => (await api(ctx, 'GET', '/api/payments/withdraw/options', member.token)).json();
const rowsOf = (member: PayingMember) => ctx.core.db.selectFrom('payments_withdrawal').select(['id', 'amount', 'status']).where('member_id', '=', member.id).orderBy('id').execute();

describe('VIP daily withdrawal limit', () => {
  it('passes under the limit and up to it exactly, then refuses with the limit and what is left, changing nothing', async () => {
    const member = await memberAt(10_000n);
    expect(await ctx.core.modules.vip.api.withdrawalLimitOf(member.id)).toBe(50_000n);
    expect((await options(member)).dailyLimit).toEqual({ limit: '500.00', remaining: '500.00' });

    expect((await withdraw(member, '300.00')).statusCode).toBe(200);
    expect((await options(member)).dailyLimit).toEqual({ limit: '500.00', remaining: '200.00' });

    const refused = await withdraw(member, '200.01');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'payments.vip_daily_limit', details: { limit: '500.00', remaining: '200.00' } });
    expect(await cash(member)).toBe('1700.00');
    expect(await rowsOf(member)).toHaveLength(1);

    expect((await withdraw(member, '200.00')).statusCode).toBe(200);
    expect(await cash(member)).toBe('1500.00');
    const full = await withdraw(member, '20.00');
    expect(full.json().error).toMatchObject({ code: 'payments.vip_daily_limit', details: { limit: '500.00', remaining: '0.00' } });
    expect((await options(member)).dailyLimit).toEqual({ limit: '500.00', remaining: '0.00' });
    expect(await rowsOf(member)).toHaveLength(2);
    expect(await cash(member)).toBe('1500.00');
  });

  it('does not count refused or failed withdrawals, nor those of earlier days', async () => {
    const member = await memberAt(10_000n);
    const first = (await withdraw(member, '400.00')).json();
    expect((await withdraw(member, '150.00')).json().error.code).toBe('payments.vip_daily_limit');
    const rejected = await api(ctx, 'POST', `/api/backoffice/payments/withdrawals/${first.id}/reject`, finance, { reason: 'Conferência' });
    expect(rejected.statusCode).toBe(200);
    expect((await options(member)).dailyLimit).toEqual({ limit: '500.00', remaining: '500.00' });
    const second = (await withdraw(member, '450.00')).json();
    expect(second.status).toBe('reviewing');
    // Yesterday's request (site calendar) no longer counts.
    await sql`update payments_withdrawal set requested_at = date_trunc('day', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo' - interval '1 second'
      where id = ${BigInt(second.id)}`.execute(ctx.core.db);
    expect((await options(member)).dailyLimit).toEqual({ limit: '500.00', remaining: '500.00' });
    expect((await withdraw(member, '500.00')).statusCode).toBe(200);
  });

  it('lets only what fits through when requests arrive at once', async () => {
    const member = await memberAt(10_000n);
    const responses = await Promise.all(Array.from({ length: 6 }, () => withdraw(member, '200.00')));
    const passed = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(passed).toHaveLength(2);
    expect(refused).toHaveLength(4);
    for (const response of refused) expect(response.json().error).toMatchObject({ code: 'payments.vip_daily_limit', details: { limit: '500.00', remaining: '100.00' } });
    const rows = await rowsOf(member);
    expect(rows).toHaveLength(2);
    expect(rows.reduce((sum, row) => sum + row.amount, 0n)).toBe(40_000n);
    expect(await cash(member)).toBe('1600.00');
  });

  it('answers a concurrent double click once, not with the limit', async () => {
    const member = await memberAt(10_000n);
    const id = requestId();
    const [a, b] = await Promise.all([withdraw(member, '500.00', id), withdraw(member, '500.00', id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().id).toBe(b.json().id);
    expect(await rowsOf(member)).toHaveLength(1);
  });

  it('has no limit at a level without one', async () => {
    for (const member of [await memberAt(0n), await memberAt(1_000_000n)]) {
      expect(await ctx.core.modules.vip.api.withdrawalLimitOf(member.id)).toBeNull();
      expect((await options(member)).dailyLimit).toBeNull();
      for (const amount of ['600.00', '700.00', '500.00']) expect((await withdraw(member, amount)).statusCode).toBe(200);
      expect(await cash(member)).toBe('200.00');
    }
  });
});
