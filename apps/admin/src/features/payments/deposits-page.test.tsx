import { renderPages, stubOperatorApi } from '../../test/render.tsx';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OperatorDeposit } from '@app/contracts';
import DepositsPage from './deposits-page.tsx';

const deposit = (id: string, overrides: Partial<OperatorDeposit> = {}): OperatorDeposit => ({
  id,
  member: 'ana',
  amount: '10.00',
  status: 'held',
  txid: `tx${id}`,
  createdAt: '2026-11-28T12:00:00.000Z',
  paidAt: '2026-11-28T12:01:00.000Z',
  paidLate: false,
  payerCpfMatches: null,
  paidAmount: '5000.00',
  holdReason: 'amount_mismatch',
  creditedAt: null,
  ...overrides,
});

describe('deposits page', () => {
  it('shows why a deposit is held, and a credit of a mismatched payment names the amount that arrived', async () => {
    stubOperatorApi('finance', () => ({
      body: { total: 2, content: [deposit('7'), deposit('8', { amount: '30.00', paidAmount: '30.00', payerCpfMatches: false, holdReason: 'other_payer' })] },
    }));
    renderPages('/payments/deposits', [{ path: '/payments/deposits', element: <DepositsPage /> }]);
    const table = await screen.findByTestId('deposits');
    const mismatch = within(table).getByText(/Paid amount differs/);
    expect(mismatch.textContent).toMatch(/R\$\s?5,000\.00/);
    expect(within(table).getByText('Other CPF')).toBeTruthy();

    fireEvent.click(screen.getByTestId('credit-7'));
    expect(await screen.findByText(/^Credit R\$\s?5,000\.00 paid to ana \(the charge was R\$\s?10\.00\)$/)).toBeTruthy();
  });
});
