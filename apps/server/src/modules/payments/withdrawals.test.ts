import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-context.ts';
import { api, createPaymentsContext, eventually, financeOperator, payingMember, PIN, requestId, type PayingMember } from '../../../test/payments-fixture.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';

let ctx: TestContext;
let operator: string;

beforeAll(async () => {
  ({ ctx } = await createPaymentsContext());
  operator = await financeOperator(ctx);
});
afterAll(async () => ctx.close());

const cash = async (member: PayingMember) => (await api(ctx, 'GET', '/api/wallet/balance', member.token)).json().cash as string;
const withdrawalsOf = async (member: PayingMember) => (await api(ctx, 'GET', '/api/payments/withdrawals', member.token)).json().content as { id: string; status: string; awaitingReceipt: boolean }[];
const withdrawalOf = async (member: PayingMember, id: string) => (await withdrawalsOf(member)).find((row) => row.id === id)!;
const asOperator = (method: 'GET' | 'POST', url: string, payload?: unknown) => api(ctx, method, url, operator, payload);

async function memberWithPayoutKey(balance = 100_000n, key?: string): Promise<PayingMember> {
  const member = await payingMember(ctx, { balance });
  const saved = await api(ctx, 'PUT', '/api/payments/payout-account', member.token, { account: { kind: 'pix', keyType: key ? 'email' : 'cpf', key: key ?? member.cpf }, password: member.password });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  return member;
}

const withdraw = (member: PayingMember, amount: string, id = requestId(), paymentPassword = PIN) => api(ctx, 'POST', '/api/payments/withdrawals', member.token, { amount, paymentPassword, requestId: id });

describe('payout account', () => {
  it('is in the member’s own name and CPF, and asks the login password again', async () => {
    const member = await payingMember(ctx);
    const pix = { kind: 'pix', keyType: 'phone', key: '(11) 94321-4321' };
    expect((await api(ctx, 'PUT', '/api/payments/payout-account', member.token, { account: pix, password: 'wrong' })).json().error.code).toBe('payments.password_invalid');
    expect((await api(ctx, 'PUT', '/api/payments/payout-account', member.token, { account: { kind: 'pix', keyType: 'cpf', key: '529.982.247-25' }, password: member.password })).json().error.code).toBe('payments.pix_key_not_own');
    for (const [keyType, key] of [['email', 'not-an-email'], ['phone', '123'], ['evp', "' or 1=1 --"], ['cpf', '111.111.111-11'], ['email', `${'a'.repeat(90)}@x.io`]]) {
      const response = await api(ctx, 'PUT', '/api/payments/payout-account', member.token, { account: { kind: 'pix', keyType, key }, password: member.password });
      expect(response.statusCode, `${keyType} ${key}`).toBe(400);
    }
    for (const account of [{ kind: 'bank', bankCode: '1', branch: '1', account: '1', accountType: 'checking' }, { kind: 'crypto', wallet: 'x' }, { kind: 'pix', keyType: 'phone', key: 'x'.repeat(1000) }]) {
      expect((await api(ctx, 'PUT', '/api/payments/payout-account', member.token, { account, password: member.password })).statusCode).toBe(400);
    }
    const saved = await api(ctx, 'PUT', '/api/payments/payout-account', member.token, { account: pix, password: member.password });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ kind: 'pix', keyType: 'phone', display: 'PIX +55 (11) *****-4321' });
    expect(saved.json().holderCpf).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
    const log = await ctx.core.db.selectFrom('payments_payout_account_log').select('id').where('member_id', '=', member.id).execute();
    expect(log).toHaveLength(1);
    const noCpf = await payingMember(ctx, { cpf: false });
    expect((await api(ctx, 'PUT', '/api/payments/payout-account', noCpf.token, { account: pix, password: noCpf.password })).json().error.code).toBe('payments.profile_incomplete');
  });
});

describe('withdrawals', () => {
  it('holds the funds, waits for an operator, pays through the sandbox, and takes the member’s receipt', async () => {
    const member = await memberWithPayoutKey(100_000n);
    const response = await withdraw(member, '300.00');
    expect(response.statusCode).toBe(200);
    const withdrawal = response.json();
    expect(withdrawal).toMatchObject({ amount: '300.00', status: 'reviewing', awaitingReceipt: false });
    expect(await cash(member)).toBe('700.00');

    const queue = (await asOperator('GET', '/api/backoffice/payments/withdrawals?status=reviewing')).json();
    expect(queue.content.some((row: { id: string }) => row.id === withdrawal.id)).toBe(true);
    const approved = await asOperator('POST', `/api/backoffice/payments/withdrawals/${withdrawal.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect((await asOperator('POST', `/api/backoffice/payments/withdrawals/${withdrawal.id}/approve`)).json().error.code).toBe('payments.withdrawal_not_reviewable');

    const paid = await eventually(() => withdrawalOf(member, withdrawal.id), (row) => row.status === 'paid');
    expect(paid).toMatchObject({ status: 'paid', awaitingReceipt: true });
    expect(await cash(member)).toBe('700.00');
    const payouts = await ctx.core.db.selectFrom('payments_sandbox_payout').selectAll().where('payout_id', '=', `wd${withdrawal.id}`).execute();
    expect(payouts).toHaveLength(1);

    expect((await api(ctx, 'POST', `/api/payments/withdrawals/${withdrawal.id}/receipt`, member.token, { receipt: 'partial', receivedAmount: '300.00' })).json().error.code).toBe('payments.received_amount_invalid');
    const receipt = await api(ctx, 'POST', `/api/payments/withdrawals/${withdrawal.id}/receipt`, member.token, { receipt: 'partial', receivedAmount: '250.00' });
    expect(receipt.json()).toMatchObject({ receipt: 'partial', receivedAmount: '250.00', remainingAmount: '50.00', awaitingReceipt: false });
    expect((await api(ctx, 'POST', `/api/payments/withdrawals/${withdrawal.id}/receipt`, member.token, { receipt: 'received' })).json().error.code).toBe('payments.receipt_not_allowed');

    const audit = await ctx.core.db.selectFrom('backoffice_audit').selectAll().where('target_type', '=', 'withdrawal').where('target_id', '=', withdrawal.id).execute();
    expect(audit.map((row) => row.action)).toEqual(['payments.withdrawal.approve']);
  });

  it('releases the held funds when an operator rejects, with the reason shown', async () => {
    const member = await memberWithPayoutKey(50_000n);
    const withdrawal = (await withdraw(member, '100.00')).json();
    expect(await cash(member)).toBe('400.00');
    expect((await asOperator('POST', `/api/backoffice/payments/withdrawals/${withdrawal.id}/reject`, { reason: '' })).statusCode).toBe(400);
    const rejected = await asOperator('POST', `/api/backoffice/payments/withdrawals/${withdrawal.id}/reject`, { reason: 'Dados bancários divergentes' });
    expect(rejected.statusCode).toBe(200);
    expect(await cash(member)).toBe('500.00');
    expect((await withdrawalsOf(member))[0]).toMatchObject({ status: 'rejected', rejectReason: 'Dados bancários divergentes' });
    expect((await asOperator('POST', `/api/backoffice/payments/withdrawals/${withdrawal.id}/reject`, { reason: 'again' })).statusCode).toBe(409);
  });

  it('refuses bad requests with a code and holds nothing', async () => {
    const member = await memberWithPayoutKey(10_000n);
    const cases: [string, string, string][] = [
      ['0', PIN, 'validation.failed'],
      ['abc', PIN, 'validation.failed'],
      ['19.99', PIN, 'payments.amount_below_min'],
      ['50000.01', PIN, 'payments.amount_above_max'],
      ['100.01', PIN, 'wallet.insufficient_funds'],
      ['50.00', '000000', 'wallet.payment_password_invalid'],
    ];
    for (const [amount, pin, code] of cases) {
      const response = await withdraw(member, amount, requestId(), pin);
      expect(response.statusCode, amount).toBe(400);
      expect(response.json().error.code, amount).toBe(code);
    }
    expect((await api(ctx, 'POST', '/api/payments/withdrawals', member.token, { amount: '50.00', requestId: requestId() })).statusCode).toBe(400);
    expect(await cash(member)).toBe('100.00');
    expect(await withdrawalsOf(member)).toHaveLength(0);

    const noAccount = await payingMember(ctx, { balance: 10_000n });
    expect((await withdraw(noAccount, '50.00')).json().error.code).toBe('payments.payout_account_missing');
    const noPin = await payingMember(ctx, { balance: 10_000n, pin: false });
    await api(ctx, 'PUT', '/api/payments/payout-account', noPin.token, { account: { kind: 'pix', keyType: 'cpf', key: noPin.cpf }, password: noPin.password });
    expect((await withdraw(noPin, '50.00')).json().error.code).toBe('wallet.payment_password_missing');
  });

  it('makes one withdrawal and one hold from a double click', async () => {
    const member = await memberWithPayoutKey(10_000n);
    const id = requestId();
    const answers = await Promise.all([withdraw(member, '60.00', id), withdraw(member, '60.00', id), withdraw(member, '60.00', id)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect(await cash(member)).toBe('40.00');
  });

  it('gives the money back when the receiving bank refuses the payout', async () => {
    const member = await memberWithPayoutKey(10_000n, 'fail.refused@example.com');
    const withdrawal = (await withdraw(member, '80.00')).json();
    await asOperator('POST', `/api/backoffice/payments/withdrawals/${withdrawal.id}/approve`);
    const failed = await eventually(() => withdrawalOf(member, withdrawal.id), (row) => row.status === 'failed');
    expect(failed.status).toBe('failed');
    expect(await cash(member)).toBe('100.00');
  });

  it('retries a payout whose request timed out, and pays it once', async () => {
    const payments = ctx.core.modules.payments.api;
    const real = payments.provider;
    let calls = 0;
    // The provider books the payout but our request times out before its answer arrives.
    const original = real.createPayout.bind(real);
    (real as { createPayout: PaymentProvider['createPayout'] }).createPayout = async (input) => {
      calls += 1;
      await original(input);
      if (calls === 1) throw new Error('timeout of 10000 ms exceeded');
      return original(input);
    };
    try {
      const member = await memberWithPayoutKey(20_000n);
      const withdrawal = (await withdraw(member, '150.00')).json();
      await asOperator('POST', `/api/backoffice/payments/withdrawals/${withdrawal.id}/approve`);
      const row = await ctx.core.db.selectFrom('payments_withdrawal').selectAll().where('id', '=', BigInt(withdrawal.id)).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'approved', attempts: 1 });
      expect(row.last_error).toContain('timeout');
      // The job runs again when the retry is due.
      await sql`update payments_withdrawal set next_attempt_at = now() where id = ${BigInt(withdrawal.id)}`.execute(ctx.core.db);
      await payments.withdrawals.work();
      const paid = await eventually(() => withdrawalOf(member, withdrawal.id), (current) => current.status === 'paid');
      expect(paid.status).toBe('paid');
      const payouts = await ctx.core.db.selectFrom('payments_sandbox_payout').selectAll().where('payout_id', '=', `wd${withdrawal.id}`).execute();
      expect(payouts).toHaveLength(1);
      const journals = await ctx.core.db.selectFrom('wallet_journal').select('idempotency_key').where('idempotency_key', 'like', `withdrawal:${withdrawal.id}:%`).execute();
      expect(journals.map((journal) => journal.idempotency_key).sort()).toEqual([`withdrawal:${withdrawal.id}:hold`, `withdrawal:${withdrawal.id}:payout`]);
    } finally {
      (real as { createPayout: PaymentProvider['createPayout'] }).createPayout = original;
    }
  });

  it('counts a paid withdrawal as received once the confirmation time is over', async () => {
    await ctx.core.modules.system.api.updateSetting('payments', { deposit: { presets: ['20.00'], min: '10.00', max: '50000.00', expiresInMinutes: 15, maxPending: 3 }, withdrawal: { min: '20.00', max: '50000.00', autoApproveUpTo: '100.00', receiptTimeoutMinutes: 30 } }, 'test');
    const member = await memberWithPayoutKey(10_000n);
    const withdrawal = (await withdraw(member, '50.00')).json();
    expect(withdrawal.status).toBe('approved');
    await eventually(() => withdrawalOf(member, withdrawal.id), (row) => row.status === 'paid');
    await sql`update payments_withdrawal set paid_at = now() - interval '31 minutes' where id = ${BigInt(withdrawal.id)}`.execute(ctx.core.db);
    await ctx.core.modules.payments.api.withdrawals.work();
    expect((await withdrawalsOf(member))[0]).toMatchObject({ receipt: 'auto_received', awaitingReceipt: false });
  });

  it('takes a PNG or JPEG proof of at most 5 MB for a paid withdrawal only', async () => {
    const member = await memberWithPayoutKey(10_000n);
    const withdrawal = (await withdraw(member, '30.00')).json();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
    const upload = (body: Buffer, type: string) => ctx.app.inject({ method: 'PUT', url: `/api/payments/withdrawals/${withdrawal.id}/proof`, headers: { authorization: `Bearer ${member.token}`, 'content-type': type }, payload: body });
    expect((await upload(png, 'image/png')).json().error.code).toBe('payments.receipt_not_allowed');
    await eventually(() => withdrawalOf(member, withdrawal.id), (row) => row.status === 'paid');
    expect((await upload(Buffer.from('GIF89a....'), 'image/png')).json().error.code).toBe('payments.proof_type_invalid');
    expect((await upload(png, 'image/jpeg')).json().error.code).toBe('payments.proof_type_invalid');
    expect((await upload(Buffer.from('<svg onload=alert(1)>'), 'image/svg+xml')).statusCode).toBe(415);
    const tooLarge = await upload(Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'image/png');
    expect([413]).toContain(tooLarge.statusCode);
    const ok = await upload(png, 'image/png');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().hasProof).toBe(true);
  });

  it('keeps the ledger consistent after all of it', async () => {
    const check = await ctx.core.modules.wallet.api.runLedgerCheck();
    expect(check.ok).toBe(true);
  });
});
