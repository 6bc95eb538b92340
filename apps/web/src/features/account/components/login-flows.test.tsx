import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bootFixture, memberFixture } from '../../../test/fixtures.ts';
import { apiError, captchaFixture, stubApi } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

function logIn(username = 'player1', password = 'pw-12345') {
  type('login-username', username);
  type('login-password', password);
  fireEvent.click(screen.getByTestId('login-submit'));
}

const loggedIn = (overrides: Partial<{ firstTimeLogin: boolean; passwordExpired: boolean }> = {}) => ({
  token: 'tok-1',
  firstTimeLogin: false,
  passwordExpired: false,
  ...overrides,
});

describe('login flows', () => {
  it('shows the captcha box after auth.captcha_required and sends the answer with the next attempt', async () => {
    const calls = stubApi({
      'POST /api/session/login': (_call: unknown, index: number) =>
        index === 0 ? apiError(400, 'auth.captcha_required', { captchaRequired: true }) : loggedIn(),
      'GET /api/captcha': captchaFixture(),
      'GET /api/member/info': memberFixture(),
    });
    renderApp('/login');
    await screen.findByTestId('modal-login');
    expect(screen.queryByTestId('login-captcha-input')).toBeNull();
    logIn();
    expect((await screen.findByTestId('login-error')).textContent).toBe('Por favor, digite o captcha');
    expect((await screen.findByTestId('login-captcha-image')).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

    // With the box shown, an empty answer is caught here.
    fireEvent.click(screen.getByTestId('login-submit'));
    // react-hook-form checks the fields before calling the modal's submit, a microtask later.
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toBe('Digite o código captcha'));

    type('login-captcha-input', ' k7px ');
    fireEvent.click(screen.getByTestId('login-submit'));
    // Spec: one login per second at most, so the retry may wait for the second to pass.
    await waitFor(() => expect(screen.queryByTestId('modal-login')).toBeNull(), { timeout: 2500 });
    const attempts = calls.filter((call) => call.path === '/api/session/login');
    expect(attempts).toHaveLength(2);
    expect(attempts[1]?.body).toMatchObject({ username: 'player1', captcha: { id: captchaFixture().id, answer: 'k7px' } });
  });

  it('asks for the new-device code and resends the same credentials with it', async () => {
    const calls = stubApi({
      'POST /api/session/login': (_call: unknown, index: number) =>
        index === 0 ? apiError(403, 'auth.new_device_verification', { mobile: '+5511*****678' }) : loggedIn(),
      'GET /api/member/info': memberFixture(),
    });
    renderApp('/login');
    await screen.findByTestId('modal-login');
    logIn('player1', 'secret-pw');
    const step = await screen.findByTestId('login-device-step');
    expect(step.textContent).toContain('Enviamos um código para +5511*****678');
    expect(screen.queryByTestId('login-error')).toBeNull();
    fireEvent.click(screen.getByTestId('login-device-submit'));
    // react-hook-form checks the code a microtask after the click (no message was shown before).
    expect((await screen.findByTestId('login-error')).textContent).toBe('Digite o código de verificação de 6 dígitos enviado por SMS');
    type('login-device-code', '123456');
    fireEvent.click(screen.getByTestId('login-device-submit'));
    await waitFor(() => expect(screen.queryByTestId('modal-login')).toBeNull(), { timeout: 2500 });
    const attempts = calls.filter((call) => call.path === '/api/session/login');
    expect(attempts[1]?.body).toMatchObject({ username: 'player1', password: 'secret-pw', type: 'username', verificationCode: '123456' });
  });

  it('opens the forced password change after a login with passwordExpired; it cannot be dismissed', async () => {
    const calls = stubApi({
      'POST /api/session/login': loggedIn({ passwordExpired: true }),
      'GET /api/member/info': memberFixture(),
      'PUT /api/member/password': () => new Response(null, { status: 204 }),
    });
    const { router } = renderApp('/login');
    await screen.findByTestId('modal-login');
    logIn('player1', 'old-password');
    const modal = await screen.findByTestId('modal-change-password');
    expect(screen.queryByTestId('modal-close')).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByTestId('modal-change-password')).toBe(modal);
    expect(sessionStorage.getItem('passwordChangeRequired')).toBe('1');

    type('change-current', 'old-password');
    type('change-new', 'player1');
    type('change-confirm', 'player1');
    fireEvent.click(screen.getByTestId('change-submit'));
    expect((await screen.findByTestId('field-error-newPassword')).textContent).toBe('A senha deve ter pelo menos 8 caracteres');

    type('change-new', 'a brand new passphrase');
    type('change-confirm', 'a brand new passphrase');
    fireEvent.click(screen.getByTestId('change-submit'));
    await waitFor(() => expect(screen.queryByTestId('modal-change-password')).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ currentPassword: 'old-password', newPassword: 'a brand new passphrase' });
    expect(sessionStorage.getItem('passwordChangeRequired')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('re-opens a pending forced change after a reload', async () => {
    sessionStorage.setItem('token', 'tok-1');
    sessionStorage.setItem('passwordChangeRequired', '1');
    stubApi({ 'GET /api/member/info': memberFixture() });
    renderApp('/promotions');
    expect(await screen.findByTestId('modal-change-password')).toBeTruthy();
  });

  it('offers SMS login only when MOBILENUMREG3 is on', async () => {
    const calls = stubApi({
      'POST /api/verification/sms': { expiredMinutes: 5, resendAfterSeconds: 60 },
      'POST /api/session/login': loggedIn({ passwordExpired: true }),
      'GET /api/member/info': memberFixture(),
    });
    renderApp('/login', bootFixture({ whitelabel: [{ modId: 'MOBILENUMREG3', enabled: true, parent: null }] }));
    fireEvent.click(await screen.findByTestId('login-tab-sms'));
    type('login-sms-mobile', '(11) 96123-4567');
    fireEvent.click(screen.getByTestId('login-sms-send'));
    await waitFor(() => expect(screen.getByTestId('login-sms-send').textContent).toMatch(/Reenviar em [45]:\d\d/));
    expect(calls.find((call) => call.path === '/api/verification/sms')?.body).toEqual({ mobile: '+5511961234567', purpose: 'login' });
    type('login-sms-code', '654321');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.queryByTestId('modal-login')).toBeNull());
    expect(calls.find((call) => call.path === '/api/session/login')?.body).toMatchObject({ username: '+5511961234567', password: '654321', type: 'sms' });
    // An SMS login never forces a password change, whatever the answer says.
    expect(screen.queryByTestId('modal-change-password')).toBeNull();
  });

  it('hides the SMS tab when the flag is off', async () => {
    renderApp('/login');
    await screen.findByTestId('modal-login');
    expect(screen.queryByTestId('login-tab-sms')).toBeNull();
  });
});

describe('trial accounts', () => {
  it('starts a trial after confirmation', async () => {
    const calls = stubApi({
      'POST /api/session/trial': { token: 'tok-trial', firstTimeLogin: true, passwordExpired: false },
      'GET /api/member/info': memberFixture({ account: 'trial01', type: 4, balance: '0.00' }),
    });
    renderApp('/login');
    fireEvent.click(await screen.findByTestId('trial-button'));
    expect(await screen.findByTestId('trial-confirm-dialog')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.queryByTestId('modal-login')).toBeNull());
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/session/trial')).toBe(true);
    expect(sessionStorage.getItem('token')).toBe('tok-trial');
  });

  it('shows "Registre uma conta primeiro" on deposit, and OK opens registration', async () => {
    sessionStorage.setItem('token', 'tok-trial');
    stubApi({ 'GET /api/member/info': memberFixture({ type: 4 }) });
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByTestId('deposit-button'));
    const dialog = await screen.findByTestId('trial-refused-dialog');
    expect(dialog.textContent).toContain('Registre uma conta primeiro');
    expect(router.state.location.pathname).toBe('/');
    fireEvent.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByTestId('modal-register')).toBeTruthy();
  });

  it('shows the dialog when a trial account opens the member area', async () => {
    sessionStorage.setItem('token', 'tok-trial');
    stubApi({ 'GET /api/member/info': memberFixture({ type: 4 }) });
    renderApp('/member?tab=securityCenter');
    // The member page is a lazy chunk: its first import can take over a second under load.
    expect(await screen.findByTestId('trial-refused-dialog', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('trial-notice')).toBeTruthy();
    expect(screen.queryByTestId('security-centre')).toBeNull();
  });
});
