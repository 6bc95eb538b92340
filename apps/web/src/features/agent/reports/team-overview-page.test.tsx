import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiCall } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { figuresFixture, overviewFixture, stubAgentApi } from './agent-test-fixtures.ts';

const LOAD = { timeout: 5000 };

describe('team overview', () => {
  it('shows the figures of today, and asks again when the period changes', async () => {
    const calls = stubAgentApi({
      'GET /api/agent/overview': (call: ApiCall) =>
        call.query.get('period') === 'thisMonth'
          ? overviewFixture({ period: { from: '2025-03-01', to: '2025-03-31', timeZone: 'America/Sao_Paulo' }, teamSize: 30, figures: figuresFixture({ stake: '12345.60', profitLoss: '250.00' }) })
          : overviewFixture(),
    });
    renderApp('/agentHome');
    const teamSize = await screen.findByTestId('overview-teamSize-value', {}, LOAD);
    expect(teamSize.textContent).toBe('12');
    expect(screen.getByTestId('overview-directCount-value').textContent).toBe('3');
    expect(screen.getByTestId('overview-figures-stake-value').textContent).toBe('R$\u00a0900,00');
    expect(screen.getByTestId('overview-figures-profitLoss-value').textContent).toBe('\u2212R$\u00a0150,00');
    expect(screen.getByTestId('overview-figures-bets-value').textContent).toBe('42');
    // The active members' threshold is stated with them.
    expect(screen.getByTestId('overview-activeMembers').textContent).toContain('R$\u00a0100,00');
    expect(screen.getByTestId('period-label').textContent).toBe('01/03/2025');
    expect(screen.getByTestId('overview-as-of').textContent).toContain('01/03/2025');
    expect(calls.filter((call) => call.path === '/api/agent/overview').map((call) => call.query.get('period'))).toEqual(['today']);

    fireEvent.click(screen.getByTestId('period-thisMonth'));
    await waitFor(() => expect(screen.getByTestId('overview-teamSize-value').textContent).toBe('30'));
    expect(screen.getByTestId('overview-figures-stake-value').textContent).toBe('R$\u00a012.345,60');
    expect(screen.getByTestId('overview-figures-profitLoss-value').textContent).toBe('+R$\u00a0250,00');
    expect(screen.getByTestId('period-label').textContent).toBe('01/03/2025 a 31/03/2025');
    expect(calls.filter((call) => call.path === '/api/agent/overview').map((call) => call.query.get('period'))).toEqual(['today', 'thisMonth']);
  });

  it('sends a custom period with its days, and refuses one that ends before it starts', async () => {
    const calls = stubAgentApi({ 'GET /api/agent/overview': overviewFixture() });
    renderApp('/agentHome?tab=agentTeamOverview');
    await screen.findByTestId('overview-teamSize-value', {}, LOAD);
    fireEvent.click(screen.getByTestId('period-custom'));
    fireEvent.change(screen.getByTestId('period-from'), { target: { value: '2025-02-01' } });
    fireEvent.change(screen.getByTestId('period-to'), { target: { value: '2025-02-10' } });
    await waitFor(() => expect(calls.some((call) => call.query.get('period') === 'custom' && call.query.get('from') === '2025-02-01' && call.query.get('to') === '2025-02-10')).toBe(true));

    const before = calls.length;
    fireEvent.change(screen.getByTestId('period-from'), { target: { value: '2025-02-20' } });
    expect(screen.getByTestId('period-error').textContent).toBe('Escolha um período válido de até 366 dias.');
    expect(screen.queryByTestId('overview-results')).toBeNull();
    expect(calls.length).toBe(before);

    // Longer than the old 93 days is asked for (issue 20); 367 days is not.
    fireEvent.change(screen.getByTestId('period-from'), { target: { value: '2024-02-11' } });
    await waitFor(() => expect(calls.some((call) => call.query.get('from') === '2024-02-11' && call.query.get('to') === '2025-02-10')).toBe(true));
    const afterYear = calls.length;
    fireEvent.change(screen.getByTestId('period-from'), { target: { value: '2024-02-09' } });
    expect(screen.getByTestId('period-error')).toBeTruthy();
    expect(calls.length).toBe(afterYear);
  });

  it('says why the figures could not load, with a retry', async () => {
    stubAgentApi({ 'GET /api/agent/overview': (_call: unknown, index: number) => (index === 0 ? new Response(JSON.stringify({ error: { code: 'auth.agent_only', message: 'x' } }), { status: 403 }) : overviewFixture()) });
    renderApp('/agentHome');
    const failed = await screen.findByTestId('wallet-load-failed', {}, LOAD);
    expect(failed.textContent).toContain('Apenas agentes podem fazer login');
    fireEvent.click(within(failed).getByRole('button'));
    expect((await screen.findByTestId('overview-teamSize-value')).textContent).toBe('12');
  });
});
