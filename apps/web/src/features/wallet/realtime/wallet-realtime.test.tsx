import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import type { WalletBalance } from '@app/contracts';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { RootView } from '../../../app/root-view.tsx';
import { appRoutes } from '../../../app/routes.tsx';
import { createI18n } from '../../../shared/i18n.ts';
import { clearSessionStorage, setToken } from '../../../shared/session-token.ts';
import { stubApi } from '../../../test/fake-api.ts';
import { bootFixture, memberFixture } from '../../../test/fixtures.ts';
import { FakeSocket } from '../../../test/fake-socket.ts';
import { transactionPageFixture, walletBalanceFixture } from '../../../test/wallet-fixtures.ts';
import { accountKeys } from '../../account/index.ts';
import { walletKeys } from '../api/wallet.queries.ts';
import { createWalletRealtime } from './wallet-realtime.ts';

function renderRootWithMember() {
  sessionStorage.setItem('token', 'tok-1');
  vi.stubGlobal('WebSocket', FakeSocket);
  const calls = stubApi({ 'GET /api/system/boot': bootFixture(), 'GET /api/member/info': memberFixture({ balance: '1234.50' }) });
  render(
    <Providers queryClient={createQueryClient()} i18n={createI18n('pt')}>
      <RootView createRouter={() => createMemoryRouter(appRoutes, { initialEntries: ['/'] })} />
    </Providers>,
  );
  return calls;
}

describe('live balance over /ws', () => {
  it('binds the socket to the member and patches the header balance on wallet.balance_changed', async () => {
    const calls = renderRootWithMember();
    expect((await screen.findByTestId('balance')).textContent).toContain('1.234,50');
    const socket = FakeSocket.last;
    if (!socket) throw new Error('no socket opened');
    act(() => socket.open());
    expect(socket.sent).toEqual([{ type: 'auth', token: 'tok-1' }]);

    const memberReads = calls.filter((call) => call.path === '/api/member/info').length;
    act(() => socket.push({ type: 'wallet.balance_changed', cash: '1334.50', bonus: '0.00' }));
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toContain('1.334,50'));
    // Patched from the push itself: no round trip to the server was needed.
    expect(calls.filter((call) => call.path === '/api/member/info')).toHaveLength(memberReads);
  });

  it('sends the new token when it changes and null after logout', async () => {
    renderRootWithMember();
    await screen.findByTestId('balance');
    const socket = FakeSocket.last;
    if (!socket) throw new Error('no socket opened');
    act(() => socket.open());
    act(() => setToken('tok-2'));
    act(() => setToken('tok-2'));
    act(() => clearSessionStorage());
    expect(socket.sent).toEqual([
      { type: 'auth', token: 'tok-1' },
      { type: 'auth', token: 'tok-2' },
      { type: 'auth', token: null },
    ]);
  });
});

describe('wallet realtime handler', () => {
  it('patches member info and the wallet balance, then marks the money views stale', () => {
    sessionStorage.setItem('token', 'tok-1');
    const queryClient = new QueryClient();
    queryClient.setQueryData(accountKeys.memberInfo('tok-1'), memberFixture({ balance: '10.00' }));
    queryClient.setQueryData(walletKeys.balance('tok-1'), walletBalanceFixture({ cash: '10.00', bonus: '1.00' }));
    const history = walletKeys.transactions('tok-1', { type: undefined, from: '2025-03-01', to: '2025-03-07', pageNo: 1, pageSize: 20 });
    queryClient.setQueryData(history, transactionPageFixture());
    queryClient.setQueryData(walletKeys.upline('tok-1'), { upline: null });
    createWalletRealtime(queryClient).onMessage?.({ type: 'wallet.balance_changed', cash: '25.00', bonus: '2.00' });
    expect(queryClient.getQueryData<{ balance: string }>(accountKeys.memberInfo('tok-1'))?.balance).toBe('25.00');
    expect(queryClient.getQueryData<WalletBalance>(walletKeys.balance('tok-1'))).toMatchObject({ cash: '25.00', bonus: '2.00' });
    expect(queryClient.getQueryState(history)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(walletKeys.upline('tok-1'))?.isInvalidated).toBe(false);
  });

  it('keeps the pushed balance when a read that started before the change answers after it', async () => {
    sessionStorage.setItem('token', 'tok-1');
    const queryClient = new QueryClient();
    queryClient.setQueryData(accountKeys.memberInfo('tok-1'), memberFixture({ balance: '60.00' }));
    let answerStaleRead: (member: ReturnType<typeof memberFixture>) => void = () => undefined;
    const staleRead = queryClient.fetchQuery({
      queryKey: accountKeys.memberInfo('tok-1'),
      queryFn: () => new Promise<ReturnType<typeof memberFixture>>((resolve) => (answerStaleRead = resolve)),
      staleTime: 0,
    });
    createWalletRealtime(queryClient).onMessage?.({ type: 'wallet.balance_changed', cash: '40.00', bonus: '0.00' });
    answerStaleRead(memberFixture({ balance: '60.00' }));
    await staleRead.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queryClient.getQueryData<{ balance: string }>(accountKeys.memberInfo('tok-1'))?.balance).toBe('40.00');
  });

  it('re-reads the wallet views after a reconnect, not after the first connection', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(walletKeys.balance('tok-1'), walletBalanceFixture());
    const handler = createWalletRealtime(queryClient);
    handler.onOpen?.(false);
    expect(queryClient.getQueryState(walletKeys.balance('tok-1'))?.isInvalidated).toBe(false);
    handler.onOpen?.(true);
    expect(queryClient.getQueryState(walletKeys.balance('tok-1'))?.isInvalidated).toBe(true);
  });
});
