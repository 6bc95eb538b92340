import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberFixture } from '../../../test/fixtures.ts';
import { apiError, json, stubApi } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

const RESET_TOKEN = 'a'.repeat(43);

describe('password recovery', () => {
  it('by phone: sends the code, then resets, logs in and goes home', async () => {
    const calls = stubApi({
      'POST /api/verification/sms': { expiredMinutes: 5, resendAfterSeconds: 60 },
      'POST /api/member/password/reset/sms': { token: 'tok-reset', firstTimeLogin: false, passwordExpired: false },
      'GET /api/member/info': memberFixture(),
    });
    const { router } = renderApp('/login');
    fireEvent.click(await screen.findByTestId('forgot-link'));
    await screen.findByTestId('modal-forgot');
    expect(screen.queryByTestId('forgot-code')).toBeNull();
    type('forgot-mobile', '123');
    fireEvent.click(screen.getByTestId('forgot-send'));
    expect(screen.getByTestId('field-error-mobile').textContent).toBe('Informe um número de celular válido');

    type('forgot-mobile', '11 96123-4567');
    fireEvent.click(screen.getByTestId('forgot-send'));
    await screen.findByTestId('forgot-code');
    expect(screen.getByTestId('forgot-send').hasAttribute('disabled')).toBe(true);
    type('forgot-code', '111222');
    type('forgot-password', 'new pass phrase');
    type('forgot-confirm', 'new pass phrase');
    fireEvent.click(screen.getByTestId('forgot-submit'));
    await waitFor(() => expect(screen.queryByTestId('modal-forgot')).toBeNull());
    expect(calls.find((call) => call.path === '/api/member/password/reset/sms')?.body).toEqual({
      mobile: '+5511961234567',
      code: '111222',
      newPassword: 'new pass phrase',
    });
    expect(sessionStorage.getItem('token')).toBe('tok-reset');
    expect(router.state.location.pathname).toBe('/');
  });

  it('by e-mail: the same neutral confirmation, then closes', async () => {
    stubApi({ 'POST /api/member/password/reset/email': () => new Response(null, { status: 202 }) });
    renderApp('/login');
    fireEvent.click(await screen.findByTestId('forgot-link'));
    fireEvent.click(await screen.findByTestId('forgot-tab-email'));
    type('forgot-email', 'nobody@example.com');
    fireEvent.click(screen.getByTestId('forgot-email-submit'));
    expect((await screen.findByTestId('forgot-done')).textContent).toContain('Se o e-mail estiver cadastrado');
    fireEvent.click(screen.getByTestId('forgot-done-ok'));
    await waitFor(() => expect(screen.queryByTestId('modal-forgot')).toBeNull());
  });

  it('by e-mail: refuses a malformed address, sends a trimmed one once however often it is clicked, and shows a refusal', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubApi({ 'POST /api/member/password/reset/email': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/login');
    fireEvent.click(await screen.findByTestId('forgot-link'));
    fireEvent.click(await screen.findByTestId('forgot-tab-email'));
    type('forgot-email', 'not-an-address');
    fireEvent.click(screen.getByTestId('forgot-email-submit'));
    expect((await screen.findByTestId('field-error-email')).textContent).toBe('Informe um e-mail válido');
    expect(screen.getByTestId('forgot-email').getAttribute('aria-invalid')).toBe('true');

    type('forgot-email', '  someone@example.com ');
    fireEvent.click(screen.getByTestId('forgot-email-submit'));
    await waitFor(() => expect(screen.getByTestId('forgot-email-submit').hasAttribute('disabled')).toBe(true));
    fireEvent.click(screen.getByTestId('forgot-email-submit'));
    expect(screen.queryByTestId('field-error-email')).toBeNull();
    answer(apiError(429, 'rate.limited'));
    expect((await screen.findByTestId('forgot-error')).textContent).toBe('Muitas tentativas. Aguarde um pouco e tente novamente.');
    const sent = calls.filter((call) => call.path === '/api/member/password/reset/email');
    expect(sent.map((call) => call.body)).toEqual([{ email: 'someone@example.com' }]);
  });

  it('opens the reset-link modal from ?resetToken and takes the token out of the address', async () => {
    const calls = stubApi({
      'POST /api/member/password/reset': (_call: unknown, index: number) =>
        index === 0 ? apiError(400, 'auth.reset_link_invalid') : new Response(null, { status: 204 }),
    });
    const { router } = renderApp(`/?resetToken=${RESET_TOKEN}&from=mail`);
    expect(await screen.findByTestId('modal-reset-password')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?from=mail'));
    type('reset-new', 'new pass phrase');
    type('reset-confirm', 'new pass phrase');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect((await screen.findByTestId('reset-error')).textContent).toBe('Este link é inválido ou expirou. Peça um novo.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ token: RESET_TOKEN, newPassword: 'new pass phrase' });
    expect(screen.getByTestId('reset-request-new')).toBeTruthy();
  });
});

describe('security centre', () => {
  it('shows the account, the forms and the sessions, and signs out the others', async () => {
    sessionStorage.setItem('token', 'tok-1');
    const calls = stubApi({
      'GET /api/member/info': memberFixture({ account: 'player1', nickname: 'Zé', mobileMasked: '+5511*****678', emailMasked: null }),
      'GET /api/member/sessions': {
        sessions: [
          { id: 's1', current: true, createdAt: '2025-06-01T12:00:00.000Z', lastSeenAt: '2025-06-01T15:30:00.000Z', ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/126.0 Safari/537.36' },
          { id: 's2', current: false, createdAt: '2025-05-30T12:00:00.000Z', lastSeenAt: '2025-05-31T09:00:00.000Z', ip: null, userAgent: null },
        ],
      },
      'DELETE /api/member/sessions/others': () => json(204, null),
      'PUT /api/member/payment-password': apiError(400, 'auth.wrong_password'),
    });
    renderApp('/member');
    expect((await screen.findByTestId('security-mobile')).textContent).toBe('+5511*****678');
    expect(screen.getByTestId('security-email').textContent).toBe('não vinculado');
    const items = await screen.findAllByTestId('session-item');
    expect(items[0]?.textContent).toContain('Chrome no Windows');
    expect(items[0]?.textContent).toContain('01/06/2025, 12:30'); // 15:30 UTC in São Paulo
    expect(items[1]?.textContent).toContain('Dispositivo desconhecido');

    type('payment-login-password', 'wrong');
    type('payment-new', '12ab34');
    // react-hook-form checks a few microtasks after the click: let them run before reading the message.
    await act(async () => fireEvent.click(screen.getByTestId('payment-submit')));
    expect(screen.getByTestId('field-error-paymentPassword').textContent).toBe('A senha de pagamento tem exatamente 6 dígitos');
    type('payment-new', '123456');
    type('payment-confirm', '123456');
    fireEvent.click(screen.getByTestId('payment-submit'));
    expect((await screen.findByTestId('payment-error')).textContent).toBe('Senha incorreta.');

    fireEvent.click(screen.getByTestId('sessions-sign-out-others'));
    expect(await screen.findByTestId('sessions-signed-out')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/member/sessions/others')).toBe(true);
  });
});
