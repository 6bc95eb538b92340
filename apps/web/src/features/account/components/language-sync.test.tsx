import { render, screen, fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { RootView } from '../../../app/root-view.tsx';
import { appRoutes } from '../../../app/routes.tsx';
import { createI18n } from '../../../shared/i18n.ts';
import { bootFixture, memberFixture } from '../../../test/fixtures.ts';

function renderWithServer(member = memberFixture()) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (path === '/api/system/boot') return new Response(JSON.stringify(bootFixture()), { status: 200 });
    if (path === '/api/member/info') return new Response(JSON.stringify(member), { status: 200 });
    // The language endpoint may not exist yet: a 404 must be harmless.
    return new Response(JSON.stringify({ error: { code: 'route.not_found', message: 'nf' } }), { status: 404 });
  });
  const i18n = createI18n('pt');
  render(
    <Providers queryClient={createQueryClient()} i18n={i18n}>
      <RootView createRouter={() => createMemoryRouter(appRoutes, { initialEntries: ['/'] })} />
    </Providers>,
  );
  return { calls, i18n };
}

describe('language selector', () => {
  it('switches the interface, and tells the server when logged in (ignoring a 404)', async () => {
    sessionStorage.setItem('token', 'tok-1');
    const { calls } = renderWithServer();
    await screen.findByTestId('balance');
    fireEvent.change(screen.getByTestId('language-select'), { target: { value: 'en' } });
    expect(await screen.findByText('Deposit')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('lang')).toBe('en');
    await waitFor(() => expect(calls).toContainEqual({ method: 'PUT', path: '/api/member/language', body: { language: 'en' } }));
    expect(screen.queryByTestId('route-error')).toBeNull();
  });

  it('does not call the server for a visitor', async () => {
    const { calls } = renderWithServer();
    await screen.findByTestId('login-button');
    fireEvent.change(screen.getByTestId('language-select'), { target: { value: 'en' } });
    expect(await screen.findByText('Sign up')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/member/language')).toBe(false);
  });

  it("applies the language the server remembers for the member when they log in", async () => {
    sessionStorage.setItem('token', 'tok-2');
    const { i18n } = renderWithServer(memberFixture({ language: 'en' }));
    await screen.findByTestId('balance');
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(await screen.findByText('Deposit')).toBeTruthy();
  });
});
