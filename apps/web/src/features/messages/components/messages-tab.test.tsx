import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import type { Message, MessageList } from '@app/contracts';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { RootView } from '../../../app/root-view.tsx';
import { appRoutes } from '../../../app/routes.tsx';
import { createI18n } from '../../../shared/i18n.ts';
import { stubApi } from '../../../test/fake-api.ts';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { bootFixture, memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const LOAD = { timeout: 5000 };

function message(overrides: Partial<Message>): Message {
  return { id: '1', kind: 'broadcast', title: 'Promoção', bodyHtml: '<p>Boa <strong>sorte</strong></p>', template: null, params: null, read: false, createdAt: '2026-11-29T12:00:00.000Z', ...overrides };
}
const list = (messages: Message[]): MessageList => ({ messages, total: messages.length, unread: messages.filter((item) => !item.read).length, page: 1 });

afterEach(() => sessionStorage.clear());

describe('the messages tab', () => {
  it('lists, opens (marks read, renders the stored HTML), writes system messages in the language, and marks all read', async () => {
    sessionStorage.setItem('token', 'tok-1');
    const messages = [message({ id: '2' }), message({ id: '1', kind: 'system', title: null, bodyHtml: null, template: 'deposit_credited', params: { amount: '50.00' } })];
    const calls = stubApi({
      'GET /api/member/info': memberFixture(),
      'GET /api/messages/unread': { unread: 2 },
      'GET /api/messages': list(messages),
      'POST /api/messages/2/read': { ...messages[0], read: true },
      'POST /api/messages/read-all': { unread: 0 },
    });
    renderApp('/member?tab=messageV2');
    await screen.findByTestId('messages-tab', {}, LOAD);
    expect((await screen.findByTestId('messages-tab-badge')).textContent).toBe('2');
    const items = screen.getAllByTestId('message-item');
    expect(within(items[1]!).getByText('Depósito creditado')).toBeTruthy();
    fireEvent.click(within(items[0]!).getByTestId('message-open'));
    expect(within(items[0]!).getByTestId('message-body').innerHTML).toBe('<p>Boa <strong>sorte</strong></p>');
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/api/messages/2/read')).toBe(true));
    fireEvent.click(within(items[1]!).getByTestId('message-open'));
    expect(within(items[1]!).getByTestId('message-body').textContent).toBe('Seu depósito de R$\u00a050,00 foi creditado na sua conta.');
    fireEvent.click(screen.getByTestId('messages-read-all'));
    await waitFor(() => expect(screen.queryByTestId('messages-tab-badge')).toBeNull());
  });

  it('never asks for messages or the unread count for a trial account', async () => {
    sessionStorage.setItem('token', 'tok-trial');
    const calls = stubApi({ 'GET /api/member/info': memberFixture({ type: 4 }) });
    renderApp('/member?tab=messageV2');
    expect(await screen.findByTestId('trial-notice', {}, LOAD)).toBeTruthy();
    await screen.findByTestId('user-menu', {}, LOAD);
    // Give every query a chance to start.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.filter((call) => call.path.startsWith('/api/messages'))).toEqual([]);
    expect(screen.queryByTestId('header-messages-badge')).toBeNull();
  });

  it('raises the header badge from a /ws messages.unread push, without a request', async () => {
    sessionStorage.setItem('token', 'tok-1');
    vi.stubGlobal('WebSocket', FakeSocket);
    const calls = stubApi({ 'GET /api/system/boot': bootFixture(), 'GET /api/member/info': memberFixture(), 'GET /api/messages/unread': { unread: 0 } });
    render(
      <Providers queryClient={createQueryClient()} i18n={createI18n('pt')}>
        <RootView createRouter={() => createMemoryRouter(appRoutes, { initialEntries: ['/'] })} />
      </Providers>,
    );
    await screen.findByTestId('user-menu', {}, LOAD);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/messages/unread')).toBe(true));
    const socket = FakeSocket.last;
    if (!socket) throw new Error('no socket opened');
    act(() => socket.open());
    const reads = calls.filter((call) => call.path === '/api/messages/unread').length;
    act(() => socket.push({ type: 'messages.unread', unread: 3 }));
    expect((await screen.findByTestId('header-messages-badge')).textContent).toBe('3');
    expect(calls.filter((call) => call.path === '/api/messages/unread')).toHaveLength(reads);
  });
});
