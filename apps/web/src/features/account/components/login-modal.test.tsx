import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByTestId('login-username'), { target: { value: username } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

/** The shell loads other things too (the games menu); these tests are about the login request. */
const loginCalls = (fetchMock: { mock: { calls: unknown[][] } }) => fetchMock.mock.calls.filter(([url]) => url === '/api/session/login');

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('login modal', () => {
  it('requires username and password (trimmed) without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/login');
    await screen.findByTestId('modal-login');
    fillAndSubmit('   ', 'secret');
    // react-hook-form validates a microtask after the click.
    expect((await screen.findByTestId('login-error')).textContent).toBe('Por favor, digite o usuário e a senha');
    expect(loginCalls(fetchMock)).toHaveLength(0);
  });

  it('refuses an overlong username as the server would, without calling it', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/login');
    await screen.findByTestId('modal-login');
    fillAndSubmit('u'.repeat(65), 'secret');
    expect((await screen.findByTestId('login-error')).textContent).toBe('Alguns dados estão inválidos. Verifique e tente novamente.');
    expect(loginCalls(fetchMock)).toHaveLength(0);
  });

  it('shows the server error translated', async () => {
    vi.stubGlobal('fetch', async () => json(401, { error: { code: 'auth.invalid_credentials', message: 'Invalid' } }));
    renderApp('/login');
    await screen.findByTestId('modal-login');
    fillAndSubmit('player1', 'wrong');
    expect((await screen.findByTestId('login-error')).textContent).toBe('Usuário ou senha incorretos.');
  });

  it('disables submit while pending so a double click sends one request', async () => {
    const fetchMock = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/login');
    await screen.findByTestId('modal-login');
    fillAndSubmit(' player1 ', 'pw');
    await waitFor(() => expect(screen.getByTestId('login-submit').hasAttribute('disabled')).toBe(true));
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(loginCalls(fetchMock)).toHaveLength(1);
    const [, init] = loginCalls(fetchMock)[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ username: 'player1', password: 'pw', type: 'username' });
  });

  it('stores the token, closes, goes home and shows the balance', async () => {
    vi.stubGlobal('fetch', async (input: string) =>
      input === '/api/session/login'
        ? json(200, { token: 'tok-9', firstTimeLogin: false, passwordExpired: false })
        : json(200, memberFixture({ balance: '1234.50' })),
    );
    const { router } = renderApp('/login');
    await screen.findByTestId('modal-login');
    fillAndSubmit('player1', 'pw');
    await waitFor(() => expect(screen.queryByTestId('modal-login')).toBeNull());
    expect(sessionStorage.getItem('token')).toBe('tok-9');
    expect(router.state.location.pathname).toBe('/');
    expect((await screen.findByTestId('balance')).textContent).toContain('1.234,50');
    expect(screen.queryByTestId('login-button')).toBeNull();
  });

  it('links to the forgot-password and register modals', async () => {
    renderApp('/login');
    await screen.findByTestId('modal-login');
    fireEvent.click(screen.getByTestId('forgot-link'));
    expect(await screen.findByTestId('modal-forgot')).toBeTruthy();
    expect(screen.getByTestId('forgot-tab-phone').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByTestId('to-login-link'));
    fireEvent.click(await screen.findByTestId('register-link'));
    expect(await screen.findByTestId('modal-register')).toBeTruthy();
  });

  it('logs out after confirmation: DELETE, session cleared, back to /', async () => {
    sessionStorage.setItem('token', 'tok-1');
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${input}`);
      return input === '/api/session' ? new Response(null, { status: 204 }) : json(200, memberFixture());
    });
    const { router } = renderApp('/promotions');
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(screen.getByTestId('logout-button'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toContain('DELETE /api/session');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(await screen.findByTestId('login-button')).toBeTruthy();
  });

  it('drops the token when member info answers 401', async () => {
    sessionStorage.setItem('token', 'expired');
    vi.stubGlobal('fetch', async () => json(401, { error: { code: 'auth.required', message: 'Login' } }));
    renderApp('/');
    await waitFor(() => expect(sessionStorage.getItem('token')).toBeNull());
    expect(await screen.findByTestId('login-button')).toBeTruthy();
  });
});
