import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { createI18n } from '../../../shared/i18n.ts';
import { getToken, takeHandoffFromUrl, useSessionToken } from '../../../shared/session-token.ts';
import { apiError, stubApi, type ApiCall } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { HandoffGate } from './handoff-gate.tsx';
import { rememberHandoff } from './handoff.ts';

/** Renders the gate as main.tsx would after taking `?handoff=CODE` out of the address. */
/** Stands for the app: records the token it first rendered with (a guarded page would act on it). */
const firstTokens: (string | null)[] = [];
function App() {
  const token = useSessionToken();
  if (firstTokens.length === 0) firstTokens.push(token);
  return <p data-testid="app">{token ?? 'visitor'}</p>;
}

function openWithCode(routes: Record<string, unknown>, code = 'CODE') {
  const calls = stubApi(routes);
  firstTokens.length = 0;
  rememberHandoff(code);
  render(
    <Providers queryClient={createQueryClient()} i18n={createI18n('pt')}>
      <HandoffGate>
        <App />
      </HandoffGate>
    </Providers>,
  );
  return calls;
}
const revoked = (calls: ApiCall[]) => calls.filter((call) => call.method === 'DELETE' && call.path === '/api/session');
const exchanged = { 'POST /api/session/handoff': { token: 'tok-bob', account: 'bob' } };

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('hand-off link in the address', () => {
  it('takes ?handoff= out of the address and its history entry at once, keeping the rest', () => {
    window.history.replaceState(null, '', '/member?handoff=abc123&tab=withdraw#top');
    const entries = window.history.length;
    expect(takeHandoffFromUrl()).toBe('abc123');
    expect(window.location.search).toBe('?tab=withdraw');
    expect(window.location.hash).toBe('#top');
    expect(window.location.href).not.toContain('abc123');
    expect(window.history.length).toBe(entries);
  });

  it('never adopts a legacy ?token=: it is removed and the tab stays as it was', () => {
    sessionStorage.setItem('token', 'tok-alice');
    window.history.replaceState(null, '', '/?token=tok-mallory');
    expect(takeHandoffFromUrl()).toBeNull();
    expect(window.location.search).toBe('');
    expect(getToken()).toBe('tok-alice');
  });
});

describe('HandoffGate', () => {
  it('logs in with the code when the tab has no session, holding the app until then', async () => {
    const calls = openWithCode(exchanged);
    expect(screen.queryByTestId('app')).toBeNull();
    await waitFor(() => expect(getToken()).toBe('tok-bob'));
    expect((await screen.findByTestId('app')).textContent).toBe('tok-bob');
    // A page that needs a session never saw the tab as a visitor (it would have sent it to log in).
    expect(firstTokens).toEqual(['tok-bob']);
    expect(calls.find((call) => call.path === '/api/session/handoff')?.body).toEqual({ code: 'CODE' });
    expect(screen.queryByTestId('handoff-confirm')).toBeNull();
  });

  it('just drops the code when the same member is logged in, closing the extra session', async () => {
    sessionStorage.setItem('token', 'tok-bob-1');
    const calls = openWithCode({ ...exchanged, 'GET /api/member/info': memberFixture({ account: 'bob' }), 'DELETE /api/session': null });
    await waitFor(() => expect(revoked(calls)).toHaveLength(1));
    expect(getToken()).toBe('tok-bob-1');
    expect(screen.queryByTestId('handoff-confirm')).toBeNull();
  });

  it('never replaces another account’s live session without confirmation; keeping it closes the new session', async () => {
    sessionStorage.setItem('token', 'tok-alice');
    const calls = openWithCode({ ...exchanged, 'GET /api/member/info': memberFixture({ account: 'alice' }), 'DELETE /api/session': null });
    const dialog = await screen.findByTestId('handoff-confirm');
    expect(dialog.textContent).toContain('Entrar como bob?');
    expect(getToken()).toBe('tok-alice');
    expect(dialog.textContent).toContain('conectado como alice');
    expect(screen.getByTestId('confirm-cancel').textContent).toBe('Manter atual');
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('handoff-confirm')).toBeNull());
    expect(getToken()).toBe('tok-alice');
    expect(revoked(calls)).toHaveLength(1);
  });

  it('switches to the link’s account only when the player confirms', async () => {
    sessionStorage.setItem('token', 'tok-alice');
    openWithCode({ ...exchanged, 'GET /api/member/info': memberFixture({ account: 'alice' }) });
    await screen.findByTestId('handoff-confirm');
    fireEvent.click(screen.getByTestId('confirm-ok'));
    expect(getToken()).toBe('tok-bob');
  });

  it('says so when the code is used or expired, and keeps the current session', async () => {
    sessionStorage.setItem('token', 'tok-alice');
    openWithCode({ 'POST /api/session/handoff': () => apiError(400, 'accounts.handoff_invalid') });
    expect((await screen.findByTestId('handoff-failed')).textContent).toContain('Este link de acesso é inválido, já foi usado ou expirou.');
    expect(getToken()).toBe('tok-alice');
  });
});
