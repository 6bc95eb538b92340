import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Broadcast } from '@app/contracts';
import { renderPages, stubOperatorApi } from '../../test/render.tsx';
import MessagesPage from './messages-page.tsx';

const scheduled: Broadcast = {
  id: '5', audience: { kind: 'vip', rank: 2 }, title: 'Agenda', bodyHtml: '<p>x</p>', status: 'scheduled', sendAt: '2026-12-01T12:00:00.000Z', sentAt: null, delivered: 0, read: 0, createdBy: 'op',
};

describe('platform messages console', () => {
  it("previews the server's sanitised HTML with the audience's size, sends once, and cancels a scheduled one", async () => {
    const calls = stubOperatorApi('content', (call) => {
      if (call.url === '/api/backoffice/messages/preview') return { body: { bodyHtml: '<p>Oi</p>', audienceCount: 2 } };
      if (call.method === 'POST' && call.url === '/api/backoffice/messages') return { body: { ...scheduled, id: '6', status: 'sent', delivered: 2, audience: { kind: 'accounts', accounts: ['a1', 'a2'] } } };
      if (call.url === '/api/backoffice/messages/5/cancel') return { body: { ...scheduled, status: 'cancelled' } };
      return { body: { broadcasts: [scheduled], total: 1, page: 1 } };
    });
    renderPages('/messages', [{ path: '/messages', element: <MessagesPage /> }]);
    expect((await screen.findByTestId('msg-status-5')).textContent).toBe('Scheduled');
    fireEvent.change(screen.getByTestId('msg-audience'), { target: { value: 'accounts' } });
    fireEvent.change(screen.getByTestId('msg-accounts'), { target: { value: 'a1, a2\na1' } });
    fireEvent.change(screen.getByTestId('msg-title'), { target: { value: 'Olá' } });
    fireEvent.change(screen.getByTestId('msg-body'), { target: { value: '<p>Oi</p><script>x</script>' } });
    expect((await screen.findByTestId('msg-preview', {}, { timeout: 3000 })).innerHTML).toBe('<p>Oi</p>');
    expect(screen.getByTestId('msg-audience-count').textContent).toBe('2 members will receive it');
    expect(calls.find((call) => call.url === '/api/backoffice/messages/preview')?.body).toEqual({ audience: { kind: 'accounts', accounts: ['a1', 'a2'] }, title: 'Olá', bodyHtml: '<p>Oi</p><script>x</script>' });

    fireEvent.click(screen.getByTestId('msg-send'));
    fireEvent.click(screen.getByTestId('msg-send'));
    expect((await screen.findByTestId('msg-notice')).textContent).toBe('Message delivered to 2 members.');
    const sends = calls.filter((call) => call.method === 'POST' && call.url === '/api/backoffice/messages');
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body).toMatchObject({ sendAt: null, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    fireEvent.click(screen.getByTestId('msg-cancel-5'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/backoffice/messages/5/cancel')).toBe(true));
  });
});
