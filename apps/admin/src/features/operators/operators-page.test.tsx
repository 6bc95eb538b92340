import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPages, stubOperatorApi } from '../../test/render.tsx';
import OperatorsPage from './operators-page.tsx';

const row = (id: string, username: string, role: string, status: 'active' | 'locked' = 'active') => ({ id, username, displayName: username, role, status, twoFactorEnabled: true, createdAt: '2026-01-02T03:04:05.000Z' });

/** The owner is operator 1 ('dona'); the list has her, another owner and a support operator. */
function serve(answer: (method: string, url: string, body: unknown) => { status?: number; body: unknown } | undefined = () => undefined) {
  let support = row('3', 'suporte1', 'support');
  return stubOperatorApi(
    'owner',
    (call) => {
      const answered = answer(call.method, call.url, call.body);
      if (answered) return answered;
      if (call.url === '/api/backoffice/operators/3/status') {
        support = { ...support, status: (call.body as { status: 'active' | 'locked' }).status };
        return { body: { operator: support, changed: true, sessionsEnded: 1 } };
      }
      return { body: { operators: [row('1', 'dona', 'owner'), row('2', 'socio', 'owner'), support] } };
    },
    { id: '1', username: 'dona' },
  );
}

const renderPage = () => renderPages('/operators', [{ path: '/operators', element: <OperatorsPage /> }], 'pt');

describe('operators page', () => {
  it('offers no disable or reset on the own row, and disables another operator after a confirmation', async () => {
    const calls = serve();
    renderPage();
    const own = await screen.findByTestId('operator-actions-dona');
    expect(within(own).queryByTestId('operator-status')).toBeNull();
    expect(within(own).queryByTestId('operator-reset')).toBeNull();
    expect(within(own).getByTestId('operator-role')).toBeTruthy();

    fireEvent.click(within(screen.getByTestId('operator-actions-suporte1')).getByTestId('operator-status'));
    const dialog = await screen.findByTestId('operator-status-dialog');
    expect(dialog.textContent).toContain('sai na hora de todas as sessões');
    fireEvent.click(within(dialog).getByTestId('operator-status-confirm'));
    await waitFor(() => expect(screen.queryByTestId('operator-status-dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ url: '/api/backoffice/operators/3/status', body: { status: 'locked' } });
    await waitFor(() => expect(within(screen.getByTestId('operator-actions-suporte1')).getByTestId('operator-status').textContent).toBe('Reativar'));
    expect(within(screen.getByTestId('operator-actions-suporte1')).queryByTestId('operator-reset')).toBeNull();
  });

  it('tells the last-owner refusal in Portuguese and keeps the dialog open', async () => {
    serve((method, url) => (method === 'PUT' && url === '/api/backoffice/operators/1/role' ? { status: 409, body: { error: { code: 'backoffice.last_owner', message: 'last owner' } } } : undefined));
    renderPage();
    fireEvent.click(within(await screen.findByTestId('operator-actions-dona')).getByTestId('operator-role'));
    const dialog = await screen.findByTestId('operator-role-dialog');
    const save = within(dialog).getByTestId('operator-role-confirm') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('combobox'), { target: { value: 'finance' } });
    fireEvent.click(save);
    expect((await within(dialog).findByTestId('operator-role-error')).textContent).toContain('último proprietário ativo');
  });

  it('shows the one-time reset link once, built on this console', async () => {
    const calls = serve((method, url) => (method === 'POST' && url === '/api/backoffice/operators/2/credential-reset' ? { status: 201, body: { token: 'T'.repeat(43), expiresAt: '2026-01-03T03:04:05.000Z' } } : undefined));
    renderPage();
    fireEvent.click(within(await screen.findByTestId('operator-actions-socio')).getByTestId('operator-reset'));
    fireEvent.click(within(await screen.findByTestId('operator-reset-dialog')).getByTestId('operator-reset-confirm'));
    expect((await screen.findByTestId('operator-reset-link')).textContent).toBe(`${window.location.origin}/admin/reset#${'T'.repeat(43)}`);
    fireEvent.click(screen.getByTestId('operator-reset-done'));
    await waitFor(() => expect(screen.queryByTestId('operator-reset-result')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});
