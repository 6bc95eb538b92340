import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type ApiCall } from '../../../../test/fake-api.ts';
import { memberFixture } from '../../../../test/fixtures.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { profitReportFixture } from '../../../../test/wallet-fixtures.ts';

const profitCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/wallet/profit').map((call) => Object.fromEntries(call.query));

describe('personal profit', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-30T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  function openProfit(report = profitReportFixture()) {
    sessionStorage.setItem('token', 'tok-1');
    const calls = stubApi({ 'GET /api/member/info': memberFixture(), 'GET /api/wallet/profit': report });
    renderApp('/member?tab=personalProfit');
    return calls;
  }

  it('shows the totals, the net coloured by sign, and the product and day tables', async () => {
    const calls = openProfit(profitReportFixture({ total: { bets: '80.00', wins: '50.00', net: '-30.00', count: 4 } }));
    const net = await screen.findByTestId('profit-total-net');
    expect(net.textContent).toBe('\u2212R$\u00a030,00');
    expect(net.className).toContain('amount--debit');
    expect(screen.getByTestId('profit-by-product').textContent).toContain('Slots');
    expect(screen.getByTestId('profit-by-day').textContent).toContain('01/03/2025');
    expect(profitCalls(calls)[0]).toEqual({ from: '2025-06-24', to: '2025-06-30' });
  });

  it('names the casino product (what game vendors report) in the player language, never the raw code', async () => {
    const casino = { product: 'casino', bets: '80.00', wins: '50.00', net: '-30.00', count: 4 };
    openProfit(profitReportFixture({ products: [casino] }));
    const byProduct = await screen.findByTestId('profit-by-product');
    expect(byProduct.textContent).toContain('Cassino');
    expect(byProduct.textContent).not.toContain('casino');
  });

  it('refuses more than 93 days with the translated message, without asking the server', async () => {
    const calls = openProfit();
    await screen.findByTestId('profit-total-net');
    fireEvent.click(screen.getByTestId('range-custom'));
    fireEvent.change(screen.getByTestId('range-from'), { target: { value: '2025-03-29' } });
    expect((await screen.findByTestId('range-error')).textContent).toBe('Período inválido: escolha no máximo 93 dias, com a data inicial antes da final');
    expect(screen.queryByTestId('profit-total-net')).toBeNull();
    expect(profitCalls(calls).some((query) => query.from === '2025-03-29')).toBe(false);
    // 30 March to 30 June is exactly 93 days: allowed.
    fireEvent.change(screen.getByTestId('range-from'), { target: { value: '2025-03-30' } });
    await waitFor(() => expect(profitCalls(calls).at(-1)).toEqual({ from: '2025-03-30', to: '2025-06-30' }));
    expect(screen.queryByTestId('range-error')).toBeNull();
  });

  it('says so when there were no bets in the period', async () => {
    openProfit(profitReportFixture({ days: [], products: [], total: { bets: '0.00', wins: '0.00', net: '0.00', count: 0 } }));
    expect((await screen.findByTestId('profit-empty')).textContent).toBe('Nenhuma aposta no período selecionado.');
    expect(screen.getByTestId('profit-total-net').textContent).toBe('R$\u00a00,00');
  });
});
