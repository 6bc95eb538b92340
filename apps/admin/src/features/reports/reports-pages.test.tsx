import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { Dashboard, GgrReport } from '@app/contracts';
import { createI18n } from '../../shared/i18n.ts';
import { DashboardPage } from '../dashboard/index.ts';
import GgrPage from './ggr-page.tsx';

function renderPage(page: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={createI18n('en')}>{page}</I18nextProvider>
    </QueryClientProvider>,
  );
}

function mockFetch(answers: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      calls.push(input);
      const path = input.split('?')[0]!;
      if (!(path in answers)) return new Response(JSON.stringify({ error: { code: 'route.not_found', message: 'no' } }), { status: 404 });
      const answer = answers[path];
      if (typeof answer === 'string') return new Response(answer, { status: 200, headers: { 'content-type': 'text/csv' } });
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const board: Dashboard = {
  day: '2026-11-26',
  timeZone: 'America/Sao_Paulo',
  generatedAt: '2026-11-26T15:00:00.000Z',
  registrations: 12,
  activePlayers: { total: 30, bettors: 20, loggedIn: 25 },
  deposits: { count: 4, sum: '1500.00' },
  withdrawalsPending: { count: 2, sum: '350.00', reviewing: 1, oldestWaitingMinutes: 42 },
  play: { rounds: 900, bets: '9000.00', wins: '8700.00', ggr: '300.00' },
  products: [
    { productType: 'RNG', rounds: 800, bets: '8000.00', wins: '7600.00', ggr: '400.00' },
    { productType: 'CRASH', rounds: 100, bets: '1000.00', wins: '1100.00', ggr: '-100.00' },
  ],
  ledgerCheck: { status: 'problems', finishedAt: '2026-11-26T14:17:00.000Z', journals: 1000, entries: 2000, problems: 1 },
  system: { maintenance: true, regionRules: false, workerSeenAt: null, workerAlive: false, reportsRolledUntil: '2026-11-26T14:00:00.000Z' },
};

describe('dashboard page', () => {
  it("shows today's tiles, bets per product and the ledger and system state", async () => {
    mockFetch({ '/api/backoffice/dashboard': board });
    renderPage(<DashboardPage />);
    expect(await screen.findByTestId('tile-registrations-value')).toHaveProperty('textContent', '12');
    expect(screen.getByTestId('tile-active').textContent).toContain('20 bet · 25 logged in');
    expect(screen.getByTestId('tile-deposits-value').textContent).toBe('R$1,500.00');
    // 42 minutes is past the 30-minute service level: the tile turns red.
    expect(screen.getByTestId('tile-withdrawals-value').className).toContain('bo-tile__value--bad');
    expect(screen.getByTestId('tile-withdrawals').textContent).toContain('Oldest waiting 42 min');
    const products = within(screen.getByTestId('products'));
    expect(products.getByText('Slots')).toBeTruthy();
    expect(products.getByText('Crash and mini games')).toBeTruthy();
    expect(screen.getByTestId('ledger-status').textContent).toBe('Problems found');
    expect(screen.getByTestId('system-maintenance').textContent).toBe('On');
    expect(screen.getByTestId('system-worker').textContent).toBe('Never ran');
  });

  it('shows a server refusal translated', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'backoffice.forbidden', message: 'no' } }), { status: 403 })));
    renderPage(<DashboardPage />);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});

const report: GgrReport = {
  from: '2026-10-28',
  to: '2026-11-26',
  timeZone: 'America/Sao_Paulo',
  groupBy: 'day',
  rows: [
    { key: '2026-11-25', label: null, rounds: 1, bets: '40.00', wins: '0.00', ggr: '40.00', bonuses: '0.00', adjustments: '0.00', ngr: '40.00' },
    { key: '2026-11-26', label: null, rounds: 4, bets: '180.00', wins: '80.00', ggr: '100.00', bonuses: '15.00', adjustments: '15.00', ngr: '70.00' },
  ],
  totals: { rounds: 5, bets: '220.00', wins: '80.00', ggr: '140.00', bonuses: '15.00', adjustments: '15.00', ngr: '110.00' },
};

describe('GGR report page', () => {
  it('asks for the last 30 site days, shows figures and rows with a total, and downloads the CSV', async () => {
    const calls = mockFetch({ '/api/system/boot': { timeZone: 'America/Sao_Paulo' }, '/api/backoffice/reports/ggr': report, '/api/backoffice/reports/ggr.csv': 'day\r\n' });
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage(<GgrPage />);
    const table = await screen.findByTestId('ggr-rows');
    expect(calls.find((call) => call.startsWith('/api/backoffice/reports/ggr?'))).toMatch(/groupBy=day/);
    expect(within(table).getByTestId('ggr-rows-row-__total').textContent).toContain('R$110.00');
    expect(screen.getByTestId('ggr-total-ngr').textContent).toContain('R$110.00');
    expect(screen.getByTestId('ggr-total-given').textContent).toContain('R$30.00');
    fireEvent.click(screen.getByTestId('ggr-csv'));
    await waitFor(() => expect(calls.some((call) => call.startsWith('/api/backoffice/reports/ggr.csv?'))).toBe(true));
  });

  it('refuses a reversed range before asking the server', async () => {
    const calls = mockFetch({ '/api/system/boot': { timeZone: 'America/Sao_Paulo' }, '/api/backoffice/reports/ggr': report });
    renderPage(<GgrPage />);
    await screen.findByTestId('ggr-rows');
    const asked = calls.length;
    fireEvent.change(screen.getByTestId('report-from'), { target: { value: '2026-12-31' } });
    expect(await screen.findByTestId('report-range-invalid')).toBeTruthy();
    expect(calls.length).toBe(asked);
    expect(screen.getByTestId('ggr-csv')).toHaveProperty('disabled', true);
  });
});
