import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOperator, newPlayer } from './builders.ts';
import { api, createPaymentsContext, eventually, payingMember, PIN, requestId } from './payments-fixture.ts';
import type { TestContext } from './test-context.ts';

/**
 * Issue 18: a request that holds a transaction and asks the pool for a second connection starves
 * the pool under load. With a pool of one connection such a request waits for itself and fails,
 * so every money path here must finish on one connection at a time.
 */
describe('money paths on a pool of one connection', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ({ ctx } = await createPaymentsContext({ DB_POOL_MAX: '1' }));
  });
  afterAll(async () => ctx.close());

  it('a balance adjustment is requested and approved', async () => {
    const player = await newPlayer(ctx.core);
    const [maker, checker] = [await newOperator(ctx.core, ctx.app, 'finance'), await newOperator(ctx.core, ctx.app, 'finance')];
    const asked = await ctx.app.inject({ method: 'POST', url: '/api/backoffice/balance-adjustments', headers: { ...bearer(maker.token), 'idempotency-key': randomUUID() }, payload: { memberId: player.id.toString(), amountCents: '500', reason: 'Cortesia' } });
    expect(asked.statusCode, asked.body).toBe(201);
    const approved = await ctx.app.inject({ method: 'POST', url: `/api/backoffice/balance-adjustments/${asked.json().id}/approve`, headers: bearer(checker.token) });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  // Issue 27: returned to the payer at once (the provider's return outside the transactions, the member told in one).
  it('a deposit paid from another CPF is returned to the payer', async () => {
    const member = await payingMember(ctx);
    const deposit = (await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '12.00', requestId: requestId() })).json();
    await api(ctx, 'POST', `/api/payments/deposits/${deposit.id}/sandbox-pay`, member.token, { payerCpf: '52998224725' });
    const returned = await eventually(() => api(ctx, 'GET', `/api/payments/deposits/${deposit.id}`, member.token).then((response) => response.json()), (value) => value.status === 'refunded');
    expect(returned).toMatchObject({ status: 'refunded', reason: 'other_payer' });
  });

  it('a withdrawal checks the payment password and holds the funds', async () => {
    const member = await payingMember(ctx, { balance: 10_000n });
    const saved = await api(ctx, 'PUT', '/api/payments/payout-account', member.token, { account: { kind: 'pix', keyType: 'cpf', key: member.cpf }, password: member.password });
    expect(saved.statusCode, saved.body).toBe(200);
    const withdrawal = await api(ctx, 'POST', '/api/payments/withdrawals', member.token, { amount: '20.00', paymentPassword: PIN, requestId: requestId() });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
  });
});
