import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AgentTransferPage } from '@app/contracts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubAgentApi } from './agent-test-fixtures.ts';

const LOAD = { timeout: 5000 };

const transfers: AgentTransferPage = {
  period: { from: '2025-03-01', to: '2025-03-31', timeZone: 'America/Sao_Paulo' },
  content: [
    { id: '9', createdAt: '2025-03-02T01:15:00.000Z', direction: 'fromDownline', counterpart: 'bia', amount: '5.00', balanceAfter: '975.00' },
    { id: '8', createdAt: '2025-03-01T12:00:00.000Z', direction: 'toDownline', counterpart: 'bia', amount: '-30.00', balanceAfter: '970.00' },
  ],
  pageNum: 1,
  total: 2,
  totalPages: 1,
};

describe('agent transfers page', () => {
  it('has the transfer form and lists transfers up and down the tree in the operator zone', async () => {
    const calls = stubAgentApi({
      'GET /api/agent/transfers': transfers,
      'GET /api/wallet/upline': { upline: { account: 'topo', nickname: 'Topo' } },
      'GET /api/wallet/balance': { cash: '975.00', bonus: '0.00', points: '0', currency: 'BRL', currencySymbol: 'R$' },
    });
    renderApp('/agentHome?tab=agentTransfers');
    const table = await screen.findByTestId('transfers-table', {}, LOAD);
    expect(screen.getByTestId('page-title').textContent).toBe('Transferências');
    expect(screen.getByTestId('transfer-form')).toBeTruthy();
    const rows = within(table).getAllByTestId('transfer-row');
    expect(rows[0]?.textContent).toContain('Recebida do subordinado');
    expect(rows[0]?.textContent).toContain('01/03/2025, 22:15:00');
    expect(rows[1]?.textContent).toContain('Enviada ao subordinado');
    expect(rows[1]?.textContent).toContain('R$\u00a0970,00');
    expect(screen.getByTestId('transfers-pager-total').textContent).toBe('2 transferências');
    expect(calls.find((call) => call.path === '/api/agent/transfers')?.query.get('period')).toBe('thisMonth');
  });
});
