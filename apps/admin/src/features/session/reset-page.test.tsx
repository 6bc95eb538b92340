import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, json, renderConsole } from '../../test/render.tsx';

const TOKEN = 'r'.repeat(43);
const operator = { id: '9', username: 'risco1', displayName: 'Rita Risco', role: 'risk' };
const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** The reset link's page: the token after '#', never sent anywhere but the two reset calls' bodies. */
describe('credential reset page', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('greets the operator, sends the new password once the repetition matches, then shows the enrolment', async () => {
    window.location.hash = `#${TOKEN}`;
    const calls = fakeApi((method, path) => {
      if (path === '/api/backoffice/credential-reset/inspect') return json(200, { username: 'risco1', displayName: 'Rita Risco', expiresAt: '2026-01-02T00:00:00.000Z' });
      if (path === '/api/backoffice/credential-reset/complete') return json(200, { status: 'enrolment_required', enrolmentToken: 'e'.repeat(43), expiresAt: '2026-01-01T00:05:00.000Z', operator });
      if (path === '/api/backoffice/2fa/enrol') return json(200, { otpauthUri: 'otpauth://totp/x', secret: 'ABCDEFGH', qrSvg: '<svg/>', recoveryCodes: Array.from({ length: 10 }, (_, index) => `CODE-${index}`) });
      return json(404, { error: { code: 'route.not_found', message: `${method} ${path}` } });
    });
    renderConsole('/reset');
    expect((await screen.findByTestId('reset-greeting')).textContent).toContain('Rita Risco (risco1)');
    fill('reset-password', 'Nova-Senha-2026');
    fill('reset-repeat', 'Nova-Senha-2025');
    expect((screen.getByTestId('reset-submit') as HTMLButtonElement).disabled).toBe(true);
    fill('reset-repeat', 'Nova-Senha-2026');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect((await screen.findByTestId('enrol-secret')).textContent).toBe('ABCDEFGH');
    expect(calls.find((call) => call.path.endsWith('/complete'))?.body).toEqual({ token: TOKEN, newPassword: 'Nova-Senha-2026' });
    expect(calls.find((call) => call.path.endsWith('/inspect'))?.authorization).toBeNull();
    // One enrolment request: a second would store a key other than the one shown.
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/backoffice/2fa/enrol')).toHaveLength(1));
    expect(calls.find((call) => call.path === '/api/backoffice/2fa/enrol')?.authorization).toBe(`Bearer ${'e'.repeat(43)}`);
  });

  it('tells a spent link in Portuguese, and an incomplete one without asking the server', async () => {
    window.location.hash = `#${TOKEN}`;
    fakeApi(() => json(410, { error: { code: 'backoffice.reset_link_invalid', message: 'gone' } }));
    const { unmount } = renderConsole('/reset');
    expect((await screen.findByTestId('reset-link-error')).textContent).toContain('já foi usado');
    unmount();

    window.location.hash = '#abc';
    const calls = fakeApi(() => json(500, {}));
    renderConsole('/reset');
    expect((await screen.findByTestId('reset-link-error')).textContent).toContain('já foi usado');
    expect(calls.filter((call) => call.path.startsWith('/api/backoffice/credential-reset'))).toHaveLength(0);
  });
});
