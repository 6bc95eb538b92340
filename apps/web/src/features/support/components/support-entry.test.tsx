import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import type { SupportChat, SupportMessage } from '@app/contracts';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { RootView } from '../../../app/root-view.tsx';
import { appRoutes } from '../../../app/routes.tsx';
import { createI18n } from '../../../shared/i18n.ts';
import { stubApi } from '../../../test/fake-api.ts';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { bootFixture, memberFixture } from '../../../test/fixtures.ts';
import { supportStore } from '../support-store.ts';

const LOAD = { timeout: 5000 };
const message = (id: string, sender: 'party' | 'operator', body: string): SupportMessage => ({ id, conversationId: '7', sender, senderName: sender === 'operator' ? 'Ana' : null, clientId: `00000000-0000-4000-8000-00000000000${id}`, body, imageId: null, at: '2026-11-30T12:00:00.000Z' });
const chat: SupportChat = {
  conversation: { id: '7', status: 'assigned', operatorName: 'Ana', partyReadId: '1', operatorReadId: '1', createdAt: '2026-11-30T12:00:00.000Z' },
  messages: [message('1', 'party', 'Olá'), message('2', 'operator', 'Como posso ajudar?')],
  operatorsOnline: true,
};

afterEach(() => {
  sessionStorage.clear();
  supportStore.closeChat();
});

function renderSite() {
  render(
    <Providers queryClient={createQueryClient()} i18n={createI18n('pt')}>
      <RootView createRouter={() => createMemoryRouter(appRoutes, { initialEntries: ['/'] })} />
    </Providers>,
  );
}

describe('the customer-service chat entries', () => {
  it('lights the live-chat dot on an operator answer while closed; the modal shows the history, read ticks and typing, and a click outside keeps it', async () => {
    sessionStorage.setItem('token', 'tok-1');
    vi.stubGlobal('WebSocket', FakeSocket);
    const calls = stubApi({ 'GET /api/system/boot': bootFixture(), 'GET /api/member/info': memberFixture(), 'GET /api/support/chat': chat, 'POST /api/support/read': null });
    renderSite();
    await screen.findByTestId('user-menu', {}, LOAD);
    const socket = FakeSocket.last;
    if (!socket) throw new Error('no socket opened');
    act(() => socket.open());
    expect(screen.queryByTestId('edge-live-chat-unread')).toBeNull();
    act(() => socket.push({ type: 'support.message', message: message('3', 'operator', 'Resolvido?') }));
    expect(await screen.findByTestId('edge-live-chat-unread')).toBeTruthy();

    fireEvent.click(screen.getByTestId('edge-live-chat'));
    await screen.findByTestId('modal-support', {}, LOAD);
    expect(screen.queryByTestId('edge-live-chat-unread')).toBeNull();
    expect((await screen.findAllByTestId('support-message-operator', {}, LOAD)).map((node) => node.textContent)).toEqual([expect.stringContaining('Como posso ajudar?')]);
    expect(screen.getByTestId('support-tick-read')).toBeTruthy();
    expect(screen.getByTestId('support-state').textContent).toBe('Ana está atendendo você.');
    // The newest operator message is marked read.
    await waitFor(() => expect(calls.some((call) => call.path === '/api/support/read')).toBe(true));

    act(() => socket.push({ type: 'support.typing', conversationId: '7', sender: 'operator' }));
    expect((await screen.findByTestId('support-typing')).textContent).toBe('Ana está digitando…');
    act(() => socket.push({ type: 'support.message', message: message('4', 'operator', 'Pronto') }));
    await waitFor(() => expect(screen.getAllByTestId('support-message-operator')).toHaveLength(2));
    expect(screen.queryByTestId('support-typing')).toBeNull();

    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByTestId('modal-support')).toBeTruthy();
  });

  it('asks a visitor for the captcha before the chat', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    stubApi({ 'GET /api/system/boot': bootFixture(), 'GET /api/captcha': { id: 'c1', image: 'data:image/svg+xml,<svg/>', expiresAt: '2099-01-01T00:00:00.000Z' } });
    renderSite();
    fireEvent.click(await screen.findByTestId('side-customer-service', {}, LOAD));
    expect(await screen.findByTestId('support-visitor-form', {}, LOAD)).toBeTruthy();
  });
});
