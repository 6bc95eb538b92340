import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '@app/contracts';
import { renderPages, stubOperatorApi } from '../../test/render.tsx';
import ApprovalsPage from './approvals-page.tsx';

const request = (overrides: Partial<ApprovalRequest>): ApprovalRequest => ({
  id: '1',
  kind: 'catalogue.vendor_wallet_mode',
  target: 'PG',
  payload: { vendor: 'PG', vendorName: 'PG Soft', from: 'seamless', to: 'transfer' },
  reason: 'new contract',
  status: 'pending',
  requestedBy: { id: '2', username: 'maker' },
  requestedAt: '2026-01-02T03:04:05.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  result: null,
  canDecide: true,
  ...overrides,
});

const limits = {
  deposit: { presets: ['20.00'], min: '10.00', max: '50000.00', expiresInMinutes: 15, maxPending: 3 },
  withdrawal: { min: '20.00', max: '50000.00', autoApproveUpTo: '0.00', receiptTimeoutMinutes: 60 },
};

describe('approvals page', () => {
  it('words each change; the maker’s own request has no buttons; approving a secret shows it once', async () => {
    const own = request({ id: '3', kind: 'system.payment_limits', target: 'payments', payload: { before: limits, after: { ...limits, withdrawal: { ...limits.withdrawal, autoApproveUpTo: '250.00' } } }, requestedBy: { id: '1', username: 'op' }, canDecide: false });
    const secret = request({ id: '4', kind: 'catalogue.vendor_secret', payload: { vendor: 'PG', vendorName: 'PG Soft' } });
    const calls = stubOperatorApi('owner', (call) =>
      call.method === 'POST' ? { body: { ...secret, status: 'approved', decidedBy: { id: '1', username: 'op' }, decidedAt: '2026-01-02T04:00:00.000Z', result: { vendor: 'PG' }, canDecide: false, once: { secret: 'S3cr3t-once', rotatedAt: '2026-01-02T04:00:00.000Z' } } } : { body: { content: [request({}), own, secret], total: 3 } },
    );
    renderPages('/', [{ path: '/', element: <ApprovalsPage /> }]);
    expect((await screen.findByTestId('approval-change-1')).textContent).toBe('PG Soft (PG): wallet mode from seamless to transfer');
    expect(screen.getByTestId('approval-change-3').textContent).toMatch(/^Withdrawals approved automatically up to: from R\$\s?0\.00 to R\$\s?250\.00$/);
    expect(screen.getByTestId('approval-own-3').textContent).toBe('Your request: another operator decides');
    expect(screen.queryByTestId('approval-approve-3')).toBeNull();
    expect(calls.find((call) => call.url.startsWith('/api/backoffice/approvals'))?.url).toContain('status=pending');

    fireEvent.click(screen.getByTestId('approval-approve-4'));
    const dialog = await screen.findByTestId('approval-approve-dialog');
    expect(dialog.textContent).toContain('PG Soft (PG): generate a new provider-API secret');
    fireEvent.click(within(dialog).getByTestId('approval-approve-confirm'));
    expect((await screen.findByTestId('approval-secret-value')).textContent).toBe('S3cr3t-once');
    expect(calls.find((call) => call.method === 'POST')?.url).toBe('/api/backoffice/approvals/4/approve');
    fireEvent.click(screen.getByTestId('approval-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('approval-secret-value')).toBeNull());
    expect(document.body.textContent).not.toContain('S3cr3t-once');
  });

  it('a rejection needs a note; a refusal from the server stays in the dialog, translated', async () => {
    const calls = stubOperatorApi('owner', (call) =>
      call.method === 'POST' ? { status: 409, body: { error: { code: 'backoffice.approval_not_pending', message: 'decided' } } } : { body: { content: [request({})], total: 1 } },
    );
    renderPages('/', [{ path: '/', element: <ApprovalsPage /> }]);
    fireEvent.click(await screen.findByTestId('approval-reject-1'));
    const confirm = screen.getByTestId('approval-reject-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('approval-reject-note'), { target: { value: 'not yet' } });
    fireEvent.click(confirm);
    expect((await screen.findByTestId('approval-reject-error')).textContent).toBe('This request has already been decided.');
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/api/backoffice/approvals/1/reject', body: { note: 'not yet' } });
  });

  it('words the sportsbook result correction and ticket void a checker decides', async () => {
    const correction = request({ id: '5', kind: 'sportsbook.market_result', target: 'manual:1 1x2', payload: { eventId: 'manual:1', marketKey: '1x2', eventName: 'Bahia × Vitória', correction: true, stakeAtRisk: '20000', outcomes: [{ id: 'home', result: 'lost', voidFactor: 0, deadHeatFactor: '1' }, { id: 'draw', result: 'won', voidFactor: 0, deadHeatFactor: '0.5' }, { id: 'away', result: 'lost', voidFactor: 1, deadHeatFactor: '1' }] } });
    const voiding = request({ id: '6', kind: 'sportsbook.ticket_void', target: 'ticket 7', payload: { ticketId: '7', stake: '8000' } });
    stubOperatorApi('owner', () => ({ body: { content: [correction, voiding], total: 2 } }));
    renderPages('/', [{ path: '/', element: <ApprovalsPage /> }]);
    expect((await screen.findByTestId('approval-change-5')).textContent).toMatch(/^Correct Bahia × Vitória — market 1x2 to: home: lost, draw: won \(DH 0\.5\), away: void \(at risk: R\$\s?200\.00\)$/);
    expect(screen.getByTestId('approval-change-6').textContent).toMatch(/^Void ticket no\. 7 and return its stake \(R\$\s?80\.00\)$/);
  });
});
