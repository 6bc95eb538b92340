import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROOF_MAX_BYTES, type WithdrawOptions } from '@app/contracts';
import { apiError, json, stubApi, type ApiCall, type RouteAnswer } from '../../../../test/fake-api.ts';
import { memberFixture } from '../../../../test/fixtures.ts';
import {
  paidWithdrawalFixture,
  payoutAccountFixture,
  stubBinaryUploads,
  withdrawalFixture,
  withdrawalPageFixture,
  withdrawOptionsFixture,
} from '../../../../test/payments-fixtures.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { createPaymentsRealtime } from '../../realtime/payments-realtime.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function openWithdrawPage(routes: Record<string, RouteAnswer> = {}, options: WithdrawOptions = withdrawOptionsFixture()) {
  sessionStorage.setItem('token', 'tok-1');
  const calls = stubApi({
    'GET /api/member/info': memberFixture({ hasPaymentPassword: true }),
    'GET /api/payments/withdraw/options': options,
    'GET /api/payments/withdrawals': withdrawalPageFixture(),
    ...routes,
  });
  return { calls, ...renderApp('/member?tab=withdraw') };
}

/** What the fake server holds: a write changes what the next read answers, as the real one does. */
function serverState<T>(initial: T) {
  let value = initial;
  return {
    read: () => value,
    write: <R,>(next: T, answer: R): R => {
      value = next;
      return answer;
    },
  };
}

const requests = (calls: ApiCall[], method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);
const change = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('withdraw summary and form', () => {
  it('shows what may be withdrawn, the limits and the saved payout account, masked', async () => {
    openWithdrawPage({}, withdrawOptionsFixture({ turnoverRemaining: '25.00' }));
    expect((await screen.findByTestId('withdraw-available')).textContent).toBe('R$\u00a0300,00');
    expect(screen.getByTestId('withdraw-limits-summary').textContent).toBe('Por saque: mínimo R$\u00a020,00 · máximo R$\u00a05.000,00');
    expect(screen.getByTestId('withdraw-turnover').textContent).toBe('Ainda faltam R$\u00a025,00 em apostas para liberar todo o seu saldo para saque.');
    expect(screen.getByTestId('payout-account-display').textContent).toBe('PIX CPF ***.982.247-**');
    expect(screen.getByTestId('payout-holder-name').textContent).toBe('Maria da Silva');
    expect(screen.getByTestId('payout-holder-cpf').textContent).toBe('***.982.247-**');
    expect(screen.queryByTestId('payout-account-form')).toBeNull();
    expect(screen.queryByTestId('withdraw-profile-incomplete')).toBeNull();
    expect(screen.getByTestId('withdraw-submit').hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('withdraw-vip-daily-limit')).toBeNull();
  });

  it('shows the VIP level’s daily limit and what is left of it today', async () => {
    openWithdrawPage({}, withdrawOptionsFixture({ dailyLimit: { limit: '1500.00', remaining: '1200.00' } }));
    expect((await screen.findByTestId('withdraw-vip-daily-limit')).textContent).toBe('Limite diário do seu nível VIP: R$\u00a01.500,00 · restam hoje R$\u00a01.200,00');
  });

  it('refuses a missing password, a bad amount or one above what is available, sending nothing', async () => {
    const { calls } = openWithdrawPage();
    await screen.findByTestId('withdraw-available');
    await act(async () => fireEvent.click(screen.getByTestId('withdraw-submit')));
    expect(screen.getByTestId('withdraw-amount-error').textContent).toBe('Informe um valor válido, maior que zero, com até 2 casas decimais');
    expect(screen.getByTestId('withdraw-password-error').textContent).toBe('Informe a senha de pagamento.');

    change('withdraw-amount', '300,01');
    change('withdraw-password', '123');
    await act(async () => fireEvent.click(screen.getByTestId('withdraw-submit')));
    expect(screen.getByTestId('withdraw-amount-error').textContent).toBe('O valor é maior que o disponível para saque (R$\u00a0300,00).');
    expect(screen.getByTestId('withdraw-password-error').textContent).toBe('A senha de pagamento tem 6 dígitos.');

    change('withdraw-amount', '19,99');
    await act(async () => fireEvent.click(screen.getByTestId('withdraw-submit')));
    expect(screen.getByTestId('withdraw-amount-error').textContent).toBe('O valor mínimo é R$\u00a020,00.');
    expect(requests(calls, 'POST', '/api/payments/withdrawals')).toHaveLength(0);
  });

  it('posts once on a double click with a UUID requestId, then confirms and re-reads the list', async () => {
    const { calls } = openWithdrawPage({
      'POST /api/payments/withdrawals': () => new Promise<Response>((resolve) => setTimeout(() => resolve(json(200, withdrawalFixture({ amount: '150.00' }))), 50)),
    });
    await screen.findByTestId('withdraw-available');
    change('withdraw-amount', '150');
    change('withdraw-password', '135790');
    const submit = screen.getByTestId('withdraw-submit');
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(true));
    expect((await screen.findByTestId('withdraw-success')).textContent).toBe('Saque de R$\u00a0150,00 solicitado. Acompanhe o andamento na lista abaixo.');
    const posts = requests(calls, 'POST', '/api/payments/withdrawals');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ amount: '150', paymentPassword: '135790' });
    expect((posts[0]?.body as { requestId: string }).requestId).toMatch(UUID);
    await waitFor(() => expect(requests(calls, 'GET', '/api/payments/withdrawals').length).toBeGreaterThan(1));
    expect((screen.getByTestId('withdraw-password') as HTMLInputElement).value).toBe('');
  });

  it('with open bonus wagering, warns and sends forfeitBonus only once the member confirms', async () => {
    const { calls } = openWithdrawPage(
      { 'POST /api/payments/withdrawals': json(200, withdrawalFixture({ amount: '150.00' })) },
      withdrawOptionsFixture({ openBonus: { grants: 1, bonus: '15.00', wageringRemaining: '150.00' } }),
    );
    expect((await screen.findByTestId('withdraw-bonus-warning')).textContent).toBe('Você tem R$\u00a015,00 de bônus com R$\u00a0150,00 ainda a apostar. Um saque agora cancela esse bônus.');
    change('withdraw-amount', '150');
    change('withdraw-password', '135790');
    await act(async () => fireEvent.click(screen.getByTestId('withdraw-submit')));
    const dialog = await screen.findByTestId('withdraw-bonus-confirm');
    await act(async () => fireEvent.click(within(dialog).getByTestId('confirm-cancel')));
    expect(requests(calls, 'POST', '/api/payments/withdrawals')).toHaveLength(0);

    await act(async () => fireEvent.click(screen.getByTestId('withdraw-submit')));
    await act(async () => fireEvent.click(within(await screen.findByTestId('withdraw-bonus-confirm')).getByTestId('confirm-ok')));
    await screen.findByTestId('withdraw-success');
    const posts = requests(calls, 'POST', '/api/payments/withdrawals');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ amount: '150', paymentPassword: '135790', forfeitBonus: true });
  });

  it('shows the server refusal translated', async () => {
    openWithdrawPage({ 'POST /api/payments/withdrawals': apiError(400, 'wallet.payment_password_invalid') });
    await screen.findByTestId('withdraw-available');
    change('withdraw-amount', '50');
    change('withdraw-password', '111111');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect((await screen.findByTestId('withdraw-error')).textContent).toBe('Senha de pagamento incorreta');
  });

  it('explains a missing name and CPF, payment password or payout account, linking to the security centre', async () => {
    openWithdrawPage({}, withdrawOptionsFixture({ profileComplete: false, hasPaymentPassword: false, payoutAccount: null }));
    expect((await screen.findByTestId('withdraw-profile-incomplete')).textContent).toContain('cadastre seu nome completo e CPF');
    expect(screen.getByTestId('withdraw-profile-link').getAttribute('href')).toBe('/member?tab=securityCenter');
    expect(screen.getByTestId('withdraw-password-not-set')).toBeTruthy();
    expect(screen.getByTestId('withdraw-set-password-link').getAttribute('href')).toBe('/member?tab=securityCenter');
    expect(screen.getByTestId('withdraw-no-account')).toBeTruthy();
    expect(screen.getByTestId('withdraw-submit').hasAttribute('disabled')).toBe(true);
    // No account yet: the form to add one is open.
    expect(screen.getByTestId('payout-account-none')).toBeTruthy();
    expect(screen.getByTestId('payout-account-form')).toBeTruthy();
  });
});

describe('payout account form', () => {
  it('hints at a bad PIX key for the chosen type, then saves the key as DICT writes it', async () => {
    const saved = payoutAccountFixture({ keyType: 'phone', display: 'PIX +55 (11) *****-4567', updatedAt: '2025-03-02T10:00:00.000Z' });
    const options = serverState(withdrawOptionsFixture({ payoutAccount: null }));
    const { calls } = openWithdrawPage({
      'GET /api/payments/withdraw/options': () => options.read(),
      'PUT /api/payments/payout-account': () => options.write(withdrawOptionsFixture({ payoutAccount: saved }), saved),
    });
    await screen.findByTestId('payout-account-form');
    await act(async () => fireEvent.click(screen.getByTestId('payout-save')));
    expect(screen.getByTestId('payout-key-error').textContent).toBe('Este campo é obrigatório');
    expect(screen.getByTestId('payout-password-error').textContent).toBe('Este campo é obrigatório');

    const cases: Array<[string, string, string]> = [
      ['cpf', '123.456.789-00', 'CPF inválido: confira os 11 dígitos.'],
      ['phone', '(11) 3123-4567', 'Celular inválido: informe DDD e número, como (11) 91234-5678.'],
      ['email', 'maria@', 'E-mail inválido: use o formato nome@exemplo.com.'],
      ['evp', '123e4567-e89b', 'Chave aleatória inválida: use o formato 123e4567-e89b-12d3-a456-426614174000.'],
    ];
    for (const [keyType, key, message] of cases) {
      change('payout-key-type', keyType);
      change('payout-key', key);
      await act(async () => fireEvent.click(screen.getByTestId('payout-save')));
      expect(screen.getByTestId('payout-key-error').textContent, keyType).toBe(message);
    }
    expect(requests(calls, 'PUT', '/api/payments/payout-account')).toHaveLength(0);

    change('payout-key-type', 'phone');
    change('payout-key', '(11) 96123-4567');
    change('payout-password', 'segredo123');
    fireEvent.click(screen.getByTestId('payout-save'));
    expect((await screen.findByTestId('payout-saved')).textContent).toBe('Conta de recebimento salva.');
    expect(requests(calls, 'PUT', '/api/payments/payout-account')[0]?.body).toEqual({
      account: { kind: 'pix', keyType: 'phone', key: '+5511961234567' },
      password: 'segredo123',
    });
    expect(screen.queryByTestId('payout-account-form')).toBeNull();
    expect(screen.getByTestId('payout-account-display').textContent).toBe('PIX +55 (11) *****-4567');
  });

  it('checks the bank fields with the contract rules and sends a bank account', async () => {
    const saved = payoutAccountFixture({ kind: 'bank', keyType: null, display: '260 · ag. 0001 · conta ****67-8' });
    const options = serverState(withdrawOptionsFixture());
    const { calls } = openWithdrawPage({
      'GET /api/payments/withdraw/options': () => options.read(),
      'PUT /api/payments/payout-account': () => options.write(withdrawOptionsFixture({ payoutAccount: saved }), saved),
    });
    fireEvent.click(await screen.findByTestId('payout-edit'));
    fireEvent.click(screen.getByTestId('payout-kind-bank'));
    await act(async () => fireEvent.click(screen.getByTestId('payout-save')));
    for (const field of ['payout-bank-code-error', 'payout-branch-error', 'payout-account-number-error', 'payout-password-error']) {
      expect(screen.getByTestId(field).textContent, field).toBe('Este campo é obrigatório');
    }
    change('payout-bank-code', '26');
    change('payout-branch', '0001');
    change('payout-account-number', '1234567-89');
    change('payout-password', 'segredo123');
    await act(async () => fireEvent.click(screen.getByTestId('payout-save')));
    expect(screen.getByTestId('payout-bank-code-error').textContent).toBe('Código do banco inválido (3 dígitos)');
    expect(screen.getByTestId('payout-account-number-error').textContent).toBe('Número da conta inválido');
    expect(screen.queryByTestId('payout-branch-error')).toBeNull();
    expect(requests(calls, 'PUT', '/api/payments/payout-account')).toHaveLength(0);

    change('payout-bank-code', '260');
    change('payout-account-number', '1234567-8');
    change('payout-account-type', 'savings');
    fireEvent.click(screen.getByTestId('payout-save'));
    await screen.findByTestId('payout-saved');
    expect(requests(calls, 'PUT', '/api/payments/payout-account')[0]?.body).toEqual({
      account: { kind: 'bank', bankCode: '260', branch: '0001', account: '1234567-8', accountType: 'savings' },
      password: 'segredo123',
    });
    expect(screen.getByTestId('payout-account-display').textContent).toBe('260 · ag. 0001 · conta ****67-8');
  });

  it('puts the server answers about a field under that field', async () => {
    openWithdrawPage(
      {
        'PUT /api/payments/payout-account': (_call: ApiCall, index: number) =>
          index === 0 ? apiError(400, 'payments.password_invalid') : apiError(400, 'payments.pix_key_not_own'),
      },
      withdrawOptionsFixture({ payoutAccount: null }),
    );
    await screen.findByTestId('payout-account-form');
    change('payout-key', '529.982.247-25');
    change('payout-password', 'errada');
    fireEvent.click(screen.getByTestId('payout-save'));
    expect((await screen.findByTestId('payout-password-error')).textContent).toBe('Senha incorreta');
    fireEvent.click(screen.getByTestId('payout-save'));
    expect((await screen.findByTestId('payout-key-error')).textContent).toBe('A chave CPF deve ser o seu próprio CPF');
    expect(screen.queryByTestId('payout-error')).toBeNull();
  });
});

describe('withdrawal list', () => {
  it('lists status, destination and time to pay, and follows a /ws payments.withdrawal_changed push', async () => {
    const { calls, queryClient } = openWithdrawPage({
      'GET /api/payments/withdrawals': (_call: ApiCall, index: number) =>
        index === 0
          ? withdrawalPageFixture([withdrawalFixture(), paidWithdrawalFixture({ id: 'wd-2', awaitingReceipt: false, receipt: 'received' })])
          : new Promise<Response>(() => undefined),
    });
    const rows = await screen.findAllByTestId('withdrawal-row');
    expect(within(rows[0]!).getByTestId('withdrawal-status').textContent).toBe('Em análise');
    expect(within(rows[0]!).getByTestId('withdrawal-status').getAttribute('data-status')).toBe('reviewing');
    expect(within(rows[0]!).getByTestId('withdrawal-destination').textContent).toBe('Destino: PIX CPF ***.982.247-**');
    expect(within(rows[0]!).queryByTestId('withdrawal-time-to-pay')).toBeNull();
    expect(within(rows[1]!).getByTestId('withdrawal-status').textContent).toBe('Pago');
    expect(within(rows[1]!).getByTestId('withdrawal-time-to-pay').textContent).toBe('Pago em 12 minutos');
    expect(within(rows[1]!).getByTestId('withdrawal-receipt').textContent).toBe('Recebimento confirmado');

    act(() => createPaymentsRealtime(queryClient).onMessage?.({ type: 'payments.withdrawal_changed', id: 'wd-1', status: 'paying' }));
    await waitFor(() => expect(within(screen.getAllByTestId('withdrawal-row')[0]!).getByTestId('withdrawal-status').textContent).toBe('Em pagamento'));
    expect(within(screen.getAllByTestId('withdrawal-row')[0]!).getByTestId('withdrawal-status').getAttribute('data-status')).toBe('paying');
    expect(requests(calls, 'GET', '/api/payments/withdrawals')).toHaveLength(2);
  });

  it('confirms a partial receipt with the remaining amount shown, refusing a received amount not below the total', async () => {
    const page = serverState(withdrawalPageFixture([paidWithdrawalFixture()]));
    const confirmed = paidWithdrawalFixture({ awaitingReceipt: false, receipt: 'partial', receivedAmount: '60.50', remainingAmount: '39.50' });
    const { calls } = openWithdrawPage({
      'GET /api/payments/withdrawals': () => page.read(),
      'POST /api/payments/withdrawals/wd-1/receipt': () => page.write(withdrawalPageFixture([confirmed]), confirmed),
    });
    const row = await screen.findByTestId('withdrawal-row');
    expect(within(row).getByTestId('receipt-confirmation').textContent).toContain('Você recebeu este saque na sua conta?');
    fireEvent.click(within(row).getByTestId('receipt-partial'));
    expect(within(row).getByTestId('receipt-remaining').textContent).toBe('Restante: R$\u00a0100,00');
    change('receipt-amount', '60');
    expect(within(row).getByTestId('receipt-remaining').textContent).toBe('Restante: R$\u00a040,00');
    change('receipt-amount', '100');
    await act(async () => fireEvent.click(within(row).getByTestId('receipt-partial-submit')));
    expect(within(row).getByTestId('receipt-amount-error').textContent).toBe('O valor recebido deve ser menor que o valor do saque.');
    expect(requests(calls, 'POST', '/api/payments/withdrawals/wd-1/receipt')).toHaveLength(0);

    change('receipt-amount', '60,5');
    expect(within(row).getByTestId('receipt-remaining').textContent).toBe('Restante: R$\u00a039,50');
    fireEvent.click(within(row).getByTestId('receipt-partial-submit'));
    await waitFor(() => expect(screen.getByTestId('withdrawal-receipt').textContent).toBe('Recebido em parte: faltam R$\u00a039,50'));
    expect(requests(calls, 'POST', '/api/payments/withdrawals/wd-1/receipt')[0]?.body).toEqual({ receipt: 'partial', receivedAmount: '60.5' });
    expect(screen.queryByTestId('receipt-confirmation')).toBeNull();
  });

  it('sends "received" and "not received" as they are', async () => {
    let stored = [paidWithdrawalFixture(), paidWithdrawalFixture({ id: 'wd-2' })];
    const confirm = (id: string, receipt: 'received' | 'not_received') => {
      const confirmed = paidWithdrawalFixture({ id, awaitingReceipt: false, receipt });
      stored = stored.map((row) => (row.id === id ? confirmed : row));
      return confirmed;
    };
    const { calls } = openWithdrawPage({
      'GET /api/payments/withdrawals': () => withdrawalPageFixture(stored),
      'POST /api/payments/withdrawals/wd-1/receipt': () => confirm('wd-1', 'received'),
      'POST /api/payments/withdrawals/wd-2/receipt': () => confirm('wd-2', 'not_received'),
    });
    const rows = await screen.findAllByTestId('withdrawal-row');
    fireEvent.click(within(rows[0]!).getByTestId('receipt-received'));
    fireEvent.click(within(rows[1]!).getByTestId('receipt-not-received'));
    await waitFor(() => expect(screen.queryAllByTestId('receipt-confirmation')).toHaveLength(0));
    expect(requests(calls, 'POST', '/api/payments/withdrawals/wd-1/receipt')[0]?.body).toEqual({ receipt: 'received' });
    expect(requests(calls, 'POST', '/api/payments/withdrawals/wd-2/receipt')[0]?.body).toEqual({ receipt: 'not_received' });
    expect(screen.getAllByTestId('withdrawal-receipt').map((node) => node.textContent)).toEqual([
      'Recebimento confirmado',
      'Informado como não recebido: nossa equipe vai verificar',
    ]);
  });

  it('refuses a proof that is not PNG or JPEG, or is over 5 MB, and uploads a good one as the raw body', async () => {
    const page = serverState(withdrawalPageFixture([paidWithdrawalFixture({ awaitingReceipt: false, receipt: 'received' })]));
    const withProof = paidWithdrawalFixture({ awaitingReceipt: false, receipt: 'received', hasProof: true });
    openWithdrawPage({ 'GET /api/payments/withdrawals': () => page.read() });
    const uploads = stubBinaryUploads(() => page.write(withdrawalPageFixture([withProof]), json(200, withProof)));
    const input = (await screen.findByTestId('proof-input')) as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg');

    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'proof.gif', { type: 'image/gif' })] } });
    expect(screen.getByTestId('proof-error').textContent).toBe('Envie uma imagem PNG ou JPG.');
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(PROOF_MAX_BYTES + 1)], 'proof.png', { type: 'image/png' })] } });
    expect(screen.getByTestId('proof-error').textContent).toBe('A imagem deve ter no máximo 5 MB.');
    expect(uploads).toHaveLength(0);

    const image = new File([new Uint8Array(PROOF_MAX_BYTES)], 'proof.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [image] } });
    expect((await screen.findByTestId('proof-uploaded')).textContent).toBe('Comprovante enviado.');
    expect(screen.queryByTestId('proof-error')).toBeNull();
    expect(uploads).toEqual([{ path: '/api/payments/withdrawals/wd-1/proof', contentType: 'image/jpeg', body: image }]);
  });

  it('shows a proof refused by the server translated', async () => {
    openWithdrawPage({ 'GET /api/payments/withdrawals': withdrawalPageFixture([paidWithdrawalFixture()]) });
    stubBinaryUploads(() => apiError(413, 'payments.proof_too_large'));
    const input = await screen.findByTestId('proof-input');
    fireEvent.change(input, { target: { files: [new File(['png'], 'proof.png', { type: 'image/png' })] } });
    expect((await screen.findByTestId('proof-error')).textContent).toBe('A imagem deve ter no máximo 5 MB.');
  });
});
