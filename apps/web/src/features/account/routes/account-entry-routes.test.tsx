import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberFixture } from '../../../test/fixtures.ts';
import { BOT_CHALLENGE, registerSettingsFixture, stubApi } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const LOAD = { timeout: 5000 };

describe('/register', () => {
  it('sends a logged-in member home instead of offering a second account', async () => {
    sessionStorage.setItem('token', 'tok-1');
    stubApi({ 'GET /api/member/info': memberFixture(), 'GET /api/member/register/settings': registerSettingsFixture(), 'GET /api/bot-check/challenge': BOT_CHALLENGE });
    const { router } = renderApp('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), LOAD);
    await screen.findByTestId('deposit-button', {}, LOAD);
    expect(screen.queryByTestId('modal-register')).toBeNull();
  });

  it('still offers a trial account a real one', async () => {
    sessionStorage.setItem('token', 'tok-trial');
    stubApi({ 'GET /api/member/info': memberFixture({ account: 'trial01', type: 4 }), 'GET /api/member/register/settings': registerSettingsFixture(), 'GET /api/bot-check/challenge': BOT_CHALLENGE });
    renderApp('/register');
    expect(await screen.findByTestId('modal-register', {}, LOAD)).toBeTruthy();
  });
});
