import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../../test/fake-api.ts';
import { memberFixture } from '../../../../test/fixtures.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { walletBalanceFixture } from '../../../../test/wallet-fixtures.ts';

describe('wallet page', () => {
  it('shows the main balance, bonus and points, and explains the empty vendor list', async () => {
    sessionStorage.setItem('token', 'tok-1');
    stubApi({
      'GET /api/member/info': memberFixture(),
      'GET /api/wallet/balance': walletBalanceFixture({ cash: '1000.00', bonus: '25.50', points: '1200' }),
      'GET /api/wallet/vendors': { main: '1000.00', vendors: [] },
    });
    renderApp('/member?tab=transferFund');
    expect((await screen.findByTestId('wallet-main-balance')).textContent).toBe('R$\u00a01.000,00');
    expect(screen.getByTestId('wallet-bonus-balance').textContent).toBe('R$\u00a025,50');
    expect(screen.getByTestId('wallet-points').textContent).toBe('1.200');
    expect((await screen.findByTestId('vendor-wallets-empty')).textContent).toContain('modo de transferência');
    expect(screen.queryByTestId('vendor-wallet')).toBeNull();
  });
});
