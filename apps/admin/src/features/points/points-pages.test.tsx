import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminRedemption, PointsConfig } from '@app/contracts';
import { renderPages, stubOperatorApi } from '../../test/render.tsx';
import PointsMallPage from './points-mall-page.tsx';
import RedemptionsPage from './redemptions-page.tsx';

const redemption = (overrides: Partial<AdminRedemption>): AdminRedemption => ({
  id: '1',
  reference: 'PM261129000001',
  createdAt: '2026-11-29T12:00:00.000Z',
  kind: 'cash',
  name: 'Dinheiro R$ 5',
  quantity: 1,
  points: '50',
  value: '5.00',
  status: 'in_process',
  reason: null,
  decidedAt: null,
  memberId: '9',
  account: 'ana',
  itemId: '3',
  decidedBy: null,
  ...overrides,
});

const config: PointsConfig = { rates: [{ source: 'deposit', pointsPerReal: '1' }, { source: 'slots', pointsPerReal: '0.5' }], convert: { convertPoints: '100', convertAmount: '1.00', minPoints: '100', enabled: true } };

describe('points console', () => {
  it('approves a cash redemption and rejects another with a reason', async () => {
    const calls = stubOperatorApi('owner', (call) =>
      call.method === 'POST' ? { body: redemption({ id: call.url.includes('/2/') ? '2' : '1', status: call.url.includes('/2/') ? 'rejected' : 'approved', decidedAt: '2026-11-29T13:00:00.000Z' }) } : { body: { list: [redemption({}), redemption({ id: '2', reference: 'PM261129000002', kind: 'physical', name: 'Camiseta', value: '0.00', points: '30' })] } },
    );
    renderPages('/', [{ path: '/', element: <RedemptionsPage /> }]);
    fireEvent.click(await screen.findByTestId('redemption-approve-1'));
    const approve = await screen.findByTestId('redemption-approve-dialog');
    expect(approve.textContent).toContain('Pay R$');
    fireEvent.click(within(approve).getByTestId('redemption-approve-confirm'));
    await screen.findByTestId('redemption-reject-2');
    fireEvent.click(screen.getByTestId('redemption-reject-2'));
    const reject = await screen.findByTestId('redemption-reject-dialog');
    expect(reject.textContent).toContain('30 points go back to ana.');
    const confirm = within(reject).getByTestId('redemption-reject-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(reject).getByTestId('redemption-reject-reason'), { target: { value: 'Sem estoque' } });
    fireEvent.click(confirm);
    await screen.findByTestId('redemptions');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.url, call.body])).toEqual([
      ['/api/backoffice/points/redemptions/1/decision', { decision: 'approve' }],
      ['/api/backoffice/points/redemptions/2/decision', { decision: 'reject', reason: 'Sem estoque' }],
    ]);
  });

  it('saves the exchange-rate table with a decimal comma as a point', async () => {
    const calls = stubOperatorApi('owner', (call) => (call.url.includes('/items') ? { body: { items: [] } } : { body: config }));
    renderPages('/', [{ path: '/', element: <PointsMallPage /> }]);
    fireEvent.change(await screen.findByTestId('points-rate-slots'), { target: { value: '0,75' } });
    fireEvent.click(screen.getByTestId('points-config-save'));
    await screen.findByTestId('points-config-saved');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ rates: [{ source: 'deposit', pointsPerReal: '1' }, { source: 'slots', pointsPerReal: '0.75' }], convert: config.convert });
  });
});
