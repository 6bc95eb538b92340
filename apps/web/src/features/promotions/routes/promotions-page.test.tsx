import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlayerPromotion, PlayerPromotionList } from '@app/contracts';
import { stubApi } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const LOAD = { timeout: 5000 };

function promotion(overrides: Partial<PlayerPromotion>): PlayerPromotion {
  return {
    id: '1',
    type: 'application',
    title: 'Mostre sua vitória',
    summary: 'Resumo',
    html: '<p>Regras</p>',
    imageUrl: '/media/content/pool-pt.svg',
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: null,
    reward: { kind: 'cash', amount: '20.00' },
    state: null,
    reason: null,
    draftImages: [],
    ...overrides,
  };
}
const list = (items: PlayerPromotion[]): PlayerPromotionList => ({ list: items, availablePromoCount: items.length, availablePromo: items.length > 0 });

describe('/promotions', () => {
  it('shows each engine promotion as its own #<id> section with its reward and the visitor action', async () => {
    stubApi({ 'GET /api/promotions': list([promotion({ id: '11', title: 'Cashback', type: 'cashback' }), promotion({ id: '12', title: 'Torneio', state: 'coming_soon' })]) });
    renderApp('/promotions#12');
    const section = await screen.findByTestId('promotion-12', {}, LOAD);
    expect(section.id).toBe('12');
    expect(within(section).getByRole('heading', { name: 'Torneio' })).toBeTruthy();
    expect(within(section).getByText('Em breve')).toBeTruthy();
    expect(within(screen.getByTestId('promotion-11')).getByText(/Prêmio: R\$ 20,00/)).toBeTruthy();
    expect(screen.getByTestId('promotion-11-action').textContent).toBe('Entrar para participar');
  });

  it('states a deposit match as its percent and maximum (first deposit only, or each deposit, and the bonus terms)', async () => {
    stubApi({
      'GET /api/promotions': list([
        promotion({ id: '31', type: 'deposit_match', reward: { kind: 'cash', amount: '50.00' }, depositMatch: { percent: 100, firstDepositOnly: true } }),
        promotion({ id: '32', type: 'deposit_match', reward: { kind: 'bonus', amount: '200.00', wageringMultiple: 10, expiryDays: 7 }, depositMatch: { percent: 50, firstDepositOnly: false } }),
      ]),
    });
    renderApp('/promotions');
    expect(within(await screen.findByTestId('promotion-31', {}, LOAD)).getByText('100% do primeiro depósito, até R$ 50,00')).toBeTruthy();
    expect(within(screen.getByTestId('promotion-32')).getByText('50% de cada depósito, até R$ 200,00 · em bônus, rollover 10×, validade de 7 dias')).toBeTruthy();
  });

  it('says so when there is none', async () => {
    stubApi({ 'GET /api/promotions': list([]) });
    renderApp('/promotions');
    expect(await screen.findByTestId('promotions-empty', {}, LOAD)).toBeTruthy();
  });

  it('lets a member grab a red envelope and says what it held', async () => {
    sessionStorage.setItem('token', 'tok-1');
    let state: PlayerPromotion['state'] = 'join';
    stubApi({
      'GET /api/member/info': memberFixture(),
      'GET /api/promotions/mine': () => list([promotion({ id: '21', type: 'red_envelope', title: 'Envelope vermelho', state })]),
      'POST /api/promotions/21/grab': () => {
        state = 'claimed';
        return { amount: '3.27', created: true };
      },
    });
    renderApp('/promotions');
    fireEvent.click(await screen.findByTestId('promotion-21-action', {}, LOAD));
    expect((await screen.findByText(/Você pegou um envelope de R\$ 3,27/)).textContent).toContain('já está no seu saldo');
  });
});

afterEach(() => sessionStorage.clear());
