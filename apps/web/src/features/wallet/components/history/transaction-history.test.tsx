import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type ApiCall } from '../../../../test/fake-api.ts';
import { memberFixture } from '../../../../test/fixtures.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { transactionFixture, transactionPageFixture } from '../../../../test/wallet-fixtures.ts';

const historyCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/wallet/transactions').map((call) => Object.fromEntries(call.query));

function openHistory(answer: unknown = transactionPageFixture()) {
  sessionStorage.setItem('token', 'tok-1');
  const calls = stubApi({ 'GET /api/member/info': memberFixture(), 'GET /api/wallet/transactions': answer });
  renderApp('/member?tab=transactionHistory');
  return calls;
}

describe('account record', () => {
  beforeEach(() => {
    // 01:30 UTC on 2 March: still 1 March in São Paulo, the operator zone of the boot fixture.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-02T01:30:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('asks for the last 7 days of the operator zone, 20 a page, all types, and lists the lines', async () => {
    const calls = openHistory();
    const row = await screen.findByTestId('history-row');
    expect(historyCalls(calls)[0]).toEqual({ from: '2025-02-23', to: '2025-03-01', pageNo: '1', pageSize: '20' });
    expect(row.textContent).toContain('Ajuste');
    expect(row.textContent).toContain('+R$\u00a0100,00');
    // 15:04:05 UTC is 12:04:05 in São Paulo.
    expect(row.textContent).toContain('01/03/2025, 12:04:05');
    expect(row.querySelector('.amount--credit')).toBeTruthy();
  });

  it('builds the query from the type and period filters, back to page 1 on each change', async () => {
    const calls = openHistory((call: ApiCall) =>
      transactionPageFixture(call.query.get('type') === 'bet' ? [] : [transactionFixture({ amount: '-5.00', type: 'adjustment' })], {
        pageNum: Number(call.query.get('pageNo')),
        total: 45,
        totalPages: 3,
      }),
    );
    await screen.findByTestId('history-row');
    expect(screen.getByTestId('history-row').querySelector('.amount--debit')?.textContent).toBe('\u2212R$\u00a05,00');
    fireEvent.click(screen.getByTestId('history-next'));
    await waitFor(() => expect(historyCalls(calls).at(-1)?.pageNo).toBe('2'));

    fireEvent.change(screen.getByTestId('history-type-filter'), { target: { value: 'bet' } });
    await waitFor(() => expect(historyCalls(calls).at(-1)).toMatchObject({ type: 'bet', pageNo: '1' }));
    expect(await screen.findByTestId('history-empty')).toBeTruthy();

    fireEvent.click(screen.getByTestId('range-yesterday'));
    await waitFor(() => expect(historyCalls(calls).at(-1)).toEqual({ type: 'bet', from: '2025-02-28', to: '2025-02-28', pageNo: '1', pageSize: '20' }));

    fireEvent.change(screen.getByTestId('history-type-filter'), { target: { value: 'all' } });
    fireEvent.click(screen.getByTestId('range-custom'));
    fireEvent.change(screen.getByTestId('range-from'), { target: { value: '2025-01-10' } });
    await waitFor(() => expect(historyCalls(calls).at(-1)).toEqual({ from: '2025-01-10', to: '2025-02-28', pageNo: '1', pageSize: '20' }));
  });

  it('refuses a period that ends before it starts without asking the server', async () => {
    const calls = openHistory();
    await screen.findByTestId('history-row');
    const before = historyCalls(calls).length;
    fireEvent.click(screen.getByTestId('range-custom'));
    fireEvent.change(screen.getByTestId('range-to'), { target: { value: '2025-01-01' } });
    expect((await screen.findByTestId('range-error')).textContent).toBe('Período inválido: escolha no máximo 93 dias, com a data inicial antes da final');
    expect(screen.queryByTestId('history-row')).toBeNull();
    expect(historyCalls(calls)).toHaveLength(before);
  });

  it('shows a translated error with a retry', async () => {
    sessionStorage.setItem('token', 'tok-1');
    let attempts = 0;
    stubApi({
      'GET /api/member/info': memberFixture(),
      'GET /api/wallet/transactions': () => {
        attempts += 1;
        return attempts === 1
          ? new Response(JSON.stringify({ error: { code: 'auth.trial_refused', message: 'x' } }), { status: 403 })
          : transactionPageFixture();
      },
    });
    renderApp('/member?tab=transactionHistory');
    expect((await screen.findByTestId('wallet-load-failed')).textContent).toContain('Registre uma conta primeiro');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('history-row')).toBeTruthy();
  });
});
