import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-context.ts';
import { api, createPaymentsContext, eventually, financeOperator, payingMember, requestId } from '../../../test/payments-fixture.ts';
import { parseBrCode } from './pix/index.ts';

let ctx: TestContext;
let baseUrl: string;

beforeAll(async () => {
  ({ ctx, baseUrl } = await createPaymentsContext());
});
afterAll(async () => ctx.close());

const cash = async (token: string) => (await api(ctx, 'GET', '/api/wallet/balance', token)).json().cash as string;
const depositOf = async (token: string, id: string) => (await api(ctx, 'GET', `/api/payments/deposits/${id}`, token)).json();

async function signedWebhook(body: object, options: { secret?: Buffer; timestamp?: number } = {}) {
  const raw = JSON.stringify(body);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const secret = options.secret ?? (await ctx.core.modules.system.api.getSecret('payments.sandbox_webhook'));
  const signature = createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex');
  return fetch(`${baseUrl}/api/payments/webhooks/sandbox`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sandbox-signature': `t=${timestamp},v1=${signature}` }, body: raw });
}

describe('PIX deposits', () => {
  it('creates a charge with a dynamic BR Code for the amount, once per request id', async () => {
    const member = await payingMember(ctx);
    const id = requestId();
    const first = await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '50', requestId: id });
    expect(first.statusCode).toBe(201);
    const deposit = first.json();
    expect(deposit).toMatchObject({ amount: '50.00', status: 'pending' });
    expect(deposit.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const parsed = parseBrCode(deposit.brCode);
    expect(parsed).toMatchObject({ ok: true, initiation: 'dynamic', amountCents: 5000n });
    // A double click or a retry answers the same deposit; the same id with another amount is refused.
    const replay = await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '50.00', requestId: id });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(deposit.id);
    expect((await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '60.00', requestId: id })).json().error.code).toBe('payments.request_conflict');
    const rows = await ctx.core.db.selectFrom('payments_deposit').select('id').where('member_id', '=', member.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses bad amounts and bad request ids with a code, creating nothing', async () => {
    const member = await payingMember(ctx);
    const cases: [unknown, string][] = [
      ['', 'validation.failed'],
      ['0', 'validation.failed'],
      ['-10', 'validation.failed'],
      ['10.001', 'validation.failed'],
      ['1e3', 'validation.failed'],
      ['9'.repeat(5000), 'validation.failed'],
      [50, 'validation.failed'],
      ['<script>', 'validation.failed'],
      ['9.99', 'payments.amount_below_min'],
      ['50000.01', 'payments.amount_above_max'],
    ];
    for (const [amount, code] of cases) {
      const response = await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount, requestId: requestId() });
      expect(response.statusCode, String(amount).slice(0, 20)).toBe(400);
      expect(response.json().error.code, String(amount).slice(0, 20)).toBe(code);
    }
    for (const bad of ['', 'short', 'x'.repeat(65), "'; drop table payments_deposit;--", null]) {
      expect((await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '20.00', requestId: bad })).statusCode).toBe(400);
    }
    const malformed = await ctx.app.inject({ method: 'POST', url: '/api/payments/deposits', headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' }, payload: '{"amount": ' });
    expect(malformed.statusCode).toBe(400);
    expect(await ctx.core.db.selectFrom('payments_deposit').select('id').where('member_id', '=', member.id).execute()).toHaveLength(0);
  });

  it('needs a logged-in real member with name and CPF on file, and limits open charges', async () => {
    expect((await api(ctx, 'POST', '/api/payments/deposits', undefined, { amount: '20.00', requestId: requestId() })).statusCode).toBe(401);
    const anonymous = await payingMember(ctx, { cpf: false });
    expect((await api(ctx, 'POST', '/api/payments/deposits', anonymous.token, { amount: '20.00', requestId: requestId() })).json().error.code).toBe('payments.profile_incomplete');
    const member = await payingMember(ctx);
    for (let i = 0; i < 3; i += 1) expect((await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '20.00', requestId: requestId() })).statusCode).toBe(201);
    expect((await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '20.00', requestId: requestId() })).json().error.code).toBe('payments.too_many_pending');
  });

  it('credits exactly once when the sandbox payer pays, with the webhook over HTTP, replayed or not', async () => {
    const member = await payingMember(ctx);
    const deposit = (await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '123.45', requestId: requestId() })).json();
    expect((await api(ctx, 'POST', `/api/payments/deposits/${deposit.id}/sandbox-pay`, member.token, {})).statusCode).toBe(202);
    const credited = await eventually(() => depositOf(member.token, deposit.id), (value) => value.status === 'credited');
    expect(credited.status).toBe('credited');
    expect(await cash(member.token)).toBe('123.45');

    // The same provider event again (a PSP retry), and the payer paying twice: nothing changes.
    const event = await ctx.core.db.selectFrom('payments_provider_event').selectAll().where('reference', '=', (await ctx.core.db.selectFrom('payments_deposit').select('txid').where('id', '=', BigInt(deposit.id)).executeTakeFirstOrThrow()).txid).executeTakeFirstOrThrow();
    const replay = await signedWebhook({ ...(event.payload as object), amount: '12345' });
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { outcome: string }).outcome).toMatch(/^replay:/);
    // A new event id for the same payment (out-of-order duplicate from another PSP node).
    const duplicate = await signedWebhook({ ...(event.payload as object), eventId: 'another-node-1', amount: '12345' });
    expect(((await duplicate.json()) as { outcome: string }).outcome).toBe('already');
    expect((await api(ctx, 'POST', `/api/payments/deposits/${deposit.id}/sandbox-pay`, member.token, {})).json()).toEqual({ paid: false });
    expect(await cash(member.token)).toBe('123.45');
    const journals = await ctx.core.db.selectFrom('wallet_journal').select('id').where('idempotency_key', '=', `deposit:${deposit.id}`).execute();
    expect(journals).toHaveLength(1);
  });

  it('refuses webhooks with a bad, missing or stale signature, changing nothing', async () => {
    const member = await payingMember(ctx);
    const deposit = (await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '20.00', requestId: requestId() })).json();
    const { txid } = await ctx.core.db.selectFrom('payments_deposit').select('txid').where('id', '=', BigInt(deposit.id)).executeTakeFirstOrThrow();
    const body = { eventId: `forged-${txid}`, type: 'charge.paid', txid, amount: '2000', endToEndId: 'E'.padEnd(32, '1') };
    expect((await signedWebhook(body, { secret: Buffer.from('not the secret') })).status).toBe(401);
    expect((await signedWebhook(body, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(401);
    const unsigned = await fetch(`${baseUrl}/api/payments/webhooks/sandbox`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(unsigned.status).toBe(401);
    expect(((await unsigned.json()) as { error: { code: string } }).error.code).toBe('payments.webhook_signature_invalid');
    const garbage = await signedWebhook({ eventId: 'x', type: 'charge.paid', txid, amount: 'lots' });
    expect(garbage.status).toBe(400);
    expect((await depositOf(member.token, deposit.id)).status).toBe('pending');
    expect(await cash(member.token)).toBe('0.00');
  });

  it('answers a webhook for an unknown charge without effect, and records it', async () => {
    const response = await signedWebhook({ eventId: 'unknown-ref-1', type: 'charge.paid', txid: 'a'.repeat(32), amount: '1000', endToEndId: 'E'.padEnd(32, '2') });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { outcome: string }).outcome).toBe('unknown');
    const stored = await ctx.core.db.selectFrom('payments_provider_event').select('outcome').where('event_id', '=', 'unknown-ref-1').executeTakeFirstOrThrow();
    expect(stored.outcome).toBe('unknown');
  });

  // Issue 27 (brazil-compliance §2.4): PIX only from the member's own account; another CPF's payment goes back.
  it('returns a deposit paid from someone else’s CPF to the payer, once, replayed or not, and tells the member why', async () => {
    const member = await payingMember(ctx);
    const deposit = (await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '30.00', requestId: requestId() })).json();
    await api(ctx, 'POST', `/api/payments/deposits/${deposit.id}/sandbox-pay`, member.token, { payerCpf: '52998224725' });
    const returned = await eventually(() => depositOf(member.token, deposit.id), (value) => value.status === 'refunded');
    expect(returned).toMatchObject({ status: 'refunded', reason: 'other_payer', creditedAt: null });
    expect(await cash(member.token)).toBe('0.00');
    const { txid } = await ctx.core.db.selectFrom('payments_deposit').select('txid').where('id', '=', BigInt(deposit.id)).executeTakeFirstOrThrow();
    const charge = await ctx.core.db.selectFrom('payments_sandbox_charge').select(['status', 'refunded_at']).where('txid', '=', txid).executeTakeFirstOrThrow();
    expect(charge.status).toBe('refunded');

    // The PSP's notice again (a retry), under another event id (another node), and several at once: nothing more happens.
    const event = await ctx.core.db.selectFrom('payments_provider_event').selectAll().where('reference', '=', txid).executeTakeFirstOrThrow();
    expect(event.outcome).toBe('returned');
    expect(((await (await signedWebhook(event.payload as object)).json()) as { outcome: string }).outcome).toBe('replay:returned');
    const again = await Promise.all([1, 2, 3].map((node) => signedWebhook({ ...(event.payload as object), eventId: `node-${node}-${txid}` }).then((response) => response.json() as Promise<{ outcome: string }>)));
    expect(again.map((answer) => answer.outcome)).toEqual(['already', 'already', 'already']);
    expect((await ctx.core.db.selectFrom('payments_sandbox_charge').select('refunded_at').where('txid', '=', txid).executeTakeFirstOrThrow()).refunded_at).toEqual(charge.refunded_at);
    expect(await cash(member.token)).toBe('0.00');
    expect(await ctx.core.db.selectFrom('wallet_journal').select('id').where('idempotency_key', '=', `deposit:${deposit.id}`).execute()).toHaveLength(0);

    // The member's history says why, and one platform message tells them.
    const history = (await api(ctx, 'GET', '/api/payments/deposits', member.token)).json().content as { id: string; status: string; reason: string | null }[];
    expect(history.find((row) => row.id === deposit.id)).toMatchObject({ status: 'refunded', reason: 'other_payer' });
    const inbox = (await api(ctx, 'GET', '/api/messages', member.token)).json().messages as { template: string | null; params: Record<string, string> | null }[];
    expect(inbox.filter((message) => message.template === 'deposit_returned')).toEqual([expect.objectContaining({ params: { amount: '30.00' } })]);

    // Finance cannot credit it afterwards: it is no longer held.
    const operator = await financeOperator(ctx);
    expect((await api(ctx, 'POST', `/api/backoffice/payments/deposits/${deposit.id}/credit`, operator, { note: 'x' })).json().error.code).toBe('payments.deposit_not_held');
  });

  it('returns a payer-CPF mismatch once when the first notices of the payment arrive at the same time', async () => {
    const member = await payingMember(ctx);
    const deposit = (await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '15.00', requestId: requestId() })).json();
    const { txid } = await ctx.core.db.selectFrom('payments_deposit').select('txid').where('id', '=', BigInt(deposit.id)).executeTakeFirstOrThrow();
    // The payer's bank pays (the sandbox books it and sends its own notice); five more copies race it.
    const paid = await ctx.core.modules.payments.api.sandbox!.payCharge(txid, { cpf: '52998224725' });
    const booked = await ctx.core.db.selectFrom('payments_sandbox_charge').select(['end_to_end_id', 'paid_at']).where('txid', '=', txid).executeTakeFirstOrThrow();
    const body = { type: 'charge.paid', txid, amount: '1500', endToEndId: booked.end_to_end_id, payerCpf: '52998224725', paidAt: booked.paid_at?.toISOString() };
    const answers = await Promise.all([1, 2, 3, 4, 5].map((copy) => signedWebhook({ ...body, eventId: `race-${copy}-${txid}` }).then((response) => response.json() as Promise<{ outcome: string }>)));
    await paid.delivery;
    const outcomes = (await ctx.core.db.selectFrom('payments_provider_event').select('outcome').where('reference', '=', txid).execute()).map((row) => row.outcome);
    expect(outcomes).toHaveLength(6);
    expect(outcomes.filter((outcome) => outcome === 'returned')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== 'returned').every((outcome) => outcome === 'already')).toBe(true);
    expect(answers.every((answer) => ['returned', 'already'].includes(answer.outcome))).toBe(true);
    expect((await depositOf(member.token, deposit.id)).status).toBe('refunded');
    expect(await cash(member.token)).toBe('0.00');
    const inbox = (await api(ctx, 'GET', '/api/messages', member.token)).json().messages as { template: string | null }[];
    expect(inbox.filter((message) => message.template === 'deposit_returned')).toHaveLength(1);
    const audit = await ctx.core.db.selectFrom('payments_deposit').select(['status', 'hold_reason', 'reviewed_by', 'review_note']).where('id', '=', BigInt(deposit.id)).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ status: 'refunded', hold_reason: 'other_payer', reviewed_by: null });
  });

  it('keeps a payer-CPF mismatch held when the provider refuses the return, retries it from the job, and never lets finance credit it', async () => {
    const member = await payingMember(ctx);
    const deposit = (await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '12.00', requestId: requestId() })).json();
    const { txid } = await ctx.core.db.selectFrom('payments_deposit').select('txid').where('id', '=', BigInt(deposit.id)).executeTakeFirstOrThrow();
    // A notice the sandbox never booked: its return is refused (nothing paid to return), so the deposit stays held.
    const response = await signedWebhook({ eventId: `unbooked-${txid}`, type: 'charge.paid', txid, amount: '1200', endToEndId: `E${txid}`.slice(0, 32), payerCpf: '52998224725' });
    expect(((await response.json()) as { outcome: string }).outcome).toBe('held');
    expect(await depositOf(member.token, deposit.id)).toMatchObject({ status: 'held', reason: 'other_payer' });
    const operator = await financeOperator(ctx);
    expect((await api(ctx, 'POST', `/api/backoffice/payments/deposits/${deposit.id}/credit`, operator, { note: 'Comprovante' })).json().error.code).toBe('payments.deposit_other_payer');
    // The PSP books it after all: the reconciliation job returns it.
    await sql`update payments_sandbox_charge set status = 'paid', end_to_end_id = ${`E${txid}`.slice(0, 32)}, paid_at = now(), payer_cpf = '52998224725' where txid = ${txid}`.execute(ctx.core.db);
    expect((await ctx.core.modules.payments.api.deposits.reconcile()).returned).toBeGreaterThanOrEqual(1);
    expect(await depositOf(member.token, deposit.id)).toMatchObject({ status: 'refunded', reason: 'other_payer' });
    expect(await cash(member.token)).toBe('0.00');
  });

  // Issue 18: a 10.00 charge notified as paid at 5,000.00 credited 5,000.00.
  it('holds a deposit whose paid amount differs from the charge, credits nothing, and shows it in the operator queue', async () => {
    const member = await payingMember(ctx);
    const operator = await financeOperator(ctx);
    const queueRow = async (id: string) => ((await api(ctx, 'GET', `/api/backoffice/payments/deposits?member=${member.account}`, operator)).json().content as { id: string }[]).find((row) => row.id === id);
    for (const [charged, paid, shown] of [['10.00', '500000', '5000.00'], ['20.00', '500', '5.00']] as const) {
      const deposit = (await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: charged, requestId: requestId() })).json();
      const { txid } = await ctx.core.db.selectFrom('payments_deposit').select('txid').where('id', '=', BigInt(deposit.id)).executeTakeFirstOrThrow();
      const response = await signedWebhook({ eventId: `mismatch-${txid}`, type: 'charge.paid', txid, amount: paid, endToEndId: `E${txid}`.slice(0, 32) });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { outcome: string }).outcome).toBe('held');
      expect((await depositOf(member.token, deposit.id)).status).toBe('held');
      expect(await cash(member.token)).toBe('0.00');
      expect(await queueRow(deposit.id)).toMatchObject({ status: 'held', amount: charged, paidAmount: shown, holdReason: 'amount_mismatch', payerCpfMatches: null });
    }
    // An operator who checked the provider's statement credits what was really paid.
    const [first, second] = (await api(ctx, 'GET', `/api/backoffice/payments/deposits?member=${member.account}&status=held`, operator)).json().content as { id: string; paidAmount: string }[];
    // A refund the provider refuses (the sandbox saw no such payment) leaves it held, undecided.
    expect((await api(ctx, 'POST', `/api/backoffice/payments/deposits/${second!.id}/refund`, operator, { note: 'Devolver' })).statusCode).toBe(409);
    expect(await queueRow(second!.id)).toMatchObject({ status: 'held', holdReason: 'amount_mismatch' });
    const credited = await api(ctx, 'POST', `/api/backoffice/payments/deposits/${first!.id}/credit`, operator, { note: 'Extrato do PSP conferido' });
    expect(credited.statusCode, credited.body).toBe(200);
    expect(await cash(member.token)).toBe(first!.paidAmount);
  });

  it('answers a second payment notice carrying an end-to-end id already used without effect, never a 500', async () => {
    const member = await payingMember(ctx);
    const ids: string[] = [];
    for (let index = 0; index < 2; index += 1) ids.push((await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '10.00', requestId: requestId() })).json().id);
    const txids = await Promise.all(ids.map(async (id) => (await ctx.core.db.selectFrom('payments_deposit').select('txid').where('id', '=', BigInt(id)).executeTakeFirstOrThrow()).txid));
    const endToEndId = `E${txids[0]}`.slice(0, 32);
    const outcomes: string[] = [];
    for (const txid of txids) {
      const response = await signedWebhook({ eventId: `e2e-${txid}`, type: 'charge.paid', txid, amount: '1000', endToEndId });
      expect(response.status).toBe(200);
      outcomes.push(((await response.json()) as { outcome: string }).outcome);
    }
    expect(outcomes).toEqual(['credited', 'duplicate']);
    expect((await depositOf(member.token, ids[1]!)).status).toBe('pending');
    expect(await cash(member.token)).toBe('10.00');
  });

  it('expires an unpaid charge, and still credits it when the payment arrives late', async () => {
    const member = await payingMember(ctx);
    const deposit = (await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '40.00', requestId: requestId() })).json();
    await sql`update payments_deposit set expires_at = now() - interval '1 minute', created_at = now() - interval '20 minutes' where id = ${BigInt(deposit.id)}`.execute(ctx.core.db);
    await sql`update payments_sandbox_charge set expires_at = now() - interval '1 minute' where txid = (select txid from payments_deposit where id = ${BigInt(deposit.id)})`.execute(ctx.core.db);
    const reconciled = await ctx.core.modules.payments.api.deposits.reconcile();
    expect(reconciled.expired).toBeGreaterThanOrEqual(1);
    expect((await depositOf(member.token, deposit.id)).status).toBe('expired');
    // The payer's bank was slow: money received after expiry is credited, never lost.
    await api(ctx, 'POST', `/api/payments/deposits/${deposit.id}/sandbox-pay`, member.token, {});
    const late = await eventually(() => depositOf(member.token, deposit.id), (value) => value.status === 'credited');
    expect(late.status).toBe('credited');
    expect(await cash(member.token)).toBe('40.00');
    const row = await ctx.core.db.selectFrom('payments_deposit').select('paid_late').where('id', '=', BigInt(deposit.id)).executeTakeFirstOrThrow();
    expect(row.paid_late).toBe(true);
  });

  it('credits through reconciliation when the webhook never arrives', async () => {
    const member = await payingMember(ctx);
    const deposit = (await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '25.00', requestId: requestId() })).json();
    const sandbox = ctx.core.modules.payments.api.sandbox!;
    sandbox.setWebhookUrl('http://127.0.0.1:9/nowhere');
    try {
      const { txid } = await ctx.core.db.selectFrom('payments_deposit').select('txid').where('id', '=', BigInt(deposit.id)).executeTakeFirstOrThrow();
      const paid = await sandbox.payCharge(txid, { cpf: member.cpf });
      expect(paid.paid).toBe(true);
    } finally {
      sandbox.setWebhookUrl(`${baseUrl}/api/payments/webhooks/sandbox`);
    }
    await sql`update payments_deposit set created_at = now() - interval '5 minutes' where id = ${BigInt(deposit.id)}`.execute(ctx.core.db);
    await ctx.core.modules.payments.api.deposits.reconcile();
    expect((await depositOf(member.token, deposit.id)).status).toBe('credited');
    expect(await cash(member.token)).toBe('25.00');
  });

  it('answers 503 when the database connection dies while the sandbox PSP records the charge, and the retry gets the charge', async () => {
    const member = await payingMember(ctx);
    const id = requestId();
    // The sandbox PSP keeps its charges in our database: a connection that dies under its insert is
    // our outage (a retryable 503), not the PSP's (502). The trigger kills the inserting session.
    await sql`create function test_kill_session() returns trigger language plpgsql as $$ begin perform pg_terminate_backend(pg_backend_pid()); return new; end $$`.execute(ctx.core.db);
    await sql`create trigger test_kill_session before insert on payments_sandbox_charge for each row execute function test_kill_session()`.execute(ctx.core.db);
    let lost;
    try {
      lost = await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '20', requestId: id });
    } finally {
      await sql`drop trigger test_kill_session on payments_sandbox_charge`.execute(ctx.core.db);
      await sql`drop function test_kill_session()`.execute(ctx.core.db);
    }
    expect(lost.statusCode, lost.body).toBe(503);
    expect(lost.json().error.code).toBe('system.unavailable');
    const retry = await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '20', requestId: id });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ amount: '20.00', status: 'pending' });
    expect(parseBrCode(retry.json().brCode)).toMatchObject({ ok: true, amountCents: 2000n });
  });

  it('does not show one member’s deposit to another', async () => {
    const owner = await payingMember(ctx);
    const other = await payingMember(ctx);
    const deposit = (await api(ctx, 'POST', '/api/payments/deposits', owner.token, { amount: '20.00', requestId: requestId() })).json();
    expect((await api(ctx, 'GET', `/api/payments/deposits/${deposit.id}`, other.token)).statusCode).toBe(404);
    expect((await api(ctx, 'POST', `/api/payments/deposits/${deposit.id}/sandbox-pay`, other.token, {})).statusCode).toBe(404);
    expect((await api(ctx, 'GET', '/api/payments/deposits/abc', owner.token)).statusCode).toBe(400);
    const page = (await api(ctx, 'GET', '/api/payments/deposits?pageNo=1&pageSize=10', owner.token)).json();
    expect(page.content.map((row: { id: string }) => row.id)).toEqual([deposit.id]);
  });
});
