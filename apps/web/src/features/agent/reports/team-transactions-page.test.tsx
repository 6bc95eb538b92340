import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TeamTransactionPage } from '@app/contracts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubAgentApi } from './agent-test-fixtures.ts';

const LOAD = { timeout: 5000 };

function page(): TeamTransactionPage {
  const row = (id: string, type: TeamTransactionPage['content'][number]['type'], detail: TeamTransactionPage['content'][number]['detail'], createdAt = '2025-03-01T02:30:00.000Z') => ({
    id,
    account: 'ana01',
    type,
    amount: type === 'bet' ? '-10.00' : '5.00',
    balanceAfter: '100.00',
    detail,
    createdAt,
  });
  return {
    period: { from: '2025-02-28', to: '2025-03-01', timeZone: 'America/Sao_Paulo' },
    content: [
      row('3', 'adjustment', { kind: 'adjustment' }),
      row('2', 'bet', { kind: 'game', gameName: 'Tigre da Fortuna', roundId: 'r-1' }),
      row('1', 'commission', { kind: 'commission', contractKind: 'daily', periodStart: '2025-03-01T03:00:00.000Z' }),
    ],
    pageNum: 1,
    total: 3,
    totalPages: 1,
  };
}

describe('downline transactions', () => {
  it("shows a neutral adjustment, games by name and times in the operator's zone", async () => {
    const calls = stubAgentApi({ 'GET /api/agent/transactions': page() });
    renderApp('/agentHome?tab=agentDownlineTransactionDetailsCopy');
    const table = await screen.findByTestId('transactions-table', {}, LOAD);
    const details = within(table).getAllByTestId('transaction-detail').map((cell) => cell.textContent);
    expect(details).toEqual(['Ajuste', 'Tigre da Fortuna · rodada r-1', 'Salário diário do período iniciado em 01/03/2025, 00:00:00']);
    // 02:30 UTC is 23:30 the day before in São Paulo (UTC−3).
    expect(within(table).getAllByTestId('transaction-row')[0]?.textContent).toContain('28/02/2025, 23:30:00');
    expect(calls.find((call) => call.path === '/api/agent/transactions')?.query.get('language')).toBe('pt');
  });
});
