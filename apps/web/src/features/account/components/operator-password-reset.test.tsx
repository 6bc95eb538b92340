import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bootFixture, memberFixture } from '../../../test/fixtures.ts';
import { stubApi } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

/**
 * An operator reset the member's password (back office): the server keeps must_change_password,
 * answers passwordExpired at the password login and in member info, and refuses everything else
 * until the member sets a password of their own with the temporary one as the current password.
 */
describe('after an operator reset the password', () => {
  it('the login with the temporary password demands a new one before anything else', async () => {
    let changed = false;
    const calls = stubApi({
      'POST /api/session/login': { token: 'tok-1', firstTimeLogin: false, passwordExpired: true },
      'GET /api/member/info': () => memberFixture({ passwordExpired: !changed }),
      'PUT /api/member/password': () => {
        changed = true;
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/login');
    await screen.findByTestId('modal-login');
    type('login-username', 'player1');
    type('login-password', 'Tmp7xKq2mPz9');
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('modal-change-password');
    type('change-current', 'Tmp7xKq2mPz9');
    type('change-new', 'minha senha nova de verdade');
    type('change-confirm', 'minha senha nova de verdade');
    fireEvent.click(screen.getByTestId('change-submit'));
    await waitFor(() => expect(screen.queryByTestId('modal-change-password')).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ currentPassword: 'Tmp7xKq2mPz9', newPassword: 'minha senha nova de verdade' });
  });

  it('an SMS login still opens the forced change, because member info carries the flag', async () => {
    stubApi({
      'POST /api/verification/sms': { expiredMinutes: 5, resendAfterSeconds: 60 },
      'POST /api/session/login': { token: 'tok-1', firstTimeLogin: false, passwordExpired: false },
      'GET /api/member/info': memberFixture({ passwordExpired: true }),
    });
    renderApp('/login', bootFixture({ whitelabel: [{ modId: 'MOBILENUMREG3', enabled: true, parent: null }] }));
    fireEvent.click(await screen.findByTestId('login-tab-sms'));
    type('login-sms-mobile', '(11) 96123-4567');
    fireEvent.click(screen.getByTestId('login-sms-send'));
    await waitFor(() => expect(screen.getByTestId('login-sms-send').textContent).toMatch(/Reenviar/));
    type('login-sms-code', '654321');
    fireEvent.click(screen.getByTestId('login-submit'));
    const modal = await screen.findByTestId('modal-change-password');
    // Not dismissible: only a new password or signing out.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByTestId('modal-change-password')).toBe(modal);
  });
});
