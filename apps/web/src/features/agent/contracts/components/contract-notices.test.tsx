import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../../test/fake-api.ts';
import { memberFixture } from '../../../../test/fixtures.ts';
import { ContractKindPage } from '../routes/contract-kind-page.tsx';
import { flagsFixture, overviewFixture, settlementLineFixture, settlementPageFixture } from '../test/fixtures.ts';
import { renderAgentPage } from '../test/render-agent-page.tsx';

describe('who pays (issue 20)', () => {
  it('shows the notices about contracts changed without the agent, and marks them read', async () => {
    let read = false;
    const calls = stubApi({
      'GET /api/member/info': memberFixture({ account: 'agenta', type: 1 }),
      'GET /api/agent/contracts/flags': flagsFixture(),
      'GET /api/agent/contracts': overviewFixture(),
      'GET /api/agent/contracts/notices': () => ({
        unread: read ? 0 : 1,
        notices: [{ id: 'n-1', kind: 'grant_replaced_offer', contractKind: 'daily', upline: null, downline: 'agentb', downlines: [], createdAt: '2025-06-03T15:00:00.000Z', read }],
      }),
      'POST /api/agent/contracts/notices/read': () => {
        read = true;
        return { marked: 1 };
      },
    });
    renderAgentPage(<ContractKindPage kind="daily" />);
    const card = await screen.findByTestId('contract-notices');
    expect(within(card).getByTestId('contract-notice').textContent).toContain(
      'O operador concedeu a agentb um novo contrato (Salário diário) no lugar do que você ofereceu. A partir de então a plataforma paga esse contrato',
    );
    expect(within(card).getByTestId('notices-unread').textContent).toBe('1 aviso não lido');
    fireEvent.click(within(card).getByTestId('notices-mark-read'));
    await waitFor(() => expect(screen.queryByTestId('notices-unread')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ kind: 'daily' });
  });

  it('names the payer on the lines the agent paid: itself, with the agent paid beside it', async () => {
    stubApi({
      'GET /api/member/info': memberFixture({ account: 'agenta', type: 1 }),
      'GET /api/agent/contracts/flags': flagsFixture(),
      'GET /api/agent/contracts': overviewFixture(),
      'GET /api/agent/settlements': (call: { query: URLSearchParams }) =>
        settlementPageFixture(call.query.get('side') === 'paid' ? [settlementLineFixture({ agent: 'agentb', payer: 'agenta', paidBy: 'agent' })] : []),
    });
    renderAgentPage(<ContractKindPage kind="daily" />);
    fireEvent.click(await screen.findByTestId('contract-tab-records'));
    fireEvent.click(await screen.findByTestId('records-paid'));
    const row = await screen.findByTestId('settlement-line');
    expect(within(row).getByTestId('line-agent').textContent).toBe('agentb');
    expect(within(row).getByTestId('line-payer').textContent).toBe('Você');
    expect(screen.getByTestId('records-payer-hint').textContent).toContain('Quem paga cada contrato é quem o deu');
  });
});
