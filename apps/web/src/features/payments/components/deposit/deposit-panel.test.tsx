import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DepositOptions } from '@app/contracts';
import { apiError, json, stubApi, type ApiCall, type RouteAnswer } from '../../../../test/fake-api.ts';
import { memberFixture } from '../../../../test/fixtures.ts';
import { BR_CODE, depositFixture, depositOptionsFixture, depositPageFixture, QR_DATA_URL } from '../../../../test/payments-fixtures.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { createPaymentsRealtime } from '../../realtime/payments-realtime.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function openDepositPage(routes: Record<string, RouteAnswer> = {}, options: DepositOptions = depositOptionsFixture()) {
  sessionStorage.setItem('token', 'tok-1');
  const calls = stubApi({
    'GET /api/member/info': memberFixture(),
    'GET /api/payments/deposit/options': options,
    'GET /api/payments/deposits': depositPageFixture(),
    ...routes,
  });
  return { calls, ...renderApp('/member?tab=depositv2') };
}

const creations = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.path === '/api/payments/deposits');
const requestIdOf = (call: ApiCall | undefined) => (call?.body as { requestId: string } | undefined)?.requestId;

function typeAmount(value: string) {
  fireEvent.change(screen.getByTestId('deposit-amount'), { target: { value } });
}

/** Amount typed, charge created, charge view on screen. */
async function createCharge(routes: Record<string, RouteAnswer> = {}, options?: DepositOptions) {
  const page = openDepositPage({ 'POST /api/payments/deposits': depositFixture(), ...routes }, options);
  await screen.findByTestId('deposit-limits');
  typeAmount('50');
  fireEvent.click(screen.getByTestId('deposit-submit'));
  await screen.findByTestId('deposit-charge');
  return page;
}

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('deposit form', () => {
  it('offers the presets and the limits; a preset fills the amount, a free amount is sent as typed', async () => {
    const { calls } = openDepositPage({ 'POST /api/payments/deposits': depositFixture({ amount: '75.50' }) });
    // The member page is a lazy chunk: its first import can take over a second under load.
    expect((await screen.findByTestId('deposit-limits', {}, { timeout: 5000 })).textContent).toBe('Mínimo R$\u00a010,00 · máximo R$\u00a050.000,00');
    const presets = screen.getAllByTestId('deposit-preset');
    expect(presets.map((preset) => preset.textContent)).toEqual(['R$\u00a020,00', 'R$\u00a050,00', 'R$\u00a0100,00']);

    fireEvent.click(presets[1]!);
    expect((screen.getByTestId('deposit-amount') as HTMLInputElement).value).toBe('50,00');
    expect(presets[1]!.getAttribute('aria-pressed')).toBe('true');

    typeAmount('75,5');
    expect(screen.getAllByTestId('deposit-preset').every((preset) => preset.getAttribute('aria-pressed') === 'false')).toBe(true);
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await screen.findByTestId('deposit-charge');
    expect(creations(calls)).toHaveLength(1);
    expect(creations(calls)[0]?.body).toMatchObject({ amount: '75.5' });
    expect(requestIdOf(creations(calls)[0])).toMatch(UUID);
  });

  it('refuses amounts outside the limits or badly written, with translated messages, sending nothing', async () => {
    const { calls } = openDepositPage();
    await screen.findByTestId('deposit-limits');
    const cases: Array<[string, string]> = [
      ['5', 'O valor mínimo é R$\u00a010,00.'],
      ['9,99', 'O valor mínimo é R$\u00a010,00.'],
      ['50000,01', 'O valor máximo é R$\u00a050.000,00.'],
      ['', 'Informe um valor válido, maior que zero, com até 2 casas decimais'],
      ['12.345', 'Informe um valor válido, maior que zero, com até 2 casas decimais'],
    ];
    for (const [amount, message] of cases) {
      typeAmount(amount);
      // react-hook-form checks the amount a few microtasks after the click: let them run before
      // reading, so a case never passes on the message of the one before.
      await act(async () => fireEvent.click(screen.getByTestId('deposit-submit')));
      expect(screen.getByTestId('deposit-error').textContent, amount).toBe(message);
    }
    expect(creations(calls)).toHaveLength(0);
  });

  it('shows one reason at a time: an amount refused here replaces the server\'s last answer', async () => {
    openDepositPage({ 'POST /api/payments/deposits': apiError(409, 'payments.too_many_pending') });
    await screen.findByTestId('deposit-limits');
    typeAmount('50');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect((await screen.findByTestId('deposit-error')).textContent).toBe('Você já tem depósitos aguardando pagamento. Pague ou espere expirarem.');
    typeAmount('5');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(screen.getAllByTestId('deposit-error').map((node) => node.textContent)).toEqual(['O valor mínimo é R$\u00a010,00.']));
  });

  it('sends one request on a double click and keeps the button disabled while pending', async () => {
    const { calls } = openDepositPage({ 'POST /api/payments/deposits': () => new Promise<Response>(() => undefined) });
    await screen.findByTestId('deposit-limits');
    typeAmount('50');
    const submit = screen.getByTestId('deposit-submit');
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(true));
    fireEvent.click(submit);
    expect(creations(calls)).toHaveLength(1);
    expect(submit.textContent).toBe('Gerando cobrança…');
  });

  it('retries with the same requestId after a network failure, and a new one after a refusal', async () => {
    const { calls } = openDepositPage({
      'POST /api/payments/deposits': (_call: ApiCall, index: number) => {
        if (index === 0) throw new TypeError('Failed to fetch');
        if (index === 1) return apiError(409, 'payments.too_many_pending');
        return json(200, depositFixture());
      },
    });
    await screen.findByTestId('deposit-limits');
    typeAmount('50');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect((await screen.findByTestId('deposit-error')).textContent).toBe('A conexão de rede está instável, tente novamente');
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(screen.getByTestId('deposit-error').textContent).toBe('Você já tem depósitos aguardando pagamento. Pague ou espere expirarem.'));
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await screen.findByTestId('deposit-charge');
    const [first, second, third] = creations(calls).map(requestIdOf);
    expect(second).toBe(first);
    expect(third).not.toBe(second);
  });
});

describe('deposit charge', () => {
  it('shows the QR code, the Pix Copia e Cola code, a ticking countdown and copies the code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await createCharge({ 'POST /api/payments/deposits': () => json(200, depositFixture({ expiresAt: new Date(Date.now() + 5 * 60_000).toISOString() })) });

    expect(screen.getByTestId('deposit-qr').getAttribute('src')).toBe(QR_DATA_URL);
    expect(screen.getByTestId('deposit-qr').getAttribute('alt')).toBe('QR Code Pix de R$\u00a050,00');
    const code = screen.getByTestId('deposit-code') as HTMLInputElement;
    expect(code.value).toBe(BR_CODE);
    expect(code.readOnly).toBe(true);
    expect(screen.getByTestId('deposit-status').textContent).toBe('Aguardando pagamento');
    expect(screen.getByTestId('deposit-countdown').textContent).toBe('05:00');
    expect(screen.getByTestId('deposit-countdown').getAttribute('role')).toBe('timer');
    expect(screen.getByRole('timer', { name: 'Tempo restante para pagar' })).toBe(screen.getByTestId('deposit-countdown'));
    expect(screen.getByTestId('deposit-countdown-announcement').textContent).toBe('Faltam menos de 5 minutos para a cobrança expirar.');

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByTestId('deposit-countdown').textContent).toBe('04:59');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByTestId('deposit-countdown').textContent).toBe('03:59');

    fireEvent.click(screen.getByTestId('deposit-copy'));
    await waitFor(() => expect(screen.getByTestId('deposit-copy-feedback').textContent).toBe('Copiado com sucesso'));
    expect(writeText).toHaveBeenCalledWith(BR_CODE);
  });

  it('says so when the clipboard is not available, and selects the code for a manual copy', async () => {
    await createCharge();
    fireEvent.click(screen.getByTestId('deposit-copy'));
    await waitFor(() => expect(screen.getByTestId('deposit-copy-feedback').textContent).toBe('Não foi possível copiar. Selecione o código e copie manualmente.'));
    expect(document.activeElement).toBe(screen.getByTestId('deposit-code'));
  });

  it('polls the pending charge every 3 s and shows the credit with the new balance', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = await createCharge({
      'GET /api/member/info': (_call: ApiCall, index: number) => memberFixture({ balance: index === 0 ? '1234.50' : '1284.50' }),
      'GET /api/payments/deposits/dep-1': depositFixture({ status: 'credited', creditedAt: new Date().toISOString() }),
    });
    const reads = () => calls.filter((call) => call.path === '/api/payments/deposits/dep-1');
    const listReads = () => calls.filter((call) => call.method === 'GET' && call.path === '/api/payments/deposits').length;
    expect(reads()).toHaveLength(0);
    await waitFor(() => expect(listReads()).toBe(2)); // first load, then after the charge was created
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(screen.getByTestId('deposit-status').textContent).toBe('Creditado'));
    expect(reads()).toHaveLength(1);
    // Learnt by polling, not pushed: the list below is re-read too.
    await waitFor(() => expect(listReads()).toBe(3));
    expect(screen.getByTestId('deposit-success').textContent).toContain('Depósito de R$\u00a050,00 creditado com sucesso.');
    await waitFor(() => expect(screen.getByTestId('deposit-new-balance').textContent).toBe('Novo saldo: R$\u00a01.284,50'));
    // Settled: no more polling, no QR code to pay.
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(reads()).toHaveLength(1);
    expect(screen.queryByTestId('deposit-qr')).toBeNull();
  });

  it('changes the status at once on a /ws payments.deposit_changed push, then re-reads the charge', async () => {
    // The re-read never answers: what the page shows comes from the push alone.
    const { calls, queryClient } = await createCharge({ 'GET /api/payments/deposits/dep-1': () => new Promise<Response>(() => undefined) });
    const status = screen.getByTestId('deposit-status');
    expect(status.textContent).toBe('Aguardando pagamento');
    expect(status.closest('[role="status"]')).not.toBeNull();
    act(() => createPaymentsRealtime(queryClient).onMessage?.({ type: 'payments.deposit_changed', id: 'dep-1', status: 'paid' }));
    await waitFor(() => expect(screen.getByTestId('deposit-status').textContent).toBe('Pago, creditando'));
    expect(screen.getByTestId('deposit-status-hint').textContent).toBe('Pagamento recebido. Estamos creditando o valor no seu saldo.');
    expect(calls.filter((call) => call.path === '/api/payments/deposits/dep-1')).toHaveLength(1);
  });

  it('offers a new charge of the same amount when the charge expired, as a new intent', async () => {
    const { calls, queryClient } = await createCharge({
      'POST /api/payments/deposits': (_call: ApiCall, index: number) => depositFixture({ id: `dep-${index + 1}` }),
      'GET /api/payments/deposits/dep-1': depositFixture({ status: 'expired' }),
      'GET /api/payments/deposits/dep-2': depositFixture({ id: 'dep-2' }),
    });
    expect(screen.queryByTestId('deposit-new-charge')).toBeNull();
    act(() => createPaymentsRealtime(queryClient).onMessage?.({ type: 'payments.deposit_changed', id: 'dep-1', status: 'expired' }));
    await waitFor(() => expect(screen.getByTestId('deposit-status').textContent).toBe('Expirado'));
    expect(screen.queryByTestId('deposit-qr')).toBeNull();
    expect(screen.queryByTestId('deposit-code')).toBeNull();

    fireEvent.click(screen.getByTestId('deposit-new-charge'));
    await waitFor(() => expect(screen.getByTestId('deposit-charge').getAttribute('data-deposit-id')).toBe('dep-2'));
    expect(screen.getByTestId('deposit-status').textContent).toBe('Aguardando pagamento');
    const [first, second] = creations(calls);
    expect(second?.body).toMatchObject({ amount: '50.00' });
    expect(requestIdOf(second)).toMatch(UUID);
    expect(requestIdOf(second)).not.toBe(requestIdOf(first));
  });

  it('plays the sandbox payer only when the options say sandbox, labelled as a demo', async () => {
    const { calls } = await createCharge({ 'POST /api/payments/deposits/dep-1/sandbox-pay': json(202, null) }, depositOptionsFixture({ sandbox: true }));
    const pay = screen.getByTestId('deposit-sandbox-pay');
    expect(pay.textContent).toBe('Pagar no sandbox (demonstração)');
    expect(screen.getByTestId('deposit-sandbox').textContent).toContain('Ambiente de demonstração');
    fireEvent.click(pay);
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/payments/deposits/dep-1/sandbox-pay')).toHaveLength(1));
    expect(calls.find((call) => call.path === '/api/payments/deposits/dep-1/sandbox-pay')?.method).toBe('POST');
  });

  it('has no sandbox button outside the demo environment', async () => {
    await createCharge();
    expect(screen.queryByTestId('deposit-sandbox-pay')).toBeNull();
  });
});

describe('recent deposits', () => {
  it('lists the deposits with status chips, pages them and reopens a pending charge', async () => {
    const { calls } = openDepositPage({
      'GET /api/payments/deposits': (call: ApiCall) =>
        call.query.get('pageNo') === '2'
          ? depositPageFixture([depositFixture({ id: 'dep-9', status: 'expired' })], { pageNum: 2, totalPages: 2 })
          : depositPageFixture([depositFixture({ id: 'dep-2' }), depositFixture({ id: 'dep-1', status: 'credited', amount: '20.00' })], { totalPages: 2 }),
      'GET /api/payments/deposits/dep-2': depositFixture({ id: 'dep-2' }),
    });
    const rows = await screen.findAllByTestId('deposit-row');
    expect(rows.map((row) => within(row).getByTestId('deposit-row-status').textContent)).toEqual(['Aguardando pagamento', 'Creditado']);
    expect(calls.find((call) => call.path === '/api/payments/deposits')?.query.get('pageSize')).toBe('10');
    expect(within(rows[1]!).queryByTestId('deposit-row-open')).toBeNull();

    fireEvent.click(within(rows[0]!).getByTestId('deposit-row-open'));
    expect((await screen.findByTestId('deposit-code')) as HTMLInputElement).toHaveProperty('value', BR_CODE);

    fireEvent.click(screen.getByTestId('deposits-next'));
    await waitFor(() => expect(screen.getByTestId('deposits-page').textContent).toBe('Página 2 de 2'));
    expect(within(screen.getByTestId('deposit-row')).getByTestId('deposit-row-status').textContent).toBe('Expirado');
  });
});
