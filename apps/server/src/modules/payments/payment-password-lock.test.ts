import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { api, createPaymentsContext, payingMember, PIN, requestId, type PayingMember } from '../../../test/payments-fixture.ts';

/** Issue 18: the wrong-PIN counter lived in one process's memory and was checked after argon2. */
let ctx: TestContext;
beforeAll(async () => {
  ({ ctx } = await createPaymentsContext());
});
afterAll(async () => ctx.close());

async function memberWithPayoutKey(): Promise<PayingMember> {
  const member = await payingMember(ctx, { balance: 100_000n });
  const saved = await api(ctx, 'PUT', '/api/payments/payout-account', member.token, { account: { kind: 'pix', keyType: 'cpf', key: member.cpf }, password: member.password });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  return member;
}

const withdraw = (app: TestContext, member: PayingMember, paymentPassword: string) =>
  api(app, 'POST', '/api/payments/withdrawals', member.token, { amount: '20.00', paymentPassword, requestId: requestId() });

describe('payment password lock', () => {
  it('64 wrong PINs at once on a withdrawal: at most 5 are checked, the rest answer rate.limited, and the lock outlives the process', async () => {
    const member = await memberWithPayoutKey();
    const answers = await Promise.all(Array.from({ length: 64 }, () => withdraw(ctx, member, '135790')));
    const codes = answers.map((answer) => answer.json().error?.code as string);
    expect(codes.filter((code) => code === 'wallet.payment_password_invalid').length).toBeLessThanOrEqual(5);
    expect(codes.filter((code) => code !== 'wallet.payment_password_invalid').every((code) => code === 'rate.limited'), codes.join()).toBe(true);
    const limited = answers.find((answer) => answer.statusCode === 429)!;
    expect(limited.json().error.details.retryAfterSeconds).toBeGreaterThan(0);

    // Another API process on the same database (a restart, or a second instance) still refuses, even the right PIN.
    const other = await createTestContext({ databaseUrl: ctx.databaseUrl });
    try {
      const right = await withdraw(other, member, PIN);
      expect(right.statusCode, right.body).toBe(429);
      expect(right.json().error.code).toBe('rate.limited');
    } finally {
      await other.close();
    }
  });

  it('the right PIN clears the count of earlier wrong ones', async () => {
    const member = await memberWithPayoutKey();
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await withdraw(ctx, member, '135790')).json().error.code).toBe('wallet.payment_password_invalid');
    expect((await withdraw(ctx, member, PIN)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await withdraw(ctx, member, '135790')).json().error.code).toBe('wallet.payment_password_invalid');
    expect((await withdraw(ctx, member, '135790')).json().error.code).toBe('rate.limited');
  });
});
