import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPages, stubOperatorApi } from '../../test/render.tsx';
import WithdrawalsPage from './withdrawals-page.tsx';

const listed = (calls: { url: string }[]) => calls.map((call) => call.url).filter((url) => url.startsWith('/api/backoffice/payments/withdrawals'));

describe('payment filters', () => {
  it('starts on the waiting withdrawals, and asks again for the status and account chosen, from the first page', async () => {
    const calls = stubOperatorApi('finance', () => ({ body: { total: 0, content: [] } }));
    renderPages('/payments/withdrawals', [{ path: '/payments/withdrawals', element: <WithdrawalsPage /> }]);
    await waitFor(() => expect(listed(calls)).toContain('/api/backoffice/payments/withdrawals?status=reviewing&pageNo=1&pageSize=20'));

    fireEvent.change(await screen.findByTestId('withdrawals-status'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('withdrawals-member'), { target: { value: ' Ana ' } });
    await waitFor(() => expect(listed(calls).at(-1)).toBe('/api/backoffice/payments/withdrawals?member=ana&pageNo=1&pageSize=20'));
  });
});
