import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PointsConfig, PointsItem, Redemption } from '@app/contracts';
import { stubApi } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { walletBalanceFixture } from '../../../test/wallet-fixtures.ts';

const item = (overrides: Partial<PointsItem> = {}): PointsItem => ({
  id: '7',
  kind: 'cash',
  name: 'Dinheiro R$ 5',
  description: 'Crédito em dinheiro',
  imageUrl: null,
  pointsCost: '500',
  requirementKind: 'none',
  requirementAmount: '0.00',
  value: '5.00',
  stock: 3,
  perMemberLimit: 2,
  redeemed: 0,
  available: 2,
  requirementDone: '0.00',
  requirementMet: true,
  ...overrides,
});

const config: PointsConfig = {
  rates: [
    { source: 'deposit', pointsPerReal: '1' },
    { source: 'live', pointsPerReal: '0.5' },
    { source: 'slots', pointsPerReal: '1' },
  ],
  convert: { convertPoints: '100', convertAmount: '1.00', minPoints: '100', enabled: true },
};

const redemption: Redemption = { id: '31', reference: 'PM261129000031', createdAt: '2026-11-29T12:00:00.000Z', kind: 'cash', name: 'Dinheiro R$ 5', quantity: 1, points: '500', value: '5.00', status: 'in_process', reason: null, decidedAt: null };

function openMall(path: string, routes: Record<string, unknown> = {}) {
  sessionStorage.setItem('token', 'tok-1');
  return stubApi({
    'GET /api/member/info': memberFixture(),
    'GET /api/wallet/balance': walletBalanceFixture(),
    'GET /api/points/balance': { points: '1200', earned: '1700', spent: '500' },
    'GET /api/points/config': config,
    'GET /api/points/items': { items: [item(), item({ id: '8', name: 'Camiseta', kind: 'physical', value: '0.00', stock: 0, available: 0 })] },
    ...routes,
  });
}

describe('points mall', () => {
  it('shows the member\'s points and the grid with cost, stock and limit; a sold-out item cannot be redeemed', async () => {
    openMall('/pointMall');
    renderApp('/pointMall');
    await waitFor(() => expect(screen.getByTestId('points-balance').textContent).toBe('1.200'));
    expect(screen.getByTestId('points-balance-totals').textContent).toBe('Ganhos: 1.700 · Usados: 500');
    const [cash, shirt] = await screen.findAllByTestId('points-item');
    expect(within(cash!).getByTestId('points-item-cost').textContent).toBe('500 pontos');
    expect(within(cash!).getByTestId('points-item-stock').textContent).toBe('3');
    expect(cash!.textContent).toContain('0 de 2');
    expect(within(shirt!).getByTestId('points-item-redeem')).toHaveProperty('disabled', true);
    expect(within(shirt!).getByTestId('points-item-redeem').textContent).toBe('Esgotado');
  });

  it('redeems with the payment password and one request id, and shows the reference number', async () => {
    const calls = openMall('/pointMall', { 'POST /api/points/redeem': redemption });
    renderApp('/pointMall');
    const [cash] = await screen.findAllByTestId('points-item');
    fireEvent.click(within(cash!).getByTestId('points-item-redeem'));
    const dialog = await screen.findByTestId('points-redeem-dialog');
    const submit = within(dialog).getByTestId('points-redeem-submit');
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByTestId('points-redeem-pin-input'), { target: { value: '246810' } });
    fireEvent.click(submit);
    expect((await screen.findByTestId('points-redeem-done')).textContent).toContain('PM261129000031');
    const sent = calls.filter((call) => call.method === 'POST' && call.path === '/api/points/redeem');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ itemId: '7', quantity: 1, paymentPassword: '246810' });
    expect((sent[0]!.body as { requestId: string }).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says "out of stock" in the member\'s language when the last item went to someone else', async () => {
    openMall('/pointMall', { 'POST /api/points/redeem': new Response(JSON.stringify({ error: { code: 'points.out_of_stock', message: 'out of stock' } }), { status: 409, headers: { 'content-type': 'application/json' } }) });
    renderApp('/pointMall');
    const [cash] = await screen.findAllByTestId('points-item');
    fireEvent.click(within(cash!).getByTestId('points-item-redeem'));
    const dialog = await screen.findByTestId('points-redeem-dialog');
    fireEvent.change(within(dialog).getByTestId('points-redeem-pin-input'), { target: { value: '246810' } });
    fireEvent.click(within(dialog).getByTestId('points-redeem-submit'));
    expect((await screen.findByTestId('points-redeem-error')).textContent).toBe('Esgotado: este item não tem mais estoque.');
  });

  it('shows the rules and the exchange-rate table', async () => {
    openMall('/pointMall?tab=rules');
    renderApp('/pointMall?tab=rules');
    expect((await screen.findByTestId('points-rules')).textContent).toContain('Os pontos não expiram.');
    expect(screen.getByTestId('points-rules-convert').textContent).toBe('Conversão: 100 pontos valem R$\u00a01,00 (mínimo de 100 pontos).');
    const rates = screen.getAllByTestId('points-rate').map((cell) => cell.textContent);
    expect(rates).toEqual(['1 pontos', '0,5 pontos', '1 pontos']);
  });

  it('lists the redeem history with reference, type, name, quantity and status', async () => {
    openMall('/pointMall?tab=history', { 'GET /api/points/redemptions': { list: [{ ...redemption, status: 'rejected', reason: 'Sem estoque no fornecedor' }] } });
    renderApp('/pointMall?tab=history');
    expect((await screen.findByTestId('points-redemption-reference')).textContent).toBe('PM261129000031');
    expect(screen.getByTestId('points-redemption-status').textContent).toBe('Recusado — Sem estoque no fornecedor');
  });

  it('converts points with the payment password and says what the member got', async () => {
    const calls = openMall('/pointMall?tab=convert', { 'POST /api/points/convert': { id: '4', points: '250', amount: '2.50', balance: '950' } });
    renderApp('/pointMall?tab=convert');
    fireEvent.change(await screen.findByTestId('points-convert-points'), { target: { value: '250' } });
    expect(document.body.textContent).toContain('Você recebe R$\u00a02,50');
    fireEvent.change(screen.getByTestId('points-convert-pin-input'), { target: { value: '246810' } });
    fireEvent.click(screen.getByTestId('points-convert-submit'));
    expect((await screen.findByTestId('points-convert-done')).textContent).toBe('250 pontos convertidos em R$\u00a02,50, já no seu saldo.');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/points/convert' && (call.body as { points?: string } | undefined)?.points === '250')).toBe(true));
  });
});
