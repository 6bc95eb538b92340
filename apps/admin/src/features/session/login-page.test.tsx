import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, renderConsole } from '../../test/render.tsx';

const operator = { id: '7', username: 'fin', displayName: 'Finança', role: 'finance' };

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

/** The API as the test answers it first (the login), the rest as finance sees it: its session and an empty withdrawal queue. */
function serve(answer: (method: string, path: string, body: unknown) => Response | undefined) {
  return fakeApi((method, path, body) => {
    const answered = answer(method, path, body);
    if (answered) return answered;
    if (path === '/api/backoffice/session') return json(200, { operator, mustChangePassword: false });
    if (path.startsWith('/api/backoffice/payments/withdrawals')) return json(200, { content: [], total: 0 });
    return json(404, { error: { code: 'route.not_found', message: 'nf' } });
  });
}

/** Opens the withdrawal queue signed out and sends the username and password. */
function logInAtTheQueue() {
  renderConsole('/payments/withdrawals');
  fill('login-username', 'fin');
  fill('login-password', 'Secret-Password-1');
  fireEvent.click(screen.getByTestId('login-submit'));
}

describe('console login', () => {
  it('asks for the authenticator code after the password, then opens the page asked for', async () => {
    const calls = serve((method, path, body) => {
      if (method !== 'POST' || path !== '/api/backoffice/session') return undefined;
      const login = body as { totp?: string };
      if (!login.totp) return json(401, { error: { code: 'backoffice.totp_required', message: 'code' } });
      return login.totp === '123456' ? json(200, { status: 'authenticated', token: 'tok', operator, mustChangePassword: false }) : json(401, { error: { code: 'backoffice.totp_invalid', message: 'wrong' } });
    });
    logInAtTheQueue();
    await screen.findByTestId('login-code');
    fill('login-code', '000000');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-error')).toHaveProperty('textContent', 'Código incorreto ou expirado. Digite o código atual do seu aplicativo autenticador.');
    fill('login-code', '123456');
    fireEvent.click(screen.getByTestId('login-submit'));
    // The login happened in place: the queue opens; finance's menu has payments but not the audit log.
    await screen.findByTestId('withdrawals-page');
    expect(screen.getByTestId('operator-name').textContent).toContain('Financeiro');
    expect(screen.queryByTestId('menu-audit')).toBeNull();
    expect(sessionStorage.getItem('backoffice.token')).toBe('tok');
    await waitFor(() => expect(calls.some((call) => call.path.startsWith('/api/backoffice/payments/withdrawals') && call.authorization === 'Bearer tok')).toBe(true));
  });

  it('shows the captcha when the server asks for it and sends a fresh one with every later attempt, the code step included', async () => {
    let captchas = 0;
    const calls = serve((method, path, body) => {
      if (method === 'GET' && path === '/api/captcha') {
        captchas += 1;
        return json(200, { id: `00000000-0000-4000-8000-00000000000${captchas}`, image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresAt: '2026-11-28T13:00:00.000Z' });
      }
      if (method === 'POST' && path === '/api/backoffice/session') {
        const login = body as { password: string; totp?: string; captcha?: { id: string; answer: string } };
        if (!login.captcha) return json(401, { error: { code: 'backoffice.invalid_credentials', message: 'wrong', details: { captchaRequired: true } } });
        if (!login.totp) return json(401, { error: { code: 'backoffice.totp_required', message: 'code' } });
        return json(200, { status: 'authenticated', token: 'tok', operator, mustChangePassword: false });
      }
      return undefined;
    });
    logInAtTheQueue();
    expect((await screen.findByTestId('login-captcha-image')).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    fill('login-captcha', 'k7px');
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('login-code');
    // The first captcha was spent: a new one is shown, empty, for the attempt with the code.
    await waitFor(() => expect(captchas).toBe(2));
    expect((screen.getByTestId('login-captcha') as HTMLInputElement).value).toBe('');
    fill('login-code', '123456');
    fill('login-captcha', 'AB2C');
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('withdrawals-page');
    const logins = calls.filter((call) => call.method === 'POST' && call.path === '/api/backoffice/session').map((call) => call.body);
    expect(logins[1]).toMatchObject({ captcha: { id: '00000000-0000-4000-8000-000000000001', answer: 'k7px' } });
    expect(logins[2]).toMatchObject({ totp: '123456', captcha: { id: '00000000-0000-4000-8000-000000000002', answer: 'AB2C' } });
  });

  it('sends an operator with a temporary password to the password change, and nowhere else', async () => {
    sessionStorage.setItem('backoffice.token', 'tok');
    let changed = false;
    serve((method, path) => {
      if (method === 'GET' && path === '/api/backoffice/session') return json(200, { operator, mustChangePassword: !changed });
      if (method !== 'PUT' || path !== '/api/backoffice/session/password') return undefined;
      changed = true;
      return json(204, null);
    });
    renderConsole('/payments/withdrawals', 'en');
    await screen.findByTestId('change-password-form');
    expect(screen.queryByTestId('withdrawals-page')).toBeNull();
    fill('password-current', 'Temporary-1');
    fill('password-new', 'A-New-Strong-Password-1');
    fill('password-repeat', 'A-New-Strong-Password-2');
    expect(screen.getByText('The passwords differ.')).toBeTruthy();
    fill('password-repeat', 'A-New-Strong-Password-1');
    fireEvent.click(screen.getByTestId('password-submit'));
    await screen.findByTestId('withdrawals-page');
  });

  it('goes back to the login page when the server ends the session', async () => {
    sessionStorage.setItem('backoffice.token', 'stale');
    fakeApi(() => json(401, { error: { code: 'backoffice.session_required', message: 'log in' } }));
    renderConsole('/payments/withdrawals');
    await screen.findByTestId('login-form');
    expect(screen.getByText('Sua sessão foi encerrada. Entre novamente.')).toBeTruthy();
    expect(sessionStorage.getItem('backoffice.token')).toBeNull();
  });

  it('still says why the session ended after a reload of the tab', async () => {
    sessionStorage.setItem('backoffice.token', 'stale');
    fakeApi(() => json(401, { error: { code: 'backoffice.session_required', message: 'log in' } }));
    const first = renderConsole('/payments/withdrawals');
    await screen.findByTestId('login-form');
    first.unmount();
    // A reload: a new app in the same tab, with no token left.
    renderConsole('/payments/withdrawals');
    await screen.findByTestId('login-form');
    expect(screen.getByText('Sua sessão foi encerrada. Entre novamente.')).toBeTruthy();
  });
});
