import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BOT_CHALLENGE, registerSettingsFixture, stubApi } from '../test/fake-api.ts';
import { fakeFetch, memberFixture } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';
import { WEB_APP_PATHS } from '@app/contracts';
import type { RouteObject } from 'react-router';
import { appRoutes, SPEC_PATHS } from './routes.tsx';
import { contentKeyOf, isGamePagePath } from './paths.ts';

describe('route guard', () => {
  it('sends a visitor without a token from a login-required route to /login, which opens the login modal on /', async () => {
    const { router } = renderApp('/member');
    expect(await screen.findByTestId('modal-login')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(['/favorite', '/lottery', '/vnLottery', '/seamless', '/pointMall'])('guards %s', async (path) => {
    const { router } = renderApp(path);
    await screen.findByTestId('modal-login');
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets a session token through to the page', async () => {
    sessionStorage.setItem('token', 'tok-1');
    const referral = { enabled: true, code: 'R-ABCDEFGH', link: 'http://localhost/register?referralCode=R-ABCDEFGH', qrUrl: '/api/referral/R-ABCDEFGH/qr.svg', rules: null, counters: { invited: 0, qualified: 0, earned: '0.00' }, referees: [] };
    vi.stubGlobal('fetch', fakeFetch({ '/api/member/info': memberFixture(), '/api/referral': referral }));
    const { router } = renderApp('/member?tab=referral');
    // The member page is a lazy chunk: under the full suite's load its first import can take over a second.
    expect(await screen.findByTestId('member-tab-title', {}, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/member');
    expect((await screen.findByTestId('member-referral-code')).textContent).toBe('R-ABCDEFGH');
  });
});

/** Every path the router declares, '*' aside. */
function routerPaths(routes: readonly RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.path && route.path !== '*' ? [route.path] : []), ...routerPaths(route.children ?? [])]);
}

describe('routes', () => {
  it('declares exactly the shared WEB_APP_PATHS, which the server answers with 200 (any other path 404)', () => {
    expect([...routerPaths(appRoutes)].sort()).toEqual([...WEB_APP_PATHS].sort());
  });

  it('shows the 404 page for unknown paths, with a link home', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByTestId('not-found-page')).toBeTruthy();
    expect(screen.getByTestId('not-found-home').getAttribute('href')).toBe('/');
  });

  it.each(SPEC_PATHS.filter((path) => path !== '/agent' && path !== '/agentHome'))('registers %s', async (path) => {
    renderApp(path);
    await screen.findByTestId('app-shell');
    // Most pages are lazy chunks: under the full suite's load a first import can take over a second.
    await waitFor(() => expect(screen.getAllByTestId('page-title').length).toBeGreaterThan(0), { timeout: 5000 });
    expect(screen.queryByTestId('not-found-page')).toBeNull();
  });

  it('matches case-sensitively: /vnLottery is the lottery page, /vnlottery the game page', async () => {
    sessionStorage.setItem('token', 'tok-1');
    vi.stubGlobal('fetch', fakeFetch({ '/api/member/info': memberFixture() }));
    renderApp('/vnlottery');
    expect((await screen.findByTestId('page-title')).textContent).toBe('Loteria vietnamita');
    expect(screen.getByTestId('side-menu').getAttribute('data-state')).toBe('collapsed');
  });

  it('keys home and its modal entry points alike, and collapses the menu only on game pages', () => {
    expect(contentKeyOf('/')).toBe(contentKeyOf('/login'));
    expect(contentKeyOf('/index')).toBe(contentKeyOf('/register'));
    expect(contentKeyOf('/fish')).not.toBe(contentKeyOf('/'));
    expect(isGamePagePath('/sealottery')).toBe(true);
    expect(isGamePagePath('/seaLottery')).toBe(false);
  });

  it('opens the register modal from /register and keeps the referral code', async () => {
    stubApi({ 'GET /api/member/register/settings': registerSettingsFixture(), 'GET /api/bot-check/challenge': BOT_CHALLENGE });
    renderApp('/register?referralCode=ABC123');
    const modal = await screen.findByTestId('modal-register');
    expect(modal.querySelector('[data-referral-code="ABC123"]')).not.toBeNull();
    expect(await screen.findByTestId('register-username')).toBeTruthy();
  });

  it('sends a visitor on /agentHome to /agent', async () => {
    const { router } = renderApp('/agentHome');
    // Two lazy pages and the agent texts load on the way: more than findBy's 1 s under load.
    expect(await screen.findByTestId('agent-login-page', {}, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agent');
  });
});
