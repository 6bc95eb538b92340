import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiCall } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { figuresFixture, profitLossFixture, stubAgentApi } from './agent-test-fixtures.ts';

const LOAD = { timeout: 5000 };

function report(call: ApiCall) {
  if (call.query.get('groupBy') === 'day') {
    return profitLossFixture('agent1', [{ key: '2025-03-01', scope: 'day', teamSize: 0, figures: figuresFixture({ stake: '30.00' }) }], { stake: '30.00' });
  }
  if (call.query.get('account') === 'bia') {
    return profitLossFixture('bia', [
      { key: 'bia', scope: 'self', teamSize: 0, figures: figuresFixture({ stake: '5.00' }) },
      { key: 'caio', scope: 'team', teamSize: 1, figures: figuresFixture({ stake: '15.00' }) },
    ]);
  }
  return profitLossFixture(
    'agent1',
    [
      { key: 'agent1', scope: 'self', teamSize: 0, figures: figuresFixture({ stake: '10.00' }) },
      { key: 'bia', scope: 'team', teamSize: 2, figures: figuresFixture({ stake: '20.00', profitLoss: '-4.00' }) },
    ],
    { stake: '30.00', profitLoss: '-4.00' },
  );
}

const plCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/agent/profit-loss');

describe('team profit and loss', () => {
  it('drills into a downline team and comes back by the breadcrumb', async () => {
    const calls = stubAgentApi({ 'GET /api/agent/profit-loss': report });
    renderApp('/agentHome?tab=palStatementsAgentCopy');
    const table = await screen.findByTestId('pl-table', {}, LOAD);
    expect(within(table).getAllByTestId('pl-row')).toHaveLength(2);
    expect(within(table).getByTestId('pl-table-total').textContent).toContain('R$\u00a030,00');
    expect(screen.getByTestId('pl-crumb-current').textContent).toBe('Minha equipe');
    expect(screen.queryByTestId('pl-back')).toBeNull();
    expect(plCalls(calls)[0]?.query.get('account')).toBeNull();

    fireEvent.click(within(table).getByTestId('pl-drill'));
    await waitFor(() => expect(screen.getByTestId('pl-crumb-current').textContent).toBe('bia'));
    await waitFor(() => expect(screen.getByTestId('pl-table').textContent).toContain('caio'));
    expect(plCalls(calls).at(-1)?.query.get('account')).toBe('bia');
    expect(plCalls(calls).at(-1)?.query.get('groupBy')).toBe('member');

    fireEvent.click(within(screen.getByTestId('pl-table')).getByTestId('pl-drill'));
    await waitFor(() => expect(screen.getByTestId('pl-crumb-current').textContent).toBe('caio'));
    expect(plCalls(calls).at(-1)?.query.get('account')).toBe('caio');
    // The breadcrumb jumps straight back to the top; the back button steps one level.
    fireEvent.click(screen.getByTestId('pl-back'));
    await waitFor(() => expect(screen.getByTestId('pl-crumb-current').textContent).toBe('bia'));
    fireEvent.click(screen.getAllByTestId('pl-crumb')[0]!);
    await waitFor(() => expect(screen.getByTestId('pl-crumb-current').textContent).toBe('Minha equipe'));
    await waitFor(() => expect(screen.getByTestId('pl-table').textContent).toContain('bia'));
    expect(screen.queryByTestId('pl-back')).toBeNull();
  });

  it('groups by day', async () => {
    const calls = stubAgentApi({ 'GET /api/agent/profit-loss': report });
    renderApp('/agentHome?tab=palStatementsAgentCopy');
    await screen.findByTestId('pl-table', {}, LOAD);
    fireEvent.click(screen.getByTestId('pl-by-day'));
    expect((await screen.findByTestId('pl-day')).textContent).toBe('01/03/2025');
    expect(plCalls(calls).at(-1)?.query.get('groupBy')).toBe('day');
  });
});

describe('team profit and loss export', () => {
  it('downloads the report as a CSV Excel opens: BOM, semicolons, reais with a decimal comma', async () => {
    stubAgentApi({ 'GET /api/agent/profit-loss': report });
    const files: Blob[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:csv';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/agentHome?tab=palStatementsAgentCopy');
    await screen.findByTestId('pl-table', {}, LOAD);
    fireEvent.click(screen.getByTestId('pl-csv'));
    await waitFor(() => expect(files).toHaveLength(1));
    const bytes = new Uint8Array(await files[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toBe('Membro;Equipe;Nº de apostas;Valor apostado (R$);Aposta válida (R$);Prêmios pagos (R$);Lucro/prejuízo (R$);Depósitos (R$);Saques (R$)');
    expect(lines[2]).toBe('bia;2;0;20,00;0,00;0,00;-4,00;0,00;0,00');
    expect(lines[3]).toBe('Total;;0;30,00;0,00;0,00;-4,00;0,00;0,00');
    createObjectURL.mockRestore();
    click.mockRestore();
  });
});
