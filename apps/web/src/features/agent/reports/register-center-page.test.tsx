import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { downlineFixture, stubAgentApi } from './agent-test-fixtures.ts';

const LOAD = { timeout: 5000 };
const REFERRAL = { referralCode: 'AB12CD34', link: 'https://example.test/register?referralCode=AB12CD34', qrUrl: '/api/agent/referral/qr.svg' };

function fill(account: string, password: string) {
  fireEvent.change(screen.getByTestId('register-account'), { target: { value: account } });
  fireEvent.change(screen.getByTestId('register-password'), { target: { value: password } });
}

describe('registerCenter', () => {
  it("shows the server's field error under its field, having sent a double click once", async () => {
    let answer!: (response: Response) => void;
    const calls = stubAgentApi({
      'GET /api/agent/referral': REFERRAL,
      'POST /api/agent/downlines': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/agentHome?tab=registerCenter');
    await screen.findByTestId('register-account', {}, LOAD);
    fill('ana01', 'segredo-forte-1');
    const submit = screen.getByTestId('register-submit');
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST').length).toBe(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ account: 'ana01', password: 'segredo-forte-1', type: 0 });
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    answer(apiError(400, 'validation.failed', { fields: [{ path: 'account', message: 'username_taken', messageKey: 'username_taken' }] }));
    expect((await screen.findByTestId('register-account-error')).textContent).toBe('Este nome de usuário já está em uso');
    expect(screen.queryByTestId('register-form-error')).toBeNull();
    expect((screen.getByTestId('register-submit') as HTMLButtonElement).disabled).toBe(false);
    expect(calls.filter((call) => call.method === 'POST').length).toBe(1);
  });

  it('refuses a bad account name and a short password in words, without asking the server', async () => {
    const calls = stubAgentApi({ 'GET /api/agent/referral': REFERRAL });
    renderApp('/agentHome?tab=registerCenter');
    await screen.findByTestId('register-account', {}, LOAD);
    fill('1a', 'curta');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('register-account-error')).textContent).toContain('4 a 16');
    expect(screen.getByTestId('register-password-error').textContent).toContain('8');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('opens an agent account of its own type, and shows the referral link and QR code', async () => {
    const calls = stubAgentApi({
      'GET /api/agent/referral': REFERRAL,
      'POST /api/agent/downlines': { downline: downlineFixture({ account: 'bruno', type: 1, isAgent: true }) },
    });
    renderApp('/agentHome?tab=registerCenter');
    expect(((await screen.findByTestId('referral-link', {}, LOAD)) as HTMLInputElement).value).toBe(REFERRAL.link);
    expect(screen.getByTestId('referral-qr').getAttribute('src')).toBe(REFERRAL.qrUrl);
    expect(screen.getByTestId('referral-code').textContent).toBe('AB12CD34');
    const options = [...(screen.getByTestId('register-type') as HTMLSelectElement).options].map((option) => [option.value, option.textContent]);
    expect(options).toEqual([
      ['0', 'Membro'],
      ['1', 'Agente (tipo 1)'],
    ]);
    fill('Bruno', 'segredo-forte-2');
    fireEvent.change(screen.getByTestId('register-nickname'), { target: { value: '  Bruno S.  ' } });
    fireEvent.change(screen.getByTestId('register-type'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('register-created')).textContent).toContain('bruno');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ account: 'Bruno', password: 'segredo-forte-2', nickname: 'Bruno S.', type: 1 });
    expect((screen.getByTestId('register-account') as HTMLInputElement).value).toBe('');
  });
});
