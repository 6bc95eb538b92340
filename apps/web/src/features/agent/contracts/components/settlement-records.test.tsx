import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, type ApiCall } from '../../../../test/fake-api.ts';
import { memberFixture } from '../../../../test/fixtures.ts';
import { ContractKindPage } from '../routes/contract-kind-page.tsx';
import { flagsFixture, overviewFixture, settlementLineFixture, settlementPageFixture } from '../test/fixtures.ts';
import { renderAgentPage } from '../test/render-agent-page.tsx';

const settlementQueries = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/agent/settlements').map((call) => Object.fromEntries(call.query));

describe('settlement records', () => {
  it('shows each line with its status, the totals, and what "insufficient" means', async () => {
    const lines = [
      settlementLineFixture({ id: 'l-1', status: 'paid' }),
      settlementLineFixture({ id: 'l-2', status: 'insufficient', payer: 'agenta', paidBy: 'agent' }),
      settlementLineFixture({ id: 'l-3', status: 'calculated' }),
      settlementLineFixture({ id: 'l-4', kind: 'dividend', status: 'not_qualified', base: '0.00', amount: '0.00', outcome: 'team_won' }),
    ];
    const calls = stubApi({
      'GET /api/member/info': memberFixture({ account: 'agentb', type: 1 }),
      'GET /api/agent/contracts/flags': flagsFixture(),
      'GET /api/agent/contracts': overviewFixture(),
      'GET /api/agent/settlements': settlementPageFixture(lines, { totals: { amount: '18.00' } }),
    });
    renderAgentPage(<ContractKindPage kind="daily" />);
    fireEvent.click(await screen.findByTestId('contract-tab-records'));

    const table = await screen.findByTestId('settlement-table');
    const rows = within(table).getAllByTestId('settlement-line');
    expect(rows.map((row) => within(row).getByTestId('line-status').textContent)).toEqual(['Pago', 'Saldo insuficiente', 'Calculado', 'Não qualificado']);
    // The platform pays a top agent; an upline pays the others.
    expect(rows.map((row) => within(row).getByTestId('line-payer').textContent)).toEqual(['Plataforma', 'agenta', 'Plataforma', 'Plataforma']);
    // A dividend of a team that won says so, not "no tier reached".
    expect(within(rows[3] as HTMLElement).getByTestId('line-outcome').textContent).toBe('A equipe ganhou no período: sem base para dividendo.');
    expect(within(rows[0] as HTMLElement).getByText('01/06/2025')).toBeTruthy();
    expect(screen.getByTestId('records-total').textContent).toBe('R$\u00a018,00');
    expect(screen.getByTestId('records-legend').textContent).toContain('O saldo de quem paga não cobriu o valor; o pagamento é tentado de novo automaticamente');
    expect(settlementQueries(calls)[0]).toEqual({ period: 'thisMonth', kind: 'daily', side: 'received', pageNo: '1' });

    fireEvent.click(screen.getByTestId('records-paid'));
    await waitFor(() => expect(settlementQueries(calls).at(-1)).toMatchObject({ side: 'paid' }));
    fireEvent.click(screen.getByTestId('period-yesterday'));
    await waitFor(() => expect(settlementQueries(calls).at(-1)).toEqual({ period: 'yesterday', kind: 'daily', side: 'paid', pageNo: '1' }));
  });

  it('says that real-time salary settles every 5 minutes and dividends pay on net loss', async () => {
    stubApi({
      'GET /api/member/info': memberFixture({ account: 'agentb', type: 1 }),
      'GET /api/agent/contracts/flags': flagsFixture(),
      'GET /api/agent/contracts': overviewFixture(),
    });
    const view = renderAgentPage(<ContractKindPage kind="realtime" />);
    expect((await screen.findByTestId('contract-intro')).textContent).toContain('a cada 5 minutos');
    view.unmount();
    renderAgentPage(<ContractKindPage kind="dividend" />);
    expect((await screen.findByTestId('contract-intro')).textContent).toContain('perda líquida da sua equipe');
  });
});
