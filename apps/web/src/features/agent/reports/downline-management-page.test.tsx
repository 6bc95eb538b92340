import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DownlinePage } from '@app/contracts';
import { apiError, type ApiCall } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { downlineFixture, figuresFixture, stubAgentApi } from './agent-test-fixtures.ts';

const LOAD = { timeout: 5000 };

function page(content = [downlineFixture(), downlineFixture({ account: 'caio', nickname: 'caio', level: 2, upline: 'ana01', grantableTypes: [] })]): DownlinePage {
  return { content, pageNum: 1, total: content.length, totalPages: 1 };
}

describe('team management', () => {
  it('searches, filters direct downlines, and opens a summary whose type can be changed', async () => {
    let type = 0;
    const calls = stubAgentApi({
      'GET /api/agent/downlines': (call: ApiCall) => (call.query.get('search') === 'zzz' ? page([]) : page()),
      'GET /api/agent/downlines/ana01': (call: ApiCall) => ({
        downline: downlineFixture({ type }),
        period: { from: '2025-03-01', to: '2025-03-01', timeZone: 'America/Sao_Paulo' },
        balance: '77.10',
        own: figuresFixture({ stake: call.query.get('period') === 'yesterday' ? '9.00' : '3.00' }),
        team: figuresFixture(),
      }),
      'PUT /api/agent/downlines/ana01/type': (call: ApiCall) => {
        type = (call.body as { type: number }).type;
        return { downline: downlineFixture({ type }) };
      },
    });
    renderApp('/agentHome?tab=downlineManagmentView');
    const table = await screen.findByTestId('downline-table', {}, LOAD);
    expect(within(table).getAllByTestId('downline-row')).toHaveLength(2);
    expect(screen.getByTestId('downline-pager-total').textContent).toBe('2 membros');

    fireEvent.change(screen.getByTestId('downline-search'), { target: { value: 'zzz' } });
    fireEvent.click(screen.getByTestId('downline-search-submit'));
    expect(await screen.findByTestId('downlines-empty')).toBeTruthy();
    fireEvent.change(screen.getByTestId('downline-search'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('downline-search-submit'));
    fireEvent.click(screen.getByTestId('downline-direct-only'));
    await waitFor(() => expect(calls.at(-1)?.query.get('directOnly')).toBe('true'));

    fireEvent.click((await screen.findAllByTestId('downline-open'))[0]!);
    const dialog = await screen.findByTestId('downline-summary');
    expect((await within(dialog).findByTestId('summary-balance-value')).textContent).toBe('R$\u00a077,10');
    expect(within(dialog).getByTestId('summary-own-stake-value').textContent).toBe('R$\u00a03,00');
    fireEvent.click(within(dialog).getByTestId('summary-period-yesterday'));
    await waitFor(() => expect(within(dialog).getByTestId('summary-own-stake-value').textContent).toBe('R$\u00a09,00'));

    fireEvent.change(within(dialog).getByTestId('type-select'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByTestId('type-save'));
    expect((await within(dialog).findByTestId('type-done')).textContent).toBe('ana01 agora é Agente (tipo 1).');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ type: 1 }]);
    await waitFor(() => expect(within(dialog).getByTestId('summary-type').textContent).toBe('Agente (tipo 1)'));
  });

  it('shows why a type change was refused', async () => {
    stubAgentApi({
      'GET /api/agent/downlines': page([downlineFixture({ type: 1, isAgent: true, teamSize: 3 })]),
      'GET /api/agent/downlines/ana01': {
        downline: downlineFixture({ type: 1, isAgent: true, teamSize: 3 }),
        period: { from: '2025-03-01', to: '2025-03-01', timeZone: 'America/Sao_Paulo' },
        balance: '0.00',
        own: figuresFixture(),
        team: figuresFixture(),
      },
      'PUT /api/agent/downlines/ana01/type': apiError(409, 'agents.has_team'),
    });
    renderApp('/agentHome?tab=downlineManagmentView');
    fireEvent.click(await screen.findByTestId('downline-open', {}, LOAD));
    const dialog = await screen.findByTestId('downline-summary');
    fireEvent.change(within(dialog).getByTestId('type-select'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByTestId('type-save'));
    expect((await within(dialog).findByTestId('type-error')).textContent).toBe('Esta conta tem a própria equipe e deve continuar agente.');
  });
});
