import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FeedbackAdminTicket } from '@app/contracts';
import { renderPages, stubOperatorApi } from '../../test/render.tsx';
import QueuePage from './queue-page.tsx';
import TicketPage from './ticket-page.tsx';

const ticket: FeedbackAdminTicket = {
  id: '9', number: '#1009', account: 'maria', questionType: 'payment', status: 'open', assignedTo: null, assignedToId: null, excerpt: 'O depósito demorou', content: 'O depósito demorou muito hoje', contact: 'maria@example.com',
  createdAt: '2026-11-29T12:00:00.000Z', updatedAt: '2026-11-29T12:00:00.000Z', entries: [],
};

describe('feedback console', () => {
  it('lists open tickets first and filters by status and mine', async () => {
    const calls = stubOperatorApi('support', () => ({ body: { tickets: [ticket], total: 1, page: 1 } }));
    renderPages('/feedback', [{ path: '/feedback', element: <QueuePage /> }], 'pt');
    expect((await screen.findByTestId('fb-open-9')).textContent).toBe('#1009');
    fireEvent.click(screen.getByTestId('fb-mine'));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/backoffice/feedback?status=open&mine=true&page=1'));
  });

  it('assigns to me, replies (the member gets a message) and keeps internal notes apart', async () => {
    let current = ticket;
    const calls = stubOperatorApi(
      'support',
      (call) => {
        if (call.url.endsWith('/assign')) current = { ...current, assignedTo: 'op', assignedToId: '1' };
        if (call.url.endsWith('/notes')) current = { ...current, entries: [...current.entries, { kind: 'note', by: 'op', body: (call.body as { body: string }).body, at: '2026-11-29T12:01:00.000Z' }] };
        if (call.url.endsWith('/reply')) current = { ...current, status: 'answered', entries: [...current.entries, { kind: 'reply', by: 'op', body: (call.body as { body: string }).body, at: '2026-11-29T12:02:00.000Z' }] };
        return { body: current };
      },
      { id: '1', username: 'op' },
    );
    renderPages('/feedback/9', [{ path: '/feedback/:id', element: <TicketPage /> }]);
    expect((await screen.findByTestId('fb-account')).textContent).toBe('maria');
    fireEvent.click(screen.getByTestId('fb-assign-me'));
    await waitFor(() => expect(screen.getByTestId('fb-assigned').textContent).toBe('op'));
    expect(calls.find((call) => call.url.endsWith('/assign'))?.body).toMatchObject({ username: 'op' });
    fireEvent.change(screen.getByTestId('fb-text'), { target: { value: 'check the PSP' } });
    fireEvent.click(screen.getByTestId('fb-note'));
    expect(await screen.findByTestId('fb-entry-note')).toBeTruthy();
    fireEvent.change(screen.getByTestId('fb-text'), { target: { value: 'It is credited now.' } });
    fireEvent.click(screen.getByTestId('fb-reply'));
    expect((await screen.findByTestId('fb-entry-reply')).textContent).toContain('It is credited now.');
    expect(screen.getByTestId('fb-status-badge').textContent).toBe('Answered');
    const reply = calls.find((call) => call.url === '/api/backoffice/feedback/9/reply');
    expect(reply?.body).toMatchObject({ body: 'It is credited now.', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });
});
