import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPki, type TestPki } from '../../../../../test/pix-psp/certificates.ts';
import { startPixPspServer, type PixPspServer } from '../../../../../test/pix-psp/pix-psp-server.ts';
import { api, eventually, financeOperator, payingMember, PIN, requestId, type PayingMember } from '../../../../../test/payments-fixture.ts';
import { createTestContext, testLogger, type TestContext } from '../../../../../test/test-context.ts';
import { ConfigError } from '../../../../platform/config.ts';
import { parseBrCode } from '../../pix/index.ts';
import type { BcbPixPsp } from './bcb-pix-psp.ts';
import { createBcbPixFromConfig } from './index.ts';
import { createPixHttpClient, PixRefusedError } from './pix-http-client.ts';

const CLIENT = { clientId: 'operator-client', clientSecret: 'psp-secret-123' };
/** The operator's receiving key (a company's CNPJ). */
const PIX_KEY = '12345678000195';
/** Far enough ahead that the reconciliation looks at every deposit made by these tests. */
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

let pki: TestPki;
let psp: PixPspServer;
let ctx: TestContext;
let finance: string;

beforeAll(async () => {
  pki = createTestPki();
  psp = await startPixPspServer(pki, CLIENT);
  ctx = await createTestContext({
    env: {
      PAYMENTS_PROVIDER: 'bcb-pix',
      PIX_PSP_BASE_URL: psp.baseUrl,
      PIX_PSP_CLIENT_ID: CLIENT.clientId,
      PIX_PSP_CLIENT_SECRET: CLIENT.clientSecret,
      PIX_PSP_CERT_FILE: pki.client.certFile,
      PIX_PSP_KEY_FILE: pki.client.keyFile,
      PIX_PSP_CA_FILE: pki.caFile,
      PIX_PSP_PIX_KEY: PIX_KEY,
      PIX_PSP_TIMEOUT_MS: '800',
      PIX_PSP_REGISTER_WEBHOOK: 'false',
    },
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (ctx.app.server.address() as AddressInfo).port;
  await adapter().registerWebhook(`http://127.0.0.1:${port}`);
  finance = await financeOperator(ctx);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await psp?.close();
  // Every request the adapter made and every answer the PSP gave matched the OpenAPI document.
  expect(psp.violations).toEqual([]);
});

const adapter = () => ctx.core.modules.payments.api.provider as BcbPixPsp;
const cash = async (member: PayingMember) => (await api(ctx, 'GET', '/api/wallet/balance', member.token)).json().cash as string;
const depositRow = (id: string) => ctx.core.db.selectFrom('payments_deposit').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
const withdrawalRow = (id: string) => ctx.core.db.selectFrom('payments_withdrawal').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
const deposit = async (member: PayingMember, amount = '50.00', id = requestId()) => api(ctx, 'POST', '/api/payments/deposits', member.token, { amount, requestId: id });

async function openDeposit(member: PayingMember, amount = '50.00') {
  const response = await deposit(member, amount);
  expect(response.statusCode).toBe(201);
  const body = response.json() as { id: string };
  return { id: body.id, txid: (await depositRow(body.id)).txid };
}

describe('the BCB PIX adapter over mutual TLS and OAuth2', () => {
  it('refuses a client whose certificate the PSP does not trust, and a wrong client secret', async () => {
    const handshake = new Promise<string>((resolve) => {
      const request = httpsRequest(`${psp.baseUrl}/oauth/token`, { method: 'POST', cert: pki.stranger.cert, key: pki.stranger.key, ca: pki.ca }, () => resolve('answered'));
      request.on('error', (error) => resolve(error.message));
      request.end('grant_type=client_credentials');
    });
    expect(await handshake).not.toBe('answered');
    const wrongSecret = createPixHttpClient({ baseUrl: psp.baseUrl, tokenUrl: `${psp.baseUrl}/oauth/token`, clientId: CLIENT.clientId, clientSecret: 'wrong', cert: pki.client.cert, key: pki.client.key, ca: pki.ca, timeoutMs: 2000 });
    await expect(wrongSecret.call('GET', '/cob/abcdefghijklmnopqrstuvwxyz123')).rejects.toBeInstanceOf(PixRefusedError);
    wrongSecret.close();
  });

  it('registered our webhook for the receiving key with a secret path', async () => {
    expect(psp.books.webhookOf(PIX_KEY)).toMatch(/\/api\/payments\/webhooks\/bcb-pix\/[0-9a-f]{64}$/);
  });
});

describe('deposits through the PSP', () => {
  it('creates a cob for the member (our txid, CPF, amount, our key) and shows its BR Code', async () => {
    const member = await payingMember(ctx);
    const response = await deposit(member, '50.00');
    expect(response.statusCode).toBe(201);
    const body = response.json();
    const row = await depositRow(body.id);
    const cob = psp.books.cobs.get(row.txid)!;
    expect(cob.request).toMatchObject({ devedor: { cpf: member.cpf }, valor: { original: '50.00' }, chave: PIX_KEY, calendario: { expiracao: expect.any(Number) } });
    expect(parseBrCode(body.brCode)).toMatchObject({ ok: true, initiation: 'dynamic', merchantAccount: { url: `psp.test/qr/v2/${row.txid}` } });
    expect(body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('credits a paid charge once, on the PSP’s word read back, whatever the notice says or how often it comes', async () => {
    const member = await payingMember(ctx);
    const before = await cash(member);
    const { id, txid } = await openDeposit(member, '80.00');
    await psp.books.pay(txid, { cpf: member.cpf });
    expect(psp.books.notices.at(-1)).toMatchObject({ status: 200, body: { outcome: 'credited' } });
    expect(Number(await cash(member)) - Number(before)).toBe(80);
    // The same notice again, and a forged one at the real path naming a payment the PSP never saw.
    const url = `${psp.books.webhookOf(PIX_KEY)}/pix`;
    const replay = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pix: [{ endToEndId: (await depositRow(id)).end_to_end_id, txid }] }) });
    expect(await replay.json()).toEqual({ outcome: 'replay:credited' });
    const forged = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pix: [{ endToEndId: `E${'1'.repeat(31)}`, txid, valor: '9999.00' }] }) });
    expect(await forged.json()).toEqual({ outcome: '' });
    // A notice at a path without the token is refused; a malformed one is a 400, never a 500.
    const wrongPath = await fetch(url.replace(/[0-9a-f]{64}/, 'f'.repeat(64)), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"pix":[]}' });
    expect(wrongPath.status).toBe(401);
    for (const body of ['{', '{"pix":[]}', '{"pix":[{"endToEndId":"x"}]}', JSON.stringify({ pix: 'x'.repeat(1000) })]) {
      expect((await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status, body).toBe(400);
    }
    expect(Number(await cash(member)) - Number(before)).toBe(80);
    expect((await depositRow(id)).status).toBe('credited');
  });

  it('holds a payment whose amount differs from the charge, crediting nothing', async () => {
    const member = await payingMember(ctx);
    const before = await cash(member);
    const { id, txid } = await openDeposit(member, '40.00');
    await psp.books.pay(txid, { cpf: member.cpf, valor: '4.00' });
    expect(await depositRow(id)).toMatchObject({ status: 'held', hold_reason: 'amount_mismatch', paid_amount: 400n });
    expect(await cash(member)).toBe(before);
  });

  it('expires a charge the PSP says is past its calendar, and still credits it if paid later', async () => {
    const member = await payingMember(ctx);
    const { id, txid } = await openDeposit(member, '25.00');
    psp.books.expire(txid);
    await ctx.core.modules.payments.api.deposits.reconcile(later(24 * 60));
    expect((await depositRow(id)).status).toBe('expired');
  });

  it('returns another CPF’s payment to the payer through devolução at once, and keeps it held (tried again by the job) when the PSP refuses', async () => {
    const member = await payingMember(ctx);
    const { id, txid } = await openDeposit(member, '30.00');
    psp.books.refuseReturns(true);
    await psp.books.pay(txid, { cpf: '52998224725' });
    expect(await depositRow(id)).toMatchObject({ status: 'held', hold_reason: 'other_payer' });
    // Finance may not credit it; the job asks the PSP again, and this time it returns it.
    expect((await api(ctx, 'POST', `/api/backoffice/payments/deposits/${id}/credit`, finance, { note: 'Comprovante' })).json().error.code).toBe('payments.deposit_other_payer');
    psp.books.refuseReturns(false);
    expect((await ctx.core.modules.payments.api.deposits.reconcile()).returned).toBeGreaterThanOrEqual(1);
    expect(await depositRow(id)).toMatchObject({ status: 'refunded', hold_reason: 'other_payer', reviewed_by: null });
    const row = await depositRow(id);
    // Two returns asked, each under its own id (a refused id is never reused); asking again now changes nothing.
    expect(psp.calls.filter((call) => call.method === 'PUT' && call.path.startsWith(`/pix/${row.end_to_end_id}/devolucao/`)).map((call) => call.path.split('/').at(-1))).toEqual([`D${txid}0`, `D${txid}1`]);
    await adapter().refundCharge({ txid, endToEndId: row.end_to_end_id!, amount: 3000n });
    expect(psp.calls.filter((call) => call.method === 'PUT' && call.path.startsWith(`/pix/${row.end_to_end_id}/devolucao/`))).toHaveLength(2);
  });
});

describe('what a timeout leaves behind', () => {
  it('a charge the PSP made but answered too late: the deposit was written first, and the job reads the charge back', async () => {
    const member = await payingMember(ctx);
    psp.fault({ method: 'PUT', path: /^\/cob\//, kind: 'timeout-after', delayMs: 1500 });
    const id = requestId();
    const response = await deposit(member, '60.00', id);
    expect(response.json().error.code).toBe('payments.provider_unavailable');
    const row = await ctx.core.db.selectFrom('payments_deposit').selectAll().where('member_id', '=', member.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', br_code: null });
    expect(psp.books.cobs.has(row.txid)).toBe(true);
    const totals = await ctx.core.modules.payments.api.deposits.reconcile(later(2));
    expect(totals.recovered).toBeGreaterThanOrEqual(1);
    const shown = await api(ctx, 'GET', `/api/payments/deposits/${row.id}`, member.token);
    expect(parseBrCode(shown.json().brCode)).toMatchObject({ ok: true, merchantAccount: { url: `psp.test/qr/v2/${row.txid}` } });
    // The member's retry of the same request answers the same deposit and charge: one cob.
    const retry = await deposit(member, '60.00', id);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(row.id.toString());
    expect(psp.calls.filter((call) => call.path === `/cob/${row.txid}` && call.method === 'PUT')).toHaveLength(1);
  });

  it('a charge the PSP never made: the job finds no cob under our txid and closes the deposit as failed', async () => {
    const member = await payingMember(ctx);
    psp.fault({ method: 'PUT', path: /^\/cob\//, kind: 'unavailable' });
    expect((await deposit(member, '70.00')).json().error.code).toBe('payments.provider_unavailable');
    const row = await ctx.core.db.selectFrom('payments_deposit').selectAll().where('member_id', '=', member.id).executeTakeFirstOrThrow();
    await ctx.core.modules.payments.api.deposits.reconcile(later(2));
    expect((await depositRow(row.id.toString())).status).toBe('failed');
    // The member's screen shows it failed, with no code to pay.
    const shown = await api(ctx, 'GET', `/api/payments/deposits/${row.id}`, member.token);
    expect(shown.json()).toMatchObject({ status: 'failed', brCode: null, qrCode: null });
  });
});

describe('payouts through the PSP', () => {
  async function approvedWithdrawal(amount: string) {
    const member = await payingMember(ctx, { balance: 100_000n });
    const saved = await api(ctx, 'PUT', '/api/payments/payout-account', member.token, { account: { kind: 'pix', keyType: 'cpf', key: member.cpf }, password: member.password });
    expect(saved.statusCode).toBe(200);
    const created = await api(ctx, 'POST', '/api/payments/withdrawals', member.token, { amount, paymentPassword: PIN, requestId: requestId() });
    const id = created.json().id as string;
    const approved = await api(ctx, 'POST', `/api/backoffice/payments/withdrawals/${id}/approve`, finance);
    expect(approved.statusCode).toBe(200);
    return { member, id };
  }

  it('sends the payout to the member’s own key and settles it paid on the PSP’s notice', async () => {
    const { member, id } = await approvedWithdrawal('120.00');
    const envio = psp.books.envios.get(`wd${id}`)!;
    expect(envio).toMatchObject({ valor: '120.00', status: 'EM_PROCESSAMENTO', favorecido: { chave: member.cpf, cpf: member.cpf } });
    expect((await withdrawalRow(id)).status).toBe('paying');
    await psp.books.settlePayout(`wd${id}`, 'REALIZADO', PIX_KEY);
    expect((await withdrawalRow(id)).status).toBe('paid');
    expect(await cash(member)).toBe('880.00');
  });

  it('releases the funds when the receiving bank refuses the payout', async () => {
    const { member, id } = await approvedWithdrawal('200.00');
    await psp.books.settlePayout(`wd${id}`, 'NAO_REALIZADO', PIX_KEY);
    expect(await withdrawalRow(id)).toMatchObject({ status: 'failed', failure_reason: 'Conta de destino encerrada' });
    expect(await cash(member)).toBe('1000.00');
  });

  it('after a payout answered too late, asks the PSP before sending again: one payout', async () => {
    psp.fault({ method: 'PUT', path: /^\/gn\/pix\//, kind: 'timeout-after', delayMs: 1500 });
    const { id } = await approvedWithdrawal('150.00');
    expect(await withdrawalRow(id)).toMatchObject({ status: 'approved', attempts: 1 });
    expect(psp.books.envios.has(`wd${id}`)).toBe(true);
    await ctx.core.db.updateTable('payments_withdrawal').set({ next_attempt_at: new Date(Date.now() - 1000) }).where('id', '=', BigInt(id)).execute();
    await ctx.core.modules.payments.api.withdrawals.work();
    expect((await withdrawalRow(id)).status).toBe('paying');
    expect(psp.calls.filter((call) => call.method === 'PUT' && call.path === `/gn/pix/wd${id}`)).toHaveLength(1);
    await psp.books.settlePayout(`wd${id}`, 'REALIZADO', PIX_KEY, { notify: false });
    // No notice: the job's poll finds the truth.
    await ctx.core.db.updateTable('payments_withdrawal').set({ next_attempt_at: new Date(Date.now() - 1000) }).where('id', '=', BigInt(id)).execute();
    await eventually(
      async () => {
        await ctx.core.modules.payments.api.withdrawals.work();
        return (await withdrawalRow(id)).status;
      },
      (status) => status === 'paid',
    );
    expect((await withdrawalRow(id)).status).toBe('paid');
  });
});

describe('the operator’s PSP settings, checked at start', () => {
  const settings = () => ({ ...ctx.config.pixPsp!, registerWebhook: false });
  const start = (overrides: Partial<ReturnType<typeof settings>>) => () =>
    createBcbPixFromConfig({ ...settings(), ...overrides }, { logger: testLogger, webhookSecret: async () => Buffer.alloc(32), receiverName: 'Site', receiverCity: 'SAO PAULO' });

  it('names a missing file, a key that is not the certificate’s, a CA that is not a certificate and a bad PIX key, all at once', () => {
    expect(start({})).not.toThrow();
    expect(start({ certFile: '/nonexistent/client.crt' })).toThrow(/PIX_PSP_CERT_FILE: cannot read \/nonexistent\/client.crt \(ENOENT\)/);
    expect(start({ keyFile: pki.stranger.keyFile })).toThrow(/PIX_PSP_KEY_FILE: does not match the certificate/);
    let error: unknown;
    try {
      start({ caFile: pki.client.keyFile, pixKey: 'not a key', certFile: pki.client.keyFile })();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PIX_PSP_CERT_FILE: not a PEM certificate',
      'PIX_PSP_CA_FILE: not a PEM certificate',
      'PIX_PSP_PIX_KEY: not a PIX key (CPF, CNPJ, e-mail, +55 phone or random key)',
    ]);
  });
});
