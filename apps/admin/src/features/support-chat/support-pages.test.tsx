import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SupportAdminConversation, SupportMessage } from '@app/contracts';
import { renderPages, stubOperatorApi } from '../../test/render.tsx';
import CannedPage from './canned-page.tsx';
import ChatPage from './chat-page.tsx';

/** A WebSocket stand-in: the page's /ws connection, which the test opens and pushes into. */
class FakeSocket {
  static last: FakeSocket | null = null;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const waiting: SupportAdminConversation = {
  id: '7', status: 'waiting', operatorName: null, partyReadId: '0', operatorReadId: '0', createdAt: '2026-11-30T12:00:00.000Z', operatorId: null,
  party: { kind: 'member', account: 'joao1', name: null, contact: null }, queuedAt: '2026-11-30T12:00:00.000Z', lastMessageId: '1', unread: true,
};
const first: SupportMessage = { id: '1', conversationId: '7', sender: 'party', senderName: null, clientId: '00000000-0000-4000-8000-000000000001', body: 'Meu saque atrasou', imageId: null, at: '2026-11-30T12:00:00.000Z' };

afterEach(() => vi.unstubAllGlobals());

describe('support chat console', () => {
  it('takes a queued conversation, shows the member context, typing from /ws, and sends with a canned reply', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    let taken = false;
    const calls = stubOperatorApi('support', (call) => {
      if (call.url === '/api/backoffice/support/conversations') return { body: taken ? { queue: [], mine: [{ ...waiting, status: 'assigned', operatorId: '1', operatorName: 'op' }] } : { queue: [waiting], mine: [] } };
      if (call.url.endsWith('/take')) return (taken = true), { body: { ...waiting, status: 'assigned', operatorId: '1' } };
      if (call.url.startsWith('/api/backoffice/support/conversations/7?') || call.url === '/api/backoffice/support/conversations/7') return { body: { conversation: waiting, messages: [first] } };
      if (call.url.endsWith('/context')) return { body: { kind: 'member', account: 'joao1', balance: { cash: '12.50', bonus: '0.00' }, deposits: [{ id: '3', amount: '50.00', status: 'credited', at: '2026-11-29T10:00:00.000Z' }], withdrawals: [] } };
      if (call.url === '/api/backoffice/support/canned-replies') return { body: { replies: [{ id: '1', shortcut: 'saque', body: 'Seu saque está em análise.', updatedAt: '2026-11-30T12:00:00.000Z' }] } };
      if (call.url.endsWith('/messages')) return { body: { message: { ...first, id: '2', sender: 'operator', senderName: 'op', body: (call.body as { body: string }).body }, conversation: waiting, replayed: false } };
      return { status: 204, body: null };
    });
    renderPages('/support/chat', [{ path: '/support/chat', element: <ChatPage /> }], 'pt');
    fireEvent.click(await screen.findByTestId('sc-conversation-7'));
    expect((await screen.findAllByTestId('sc-message-party'))[0]?.textContent).toContain('Meu saque atrasou');
    expect((await screen.findByTestId('sc-context-cash')).textContent).toContain('12,50');
    fireEvent.click(screen.getByTestId('sc-take'));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/backoffice/support/conversations/7/take')).toBe(true));

    const socket = FakeSocket.last;
    if (!socket) throw new Error('no socket');
    act(() => socket.onopen?.());
    expect(socket.sent[0]).toEqual({ type: 'operator.auth', token: 'token' });
    act(() => socket.push({ type: 'support.typing', conversationId: '7', sender: 'party' }));
    expect(await screen.findByTestId('sc-typing')).toBeTruthy();

    fireEvent.change(screen.getByTestId('sc-input'), { target: { value: '/sa' } });
    fireEvent.click(await screen.findByTestId('sc-canned-saque'));
    expect((screen.getByTestId('sc-input') as HTMLTextAreaElement).value).toBe('Seu saque está em análise.');
    fireEvent.click(screen.getByTestId('sc-send'));
    await waitFor(() => expect(screen.getAllByTestId('sc-message-operator')).toHaveLength(1));
    const sent = calls.find((call) => call.url === '/api/backoffice/support/conversations/7/messages');
    expect(sent?.body).toMatchObject({ body: 'Seu saque está em análise.', clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('refuses a taken shortcut with the translated error', async () => {
    stubOperatorApi('support', (call) =>
      call.method === 'POST' ? { status: 409, body: { error: { code: 'support.shortcut_taken', message: 'x' } } } : { body: { replies: [] } },
    );
    renderPages('/support/canned', [{ path: '/support/canned', element: <CannedPage /> }], 'pt');
    fireEvent.change(await screen.findByTestId('sc-canned-shortcut'), { target: { value: 'oi' } });
    fireEvent.change(screen.getByTestId('sc-canned-body'), { target: { value: 'Olá!' } });
    fireEvent.click(screen.getByTestId('sc-canned-save'));
    expect((await screen.findByTestId('sc-canned-error')).textContent).toBe('Esse atalho já existe.');
  });
});
