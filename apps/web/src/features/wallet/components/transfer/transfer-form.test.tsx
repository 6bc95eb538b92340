import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubApi, type ApiCall } from '../../../../test/fake-api.ts';
import { memberFixture } from '../../../../test/fixtures.ts';
import { renderApp } from '../../../../test/render-app.tsx';

const UPLINE = { upline: { account: 'agent', nickname: 'Agente Demo' } };

function openTransferPage(routes: Record<string, unknown>, member = memberFixture({ hasPaymentPassword: true })) {
  sessionStorage.setItem('token', 'tok-1');
  const calls = stubApi({ 'GET /api/member/info': member, 'GET /api/wallet/upline': UPLINE, ...routes });
  const utils = renderApp('/member?tab=transferUpline');
  return { calls, ...utils };
}

function fill(amount: string, paymentPassword: string) {
  fireEvent.change(screen.getByTestId('transfer-amount'), { target: { value: amount } });
  fireEvent.change(screen.getByTestId('transfer-payment-password'), { target: { value: paymentPassword } });
}

const transfers = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.path === '/api/wallet/agent-transfer');

describe('transfer to upline', () => {
  it('shows the upline and refuses a bad amount or password with translated messages, sending nothing', async () => {
    const { calls } = openTransferPage({});
    expect((await screen.findByTestId('upline-account')).textContent).toBe('agent');
    for (const amount of ['', '0', '0,00', '12.345', '1.234,50']) {
      fill(amount, '123456');
      await act(async () => fireEvent.click(screen.getByTestId('transfer-submit')));
      expect(screen.getByTestId('transfer-amount-error').textContent).toBe('Informe um valor válido, maior que zero, com até 2 casas decimais');
    }
    fill('10', '123');
    await act(async () => fireEvent.click(screen.getByTestId('transfer-submit')));
    expect(screen.queryByTestId('transfer-amount-error')).toBeNull();
    expect(screen.getByTestId('transfer-payment-password-error').textContent).toBe('A senha de pagamento tem 6 dígitos.');
    expect(transfers(calls)).toHaveLength(0);
  });

  it('posts once on a double click, with a UUID requestId and the amount as a dot decimal', async () => {
    const { calls } = openTransferPage({ 'POST /api/wallet/agent-transfer': () => new Promise<Response>(() => undefined) });
    await screen.findByTestId('upline-account');
    fill('12,50', '135790');
    const submit = screen.getByTestId('transfer-submit');
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(true));
    fireEvent.click(submit);
    expect(transfers(calls)).toHaveLength(1);
    expect(transfers(calls)[0]?.body).toMatchObject({ direction: 'upline', amount: '12.50', paymentPassword: '135790' });
    expect(String((transfers(calls)[0]?.body as { requestId: string }).requestId)).toMatch(/^[0-9a-f-]{36}$/);
    expect((transfers(calls)[0]?.body as { account?: string }).account).toBeUndefined();
  });

  it('shows a wrong payment password translated, then succeeds with a new requestId and the new balance', async () => {
    const { calls } = openTransferPage({
      'POST /api/wallet/agent-transfer': (_call: ApiCall, index: number) =>
        index === 0 ? apiError(400, 'wallet.payment_password_invalid') : json(200, { transferId: 'tr-1', balance: '1224.50' }),
    });
    await screen.findByTestId('upline-account');
    fill('10', '111111');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect((await screen.findByTestId('transfer-error')).textContent).toBe('Senha de pagamento incorreta');

    fill('10', '135790');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect((await screen.findByTestId('transfer-success')).textContent).toBe('Transferência concluída. Novo saldo: R$\u00a01.224,50');
    expect(screen.queryByTestId('transfer-error')).toBeNull();
    const [first, second] = transfers(calls).map((call) => (call.body as { requestId: string }).requestId);
    expect(first).not.toBe(second);
    // The header reads member info: it was patched with the balance the server answered.
    expect(await screen.findByTestId('balance')).toHaveProperty('textContent', expect.stringContaining('1.224,50'));
    expect((screen.getByTestId('transfer-amount') as HTMLInputElement).value).toBe('');
  });

  it('retries with the same requestId after a network failure, since the first may have gone through', async () => {
    const { calls } = openTransferPage({
      'POST /api/wallet/agent-transfer': (_call: ApiCall, index: number) => {
        if (index === 0) throw new TypeError('Failed to fetch');
        return json(200, { transferId: 'tr-1', balance: '1224.50' });
      },
    });
    await screen.findByTestId('upline-account');
    fill('10', '135790');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect((await screen.findByTestId('transfer-error')).textContent).toBe('A conexão de rede está instável, tente novamente');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await screen.findByTestId('transfer-success');
    const [first, second] = transfers(calls).map((call) => (call.body as { requestId: string }).requestId);
    expect(second).toBe(first);
  });

  it('links to the security centre when no payment password is set', async () => {
    openTransferPage({ 'POST /api/wallet/agent-transfer': apiError(400, 'wallet.payment_password_missing') }, memberFixture({ hasPaymentPassword: false }));
    await screen.findByTestId('upline-account');
    expect(screen.getByTestId('transfer-password-not-set')).toBeTruthy();
    fill('10', '135790');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect((await screen.findByTestId('transfer-error')).textContent).toContain('Defina sua senha de pagamento na central de segurança primeiro');
    expect(screen.getByTestId('transfer-set-password-link').getAttribute('href')).toBe('/member?tab=securityCenter');
  });

  it('says there is no upline and sends nothing up', async () => {
    openTransferPage({ 'GET /api/wallet/upline': { upline: null } });
    expect((await screen.findByTestId('upline-none')).textContent).toBe('Sua conta não tem um superior para receber a transferência');
    expect(screen.getByTestId('transfer-submit').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('transfer-to-downline')).toBeNull();
  });

  it('lets an agent send to a downline by account', async () => {
    const { calls } = openTransferPage(
      { 'POST /api/wallet/agent-transfer': json(200, { transferId: 'tr-2', balance: '900.00' }) },
      memberFixture({ type: 1, hasPaymentPassword: true }),
    );
    fireEvent.click(await screen.findByTestId('transfer-to-downline'));
    await act(async () => fireEvent.click(screen.getByTestId('transfer-submit')));
    expect(screen.getByTestId('transfer-account-error').textContent).toBe('Este campo é obrigatório');
    fireEvent.change(screen.getByTestId('downline-account'), { target: { value: ' demo ' } });
    fill('5', '135790');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await screen.findByTestId('transfer-success');
    expect(transfers(calls)[0]?.body).toMatchObject({ direction: 'downline', account: 'demo', amount: '5' });
  });
});
