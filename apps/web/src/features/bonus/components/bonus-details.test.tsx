import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BonusGrant, BonusSummary } from '@app/contracts';
import { stubApi } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { walletBalanceFixture } from '../../../test/wallet-fixtures.ts';

const grant = (overrides: Partial<BonusGrant>): BonusGrant => ({
  id: '1',
  amount: '20.00',
  balance: '12.50',
  wageringMultiple: '10',
  required: '200.00',
  done: '50.00',
  status: 'active',
  sourceKind: 'promotion',
  sourceId: '7',
  expiresAt: '2026-12-01T15:00:00.000Z',
  createdAt: '2026-11-24T15:00:00.000Z',
  closedAt: null,
  closedAmount: null,
  ...overrides,
});

function openBonusPage(summary: BonusSummary) {
  sessionStorage.setItem('token', 'tok-1');
  stubApi({
    'GET /api/member/info': memberFixture(),
    'GET /api/wallet/balance': walletBalanceFixture({ bonus: summary.balance }),
    'GET /api/bonus/summary': summary,
  });
  return renderApp('/member?tab=bonusDetails');
}

describe('bonus details', () => {
  it('shows each grant with its wagering progress, status and dates, and the rule for bets', async () => {
    openBonusPage({
      balance: '20.00',
      grants: [grant({}), grant({ id: '2', amount: '5.00', required: '25.00', done: '25.00', status: 'converted', closedAt: '2026-11-25T10:00:00.000Z', closedAmount: '5.00' })],
      contributions: [{ gameType: 'RNG', percent: 100 }, { gameType: 'LIVE', percent: 10 }, { gameType: 'XYZ', percent: 0 }],
    });
    expect((await screen.findByTestId('bonus-balance')).textContent).toBe('R$\u00a020,00');
    const [active, converted] = screen.getAllByTestId('bonus-grant');
    expect(within(active!).getByTestId('bonus-grant-status').textContent).toBe('Em andamento');
    expect(within(active!).getByTestId('bonus-grant-progress').textContent).toBe('Apostado R$\u00a050,00 de R$\u00a0200,00 (10× o bônus) · 25%');
    expect(within(active!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(within(converted!).getByTestId('bonus-grant-status').textContent).toBe('Liberado');
    expect(converted!.textContent).toContain('R$\u00a05,00 liberado como dinheiro em');
    // What the grant holds after bets spent part of it (cash first, then bonus).
    expect(within(active!).getByTestId('bonus-grant-holds').textContent).toBe('Saldo deste bônus: R$\u00a012,50');
    expect(within(converted!).queryByTestId('bonus-grant-holds')).toBeNull();
    expect(screen.getByTestId('bonus-rule').textContent).toContain('Suas apostas usam primeiro o saldo em dinheiro e, quando ele acaba, o saldo de bônus.');
    expect(screen.getByTestId('bonus-contributions').textContent).toBe('Quanto de cada aposta conta: Slots 100% · Cassino ao vivo 10%');
  });

  it('says so when the member has no bonus', async () => {
    openBonusPage({ balance: '0.00', grants: [], contributions: [] });
    expect((await screen.findByTestId('bonus-empty')).textContent).toBe('Você ainda não recebeu nenhum bônus.');
  });
});
