import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, renderConsole } from '../../test/render.tsx';

const alerts = { alerts: [{ at: '2026-11-28T12:40:00.000Z', username: 'admin', failures: 5, lastIp: '198.51.100.7' }] };

function consoleAs(role: 'owner' | 'finance') {
  sessionStorage.setItem('backoffice.token', 'tok');
  return fakeApi((_method, path) => {
    if (path === '/api/backoffice/session') return json(200, { operator: { id: '1', username: 'boss', displayName: 'Boss', role }, mustChangePassword: false });
    if (path === '/api/backoffice/security/alerts') return json(200, alerts);
    if (path.startsWith('/api/backoffice/payments/withdrawals')) return json(200, { content: [], total: 0 });
    return json(404, { error: { code: 'route.not_found', message: 'nf' } });
  });
}

describe('security alerts', () => {
  it('shows those who read the audit log which usernames kept failing to log in', async () => {
    consoleAs('owner');
    renderConsole('/payments/withdrawals');
    const banner = await screen.findByTestId('security-alerts');
    expect(banner.textContent).toContain('admin');
    expect(banner.textContent).toContain('198.51.100.7');
    expect(screen.getAllByTestId('security-alert')).toHaveLength(1);
  });

  it('asks nothing for a role without the audit log', async () => {
    const calls = consoleAs('finance');
    renderConsole('/payments/withdrawals');
    await screen.findByTestId('withdrawals-page');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/backoffice/session')).toBe(true));
    expect(calls.some((call) => call.path === '/api/backoffice/security/alerts')).toBe(false);
    expect(screen.queryByTestId('security-alerts')).toBeNull();
  });
});
