import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VipLevelInput, VipOverview } from '@app/contracts';
import { stubApi } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { walletBalanceFixture } from '../../../test/wallet-fixtures.ts';

const rebates = { live: '0.3', slots: '0.5', sports: '0', lottery: '0', pvp: '0', fish: '0' };
const level = (rank: number, overrides: Partial<VipLevelInput> = {}): VipLevelInput => ({
  rank,
  names: { pt: `Nível ${rank}`, en: `Level ${rank}` },
  badge: 'colour:gold',
  minValidBet: '0.00',
  minDeposit: '0.00',
  retentionValidBet: '0.00',
  upgradeBonus: { amount: '0.00', wageringMultiple: 0 },
  monthlyBonus: { amount: '0.00', wageringMultiple: 0 },
  bonusValidDays: 30,
  rebates,
  withdrawalLimitPerDay: null,
  ...overrides,
});

const levels = [
  level(0, { names: { pt: 'Bronze', en: 'Bronze' }, badge: 'colour:bronze' }),
  level(1, { names: { pt: 'Prata', en: 'Silver' }, badge: 'colour:silver', minValidBet: '1000.00', minDeposit: '100.00', retentionValidBet: '500.00', upgradeBonus: { amount: '10.00', wageringMultiple: 3 }, monthlyBonus: { amount: '5.00', wageringMultiple: 3 }, withdrawalLimitPerDay: '10000.00' }),
  level(2, { names: { pt: 'Ouro', en: 'Gold' }, minValidBet: '10000.00', minDeposit: '1000.00', retentionValidBet: '3000.00', upgradeBonus: { amount: '50.00', wageringMultiple: 3 } }),
];

function overview(overrides: Partial<VipOverview>): VipOverview {
  return {
    rank: 1,
    since: '2026-11-20T15:00:00.000Z',
    validBet: '2500.00',
    deposits: '250.00',
    next: {
      rank: 2,
      validBet: { current: '2500.00', required: '10000.00', remaining: '7500.00', percent: 25 },
      deposits: { current: '1000.00', required: '1000.00', remaining: '0.00', percent: 100 },
    },
    retention: { monthValidBet: '120.00', required: '500.00', monthEnds: '2026-12-01T03:00:00.000Z' },
    levels,
    timeZone: 'America/Sao_Paulo',
    ...overrides,
  };
}

function openVipPage(data: VipOverview) {
  sessionStorage.setItem('token', 'tok-1');
  stubApi({
    'GET /api/member/info': memberFixture(),
    'GET /api/wallet/balance': walletBalanceFixture({}),
    'GET /api/vip': data,
  });
  return renderApp('/member?tab=vip');
}

describe('VIP page', () => {
  it('shows the level, progress on both thresholds in reais and percent, the retention rule and the levels table', async () => {
    openVipPage(overview({}));
    expect((await screen.findByTestId('vip-level-name')).textContent).toBe('Prata');
    expect(screen.getByTestId('vip-progress-card').textContent).toContain('Progresso para Ouro');
    const validBet = screen.getByTestId('vip-progress-valid-bet');
    expect(within(validBet).getByTestId('vip-progress-valid-bet-line').textContent).toBe('R$\u00a02.500,00 de R$\u00a010.000,00 · 25%');
    expect(validBet.textContent).toContain('Faltam R$\u00a07.500,00');
    expect(within(validBet).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    const deposits = screen.getByTestId('vip-progress-deposits');
    expect(deposits.textContent).toContain('Atingido');
    expect(within(deposits).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByTestId('vip-retention-rule').textContent).toContain('Para manter o nível Prata, faça pelo menos R$\u00a0500,00 em apostas válidas em cada mês.');
    expect(screen.getByTestId('vip-retention-month').textContent).toContain('Este mês: R$\u00a0120,00 de R$\u00a0500,00');
    const rows = screen.getAllByTestId('vip-level-row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.getAttribute('aria-current')).toBe('true');
    expect(rows[1]!.textContent).toContain('R$\u00a01.000,00 em apostas · R$\u00a0100,00 em depósitos');
    expect(rows[1]!.textContent).toContain('R$\u00a010,00 · rollover 3×');
    expect(rows[1]!.textContent).toContain('Ao vivo 0,3% · Slots 0,5%');
    expect(rows[1]!.textContent).toContain('R$\u00a010.000,00');
    expect(rows[0]!.textContent).toContain('Nível inicial');
    expect(rows[2]!.textContent).toContain('Sem limite VIP');
  });

  it('at the top level says so, and a level without retention needs no monthly bets', async () => {
    openVipPage(overview({ rank: 2, next: null, retention: { monthValidBet: '0.00', required: '0.00', monthEnds: '2026-12-01T03:00:00.000Z' } }));
    expect((await screen.findByTestId('vip-top-level')).textContent).toBe('Você está no nível mais alto. Parabéns!');
    expect(screen.getByTestId('vip-retention-rule').textContent).toBe('O nível Ouro não exige apostas mínimas por mês.');
    expect(screen.queryByTestId('vip-retention-month')).toBeNull();
  });

  it('lists the VIP tab in the member centre only when the site has VIP levels (hasVip)', async () => {
    const openBonusTab = (hasVip: boolean) => {
      sessionStorage.setItem('token', 'tok-1');
      stubApi({
        'GET /api/member/info': memberFixture(),
        'GET /api/wallet/balance': walletBalanceFixture({}),
        'GET /api/bonus/summary': { balance: '0.00', grants: [], contributions: [] },
        'GET /api/vip/state': { hasVip, vipLabelName: hasVip ? 'Prata' : 'Bronze', vipRankLevel: hasVip ? 1 : 0, badge: 'colour:silver' },
      });
      return renderApp('/member?tab=bonusDetails');
    };
    const withVip = openBonusTab(true);
    expect(await screen.findByRole('link', { name: 'VIP' })).toBeTruthy();
    withVip.unmount();
    openBonusTab(false);
    await screen.findByTestId('bonus-empty');
    expect(screen.queryByRole('link', { name: 'VIP' })).toBeNull();
  });

  it('says plainly when the operator has defined no levels', async () => {
    openVipPage(overview({ rank: 0, next: null, levels: [] }));
    expect((await screen.findByTestId('vip-empty')).textContent).toBe('O programa VIP ainda não está disponível.');
  });
});
