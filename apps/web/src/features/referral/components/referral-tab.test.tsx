import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReferralOverview } from '@app/contracts';
import { stubApi } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const LOAD = { timeout: 5000 };

const overview: ReferralOverview = {
  enabled: true,
  code: 'R-ABCDEFGH',
  link: 'https://example.test/register?referralCode=R-ABCDEFGH',
  qrUrl: '/api/referral/R-ABCDEFGH/qr.svg',
  rules: { minFirstDeposit: '20.00', minValidBet: '50.00', rewardAmount: '10.00', rewardType: 'bonus', wageringMultiple: 3, maxReferees: 5, maxAmount: null, windowDays: 30 },
  counters: { invited: 2, qualified: 1, earned: '10.00' },
  referees: [
    { account: 'ma***a', registeredAt: '2026-11-29T12:00:00.000Z', status: 'paid', firstDeposit: '50.00', depositMet: true, validBet: '60.00', validBetMet: true, reward: '10.00' },
    { account: 'jo***o', registeredAt: '2026-11-29T13:00:00.000Z', status: 'pending', firstDeposit: null, depositMet: false, validBet: '0.00', validBetMet: false, reward: null },
  ],
};

afterEach(() => sessionStorage.clear());

describe('the referral tab', () => {
  it('shows the code, link, share links, counters, friends and the rules in plain words', async () => {
    sessionStorage.setItem('token', 'tok-1');
    stubApi({ 'GET /api/member/info': memberFixture(), 'GET /api/referral': overview, 'GET /api/referral/state': { enabled: true } });
    renderApp('/member?tab=referral');
    await screen.findByTestId('referral-tab', {}, LOAD);
    expect(screen.getByTestId('member-referral-code').textContent).toBe('R-ABCDEFGH');
    expect((screen.getByTestId('member-referral-link') as HTMLInputElement).value).toBe(overview.link);
    expect(screen.getByTestId('referral-share-whatsapp').getAttribute('href')).toContain(encodeURIComponent(overview.link));
    expect(screen.getByTestId('referral-share-telegram').getAttribute('href')).toContain(`url=${encodeURIComponent(overview.link)}`);
    expect(screen.getByTestId('referral-invited').textContent).toBe('2');
    expect(screen.getByTestId('referral-earned').textContent).toBe('R$\u00a010,00');
    const statuses = screen.getAllByTestId('referral-friend-status').map((cell) => cell.textContent);
    expect(statuses).toEqual(['Recompensado', 'Em andamento']);
    const rules = within(screen.getByTestId('referral-rules'));
    expect(rules.getByText('Você recebe R$ 10,00 em bônus (rollover de 3x), uma vez por amigo.')).toBeTruthy();
    expect(rules.getByText('Recompensas para até 5 amigos.')).toBeTruthy();
    expect(screen.getByTestId('edge-referral')).toBeTruthy();
    expect(screen.getByTestId('side-invite-friends').textContent).toBe('Convide amigos');
  });

  it('hides the side-menu entry and the edge icon while the programme is off', async () => {
    stubApi({ 'GET /api/referral/state': { enabled: false } });
    renderApp('/');
    await screen.findByTestId('side-menu', {}, LOAD);
    // Give the state query its answer before looking for what it would show.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('side-invite-friends')).toBeNull();
    expect(screen.queryByTestId('edge-referral')).toBeNull();
  });
});
