import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../../test/fake-api.ts';
import { memberFixture } from '../../../../test/fixtures.ts';
import { contractFixture, flagsFixture, overviewFixture } from '../test/fixtures.ts';
import { renderAgentPage } from '../test/render-agent-page.tsx';
import { ContractKindPage } from './contract-kind-page.tsx';
import { RevenueReportPage } from './revenue-report-page.tsx';

const agent = memberFixture({ account: 'agentb', type: 1 });

describe('contract kind page', () => {
  it('offers nothing of a kind the operator does not run', async () => {
    const calls = stubApi({ 'GET /api/member/info': agent, 'GET /api/agent/contracts/flags': flagsFixture({ dailysalreqtype: false }) });
    renderAgentPage(<ContractKindPage kind="daily" />);
    expect((await screen.findByTestId('contract-kind-disabled')).textContent).toBe('Salário diário não é oferecido neste site.');
    expect(screen.queryByTestId('offer-form')).toBeNull();
    expect(screen.queryByTestId('settlement-records')).toBeNull();
    expect(calls.some((call) => call.path === '/api/agent/contracts' || call.path === '/api/agent/settlements')).toBe(false);
  });

  it('shows my contract, an offer to me with accept and reject, downlines, and history', async () => {
    const offer = contractFixture({ id: 'c-8', upline: 'agenta', downline: 'agentb', status: 'offered', version: 2, replaces: 'c-1', decidedAt: null });
    const pending = contractFixture({ id: 'c-9', upline: 'agentb', downline: 'agentc', status: 'offered', tiers: [{ minValidBet: '0.00', minActive: 0, rate: '0.2' }] });
    const calls = stubApi({
      'GET /api/member/info': agent,
      'GET /api/agent/contracts/flags': flagsFixture(),
      'GET /api/agent/contracts': overviewFixture({
        mine: contractFixture({ upline: 'agenta', downline: 'agentb' }),
        offersToMe: [offer],
        downlines: [{ account: 'agentc', nickname: 'Caio', active: null, pending }],
        history: [offer, contractFixture({ upline: 'agenta', downline: 'agentb' }), pending],
      }),
      'POST /api/agent/contracts/c-9/decision': { contract: { ...pending, status: 'withdrawn' } },
      'POST /api/agent/contracts/c-1/decision': { contract: contractFixture({ status: 'terminated' }) },
    });
    renderAgentPage(<ContractKindPage kind="daily" />);
    const mine = await screen.findByTestId('my-contract');
    expect(within(mine).getByTestId('my-tiers').textContent).toContain('1%');
    const offers = within(mine).getByTestId('offers-to-me');
    expect(within(offers).getByText('Ao aceitar, este contrato substitui o que está em vigor hoje.')).toBeTruthy();
    expect(within(offers).getByTestId('offer-accept')).toBeTruthy();
    expect(within(offers).getByTestId('offer-reject')).toBeTruthy();

    const row = screen.getByTestId('downline-row');
    expect(within(row).getByTestId('downline-pending').textContent).toContain('0,2%');
    expect(within(row).queryByTestId('downline-offer')).toBeNull();
    fireEvent.click(within(row).getByTestId('downline-withdraw'));
    expect((await screen.findByTestId('decision-notice')).textContent).toBe('Oferta retirada.');

    const history = screen.getByTestId('contract-history');
    expect(within(history).getAllByTestId('history-contract').map((line) => line.textContent)).toEqual([
      expect.stringContaining('De agenta'),
      expect.stringContaining('De agenta'),
      expect.stringContaining('Para agentc'),
    ]);

    // Terminating my own contract asks first.
    fireEvent.click(within(mine).getByTestId('my-terminate'));
    const confirm = await screen.findByTestId('terminate-confirm');
    expect(calls.filter((call) => call.path === '/api/agent/contracts/c-1/decision')).toHaveLength(0);
    fireEvent.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/agent/contracts/c-1/decision').map((call) => call.body)).toEqual([{ decision: 'terminate' }]));
  });

  it('the revenue report has one row per enabled kind, and the totals', async () => {
    stubApi({
      'GET /api/member/info': agent,
      'GET /api/agent/contracts/flags': flagsFixture({ contracthoursalreq: false, divtypereq: false }),
      'GET /api/agent/revenue': {
        period: { from: '2025-06-01', to: '2025-06-30', timeZone: 'America/Sao_Paulo' },
        rows: [{ kind: 'daily', received: '10.00', paidToDownlines: '4.00', net: '6.00', lines: 2 }],
        total: { received: '10.00', paidToDownlines: '4.00', net: '6.00' },
      },
    });
    renderAgentPage(<RevenueReportPage />);
    const table = await screen.findByTestId('revenue-table');
    expect(within(table).getAllByTestId('revenue-row').map((row) => row.getAttribute('data-kind'))).toEqual(['daily', 'realtime']);
    expect(within(table).getAllByTestId('revenue-net').map((cell) => cell.textContent)).toEqual(['R$\u00a06,00', 'R$\u00a00,00']);
    expect(within(table).getByTestId('revenue-total').textContent).toContain('R$\u00a010,00');
  });
});
