import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fake-api.ts';
import { announcementFixture, popupFixture, siteContentFixture } from '../../../test/content-fixtures.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const LOAD = { timeout: 5000 };

function stubContent(member: boolean | 'trial' = false) {
  const content = siteContentFixture({
    notices: [{ id: 'n1', title: 'Manutenção programada' }],
    announcements: [
      announcementFixture({ id: 'b1', title: 'Para visitantes 1', execution: 'B' }),
      announcementFixture({ id: 'b2', title: 'Para visitantes 2', execution: 'B' }),
      announcementFixture({ id: 'a1', title: 'Para membros', execution: 'A' }),
      announcementFixture({ id: 'f1', title: 'Boas-vindas', execution: 'F' }),
    ],
    popups: [popupFixture({ title: 'Novidade', linkageType: 'ROUTE', target: '/promotions' })],
  });
  return stubApi({ 'GET /api/content/site': content, ...(member ? { 'GET /api/member/info': memberFixture(member === 'trial' ? { account: 'trial01', type: 4 } : {}) } : {}) });
}

// Cold imports of the home page and the modal chunks can take seconds under a full run.
describe('announcement and pop-up modals (spec §4)', { timeout: 20_000 }, () => {
  it('shows a visitor the B announcements once per session, then the pop-up once', async () => {
    stubContent();
    const first = renderApp('/');
    const modal = await screen.findByTestId('modal-announcement', {}, LOAD);
    expect(within(modal).getByRole('heading', { name: 'Para visitantes 1' })).toBeTruthy();
    expect(within(modal).getByTestId('announcement-step').textContent).toBe('1 de 2');
    fireEvent.click(within(modal).getByTestId('announcement-next'));
    expect(within(modal).getByRole('heading', { name: 'Para visitantes 2' })).toBeTruthy();
    fireEvent.click(within(modal).getByTestId('announcement-done'));

    expect(sessionStorage.getItem('announcement-closed:B')).toBe('1');
    expect(screen.queryByTestId('modal-announcement')).toBeNull();
    const popup = await screen.findByTestId('modal-popup', {}, LOAD);
    expect(within(popup).getByTestId('popup-link').getAttribute('href')).toBe('/promotions');
    fireEvent.click(within(popup).getByTestId('modal-close'));
    expect(sessionStorage.getItem('popup-closed')).toBe('1');
    expect(screen.queryByTestId('modal-popup')).toBeNull();
    first.unmount();

    // Same session, new page load: nothing again.
    renderApp('/');
    await screen.findByTestId('notice-marquee', {}, LOAD);
    expect(screen.queryByTestId('modal-announcement')).toBeNull();
    expect(screen.queryByTestId('modal-popup')).toBeNull();
  });

  it('shows a member the A announcements, not the visitors’ ones, even after those were closed', async () => {
    sessionStorage.setItem('token', 'tok-1');
    sessionStorage.setItem('announcement-closed:B', '1');
    stubContent(true);
    renderApp('/');
    const modal = await screen.findByTestId('modal-announcement', {}, LOAD);
    expect(within(modal).getByRole('heading', { name: 'Para membros' })).toBeTruthy();
    expect(within(modal).queryByTestId('announcement-step')).toBeNull();
    fireEvent.click(within(modal).getByTestId('modal-close'));
    expect(sessionStorage.getItem('announcement-closed:A')).toBe('1');
    expect(sessionStorage.getItem('announcement-closed:F')).toBeNull();
  });

  it('shows a first login its F announcements first, with the A ones in the same modal', async () => {
    sessionStorage.setItem('token', 'tok-1');
    sessionStorage.setItem('firstTimeLogin', '1');
    stubContent(true);
    renderApp('/');
    const modal = await screen.findByTestId('modal-announcement', {}, LOAD);
    expect(within(modal).getByRole('heading', { name: 'Boas-vindas' })).toBeTruthy();
    expect(within(modal).getByTestId('announcement-step').textContent).toBe('1 de 2');
    fireEvent.click(within(modal).getByTestId('announcement-next'));
    fireEvent.click(within(modal).getByTestId('announcement-done'));
    expect(sessionStorage.getItem('announcement-closed:F')).toBe('1');
    expect(sessionStorage.getItem('announcement-closed:A')).toBe('1');
  });

  it('never shows a trial account the first-login announcements (they ask for a PIX key it cannot have)', async () => {
    sessionStorage.setItem('token', 'tok-trial');
    sessionStorage.setItem('firstTimeLogin', '1');
    stubContent('trial');
    renderApp('/');
    const modal = await screen.findByTestId('modal-announcement', {}, LOAD);
    expect(within(modal).getByRole('heading', { name: 'Para membros' })).toBeTruthy();
    expect(within(modal).queryByRole('heading', { name: 'Boas-vindas' })).toBeNull();
    expect(within(modal).queryByTestId('announcement-step')).toBeNull();
  });

  it('waits while the login modal is open', async () => {
    stubContent();
    renderApp('/login');
    const login = await screen.findByTestId('modal-login', {}, LOAD);
    await screen.findByTestId('notice-marquee', {}, LOAD);
    expect(screen.queryByTestId('modal-announcement')).toBeNull();
    fireEvent.click(within(login).getByTestId('modal-close'));
    await waitFor(() => expect(screen.getByTestId('modal-announcement')).toBeTruthy(), LOAD);
  });
});
