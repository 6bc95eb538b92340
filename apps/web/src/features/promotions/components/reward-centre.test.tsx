import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Reward, RewardCentre } from '@app/contracts';
import { apiError, stubApi } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const LOAD = { timeout: 5000 };

function reward(overrides: Partial<Reward>): Reward {
  return { id: '1', promotionId: '9', title: 'Mostre sua vitória', kind: 'cash', amount: '20.00', wageringMultiple: null, expiryDays: null, status: 'claimable', issuedAt: '2026-11-29T06:00:00.000Z', claimedAt: null, expiresAt: null, ...overrides };
}

afterEach(() => sessionStorage.clear());

describe('the reward centre tab', () => {
  it('lists claimable rewards, clears the badge, claims one and says so; a refused claim is translated', async () => {
    sessionStorage.setItem('token', 'tok-1');
    let centre: RewardCentre = { claimable: [reward({ id: '1' }), reward({ id: '2', kind: 'bonus', amount: '15.00', wageringMultiple: 10, expiryDays: 7, title: 'Bônus de domingo' })], history: [], unseen: 2 };
    const calls = stubApi({
      'GET /api/member/info': memberFixture(),
      'GET /api/rewards': () => centre,
      'GET /api/rewards/summary': { claimable: 2, unseen: 0, availablePromoCount: 1 },
      'POST /api/rewards/seen': new Response(null, { status: 204 }),
      'POST /api/rewards/1/claim': () => {
        centre = { claimable: [centre.claimable[1]!], history: [reward({ id: '1', status: 'claimed', claimedAt: '2026-11-29T06:05:00.000Z' })], unseen: 0 };
        return reward({ id: '1', status: 'claimed' });
      },
      'POST /api/rewards/2/claim': () => apiError(409, 'promotions.budget_exhausted'),
    });
    renderApp('/member?tab=rewardCenter');
    const panel = await screen.findByTestId('reward-centre', {}, LOAD);
    expect(within(panel).getByText('Bônus · rollover 10×', { exact: false })).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/rewards/seen')).toBe(true);

    fireEvent.click(screen.getByTestId('reward-claim-1'));
    expect((await screen.findByTestId('reward-message')).textContent).toBe('Resgatado: R$ 20,00.');
    expect(await within(await screen.findByTestId('reward-history')).findByText('Mostre sua vitória')).toBeTruthy();

    fireEvent.click(screen.getByTestId('reward-claim-2'));
    expect(await screen.findByText('O orçamento desta promoção se esgotou.')).toBeTruthy();
  });

  it('says by when a reward must be claimed, and shows an expired one in the history as expired', async () => {
    sessionStorage.setItem('token', 'tok-1');
    const centre: RewardCentre = {
      claimable: [reward({ id: '3', expiresAt: '2026-12-29T06:00:00.000Z' })],
      history: [reward({ id: '4', status: 'expired', title: 'Depósito em dobro', expiresAt: '2026-11-28T06:00:00.000Z' })],
      unseen: 0,
    };
    stubApi({
      'GET /api/member/info': memberFixture(),
      'GET /api/rewards': centre,
      'GET /api/rewards/summary': { claimable: 1, unseen: 0, availablePromoCount: 0 },
    });
    renderApp('/member?tab=rewardCenter');
    expect((await screen.findByTestId('reward-expires-3', {}, LOAD)).textContent).toMatch(/^Resgate até /);
    const expired = screen.getByTestId('reward-history-4');
    expect(expired.dataset.status).toBe('expired');
    expect(within(expired).getByText('Expirada')).toBeTruthy();
    expect(within(expired).getByText(/Expirou em/)).toBeTruthy();
  });
});
