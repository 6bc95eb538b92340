import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bootFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { ALL_FLAGS_OFF, overviewFixture, stubAgentApi } from '../reports/agent-test-fixtures.ts';

const LOAD = { timeout: 5000 };

describe('agent centre menu', () => {
  it('lists only the contract pages the operator runs', async () => {
    stubAgentApi({ 'GET /api/agent/contracts/flags': { ...ALL_FLAGS_OFF, divtypereq: true, realtimesalreqtype: true }, 'GET /api/agent/overview': overviewFixture() });
    renderApp('/agentHome');
    const menu = await screen.findByTestId('agent-menu', {}, LOAD);
    await waitFor(() => expect(within(menu).queryByTestId('agent-menu-agentDividendRecordCopy2')).not.toBeNull());
    expect(within(menu).getByTestId('agent-menu-agentRealtimeSalary')).toBeTruthy();
    expect(within(menu).queryByTestId('agent-menu-agentDailyWages2')).toBeNull();
    expect(within(menu).queryByTestId('agent-menu-agentHourSalary')).toBeNull();
    // The reports are always there, the overview selected by default.
    expect(within(menu).getByTestId('agent-menu-agentTeamOverview').getAttribute('aria-current')).toBe('page');
    expect(within(menu).getByTestId('agent-menu-agentRevenueReport')).toBeTruthy();
    // Deposit and withdraw are the member's own pages.
    expect(within(menu).getByTestId('agent-menu-deposit').getAttribute('href')).toBe('/member?tab=depositv2');
    expect(within(menu).getByTestId('agent-menu-withdraw').getAttribute('href')).toBe('/member?tab=withdraw');
    // Spec §2: bonus and platform messages are the member centre's pages; with no customer-service
    // contact configured, customer service opens the help centre.
    expect(within(menu).getByTestId('agent-menu-bonus').getAttribute('href')).toBe('/member?tab=bonusDetails');
    expect(within(menu).getByTestId('agent-menu-messages').getAttribute('href')).toBe('/member?tab=messageV2');
    expect(within(menu).getByTestId('agent-menu-customer-service').getAttribute('href')).toBe('/help');
    expect(within(menu).getByTestId('agent-menu-agentTransfers').textContent).toBe('Transferências');
    // In the spec's order: … account details, (transfers,) bonus, the salary pages, messages, customer service.
    const order = within(menu).getAllByRole('link').map((link) => link.getAttribute('data-testid'));
    expect(order.slice(-7)).toEqual([
      'agent-menu-agentDownlineTransactionDetailsCopy',
      'agent-menu-agentTransfers',
      'agent-menu-bonus',
      'agent-menu-agentDividendRecordCopy2',
      'agent-menu-agentRealtimeSalary',
      'agent-menu-messages',
      'agent-menu-customer-service',
    ]);
  });

  it('shows the overview instead of a contract page whose kind is switched off', async () => {
    stubAgentApi({ 'GET /api/agent/overview': overviewFixture() });
    renderApp('/agentHome?tab=agentDailyWages2');
    expect(await screen.findByTestId('team-overview', {}, LOAD)).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Visão geral da equipe');
    expect(screen.queryByTestId('agent-menu-agentDailyWages2')).toBeNull();
  });

  it('opens an enabled contract page, and links customer service when configured', async () => {
    stubAgentApi({ 'GET /api/agent/contracts/flags': { ...ALL_FLAGS_OFF, dailysalreqtype: true } });
    renderApp('/agentHome?tab=agentDailyWages2', bootFixture({ customerService: [{ type: 'WHATSAPP', url: 'https://wa.me/5511900000000' }] }));
    // The page itself is the contracts feature's; here only that it is the one shown.
    const entry = await screen.findByTestId('agent-menu-agentDailyWages2', {}, LOAD);
    expect(entry.getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('page-title').textContent).toBe('Salário diário');
    expect(screen.queryByTestId('team-overview')).toBeNull();
    expect(screen.getByTestId('agent-menu-customer-service').getAttribute('href')).toBe('https://wa.me/5511900000000');
  });
});
