import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { WsClientMessage } from '@app/contracts';
import { endingOwnSession, setToken } from '../../../shared/session-token.ts';
import type { RealtimeConnection } from '../../../shared/ws-client.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { accountKeys } from '../api/account.queries.ts';
import { createMemberRealtime } from './member-realtime.ts';

function fakeConnection() {
  const sent: WsClientMessage[] = [];
  let open = true;
  const connection: RealtimeConnection = {
    send: (message) => {
      if (open) sent.push(message);
      return open;
    },
    close: () => undefined,
  };
  return { connection, sent, setOpen: (value: boolean) => (open = value) };
}

describe('member binding of the realtime connection', () => {
  it('re-sends the token on every reconnection and refetches member info once the server confirms each binding', () => {
    setToken('tok-1');
    const queryClient = new QueryClient();
    queryClient.setQueryData(accountKeys.memberInfo('tok-1'), memberFixture());
    const { connection, sent } = fakeConnection();
    const handler = createMemberRealtime(queryClient, connection);
    const invalidated = () => queryClient.getQueryState(accountKeys.memberInfo('tok-1'))?.isInvalidated;
    handler.onOpen?.(false);
    expect(invalidated()).toBe(false);
    // The first binding too: a balance change between the page's read and it was pushed to nobody.
    handler.onMessage?.({ type: 'auth.ok' });
    expect(invalidated()).toBe(true);
    queryClient.setQueryData(accountKeys.memberInfo('tok-1'), memberFixture());
    handler.onOpen?.(true);
    expect(invalidated()).toBe(false);
    handler.onMessage?.({ type: 'auth.ok' });
    expect(sent).toEqual([
      { type: 'auth', token: 'tok-1' },
      { type: 'auth', token: 'tok-1' },
    ]);
    expect(invalidated()).toBe(true);
    handler.dispose?.();
  });

  it('reads member info again when the server unbinds the session, but not while this tab’s own request is ending it', async () => {
    setToken('tok-3');
    const queryClient = new QueryClient();
    queryClient.setQueryData(accountKeys.memberInfo('tok-3'), memberFixture());
    const { connection } = fakeConnection();
    const handler = createMemberRealtime(queryClient, connection);
    const invalidated = () => queryClient.getQueryState(accountKeys.memberInfo('tok-3'))?.isInvalidated;
    handler.onOpen?.(false);
    let answer: () => void = () => undefined;
    const ending = endingOwnSession(() => new Promise<void>((resolve) => (answer = resolve)));
    handler.onMessage?.({ type: 'auth.failed' });
    expect(invalidated()).toBe(false);
    answer();
    await ending;
    await new Promise((resolve) => setTimeout(resolve, 0));
    handler.onMessage?.({ type: 'auth.failed' });
    expect(invalidated()).toBe(true);
    handler.dispose?.();
  });

  it('says nothing to a fresh socket when nobody is logged in, and binds once a token arrives', () => {
    const { connection, sent, setOpen } = fakeConnection();
    const handler = createMemberRealtime(new QueryClient(), connection);
    handler.onOpen?.(false);
    expect(sent).toEqual([]);
    // A login while the socket is down is sent by the next onOpen instead.
    setOpen(false);
    setToken('tok-9');
    setOpen(true);
    handler.onOpen?.(true);
    expect(sent).toEqual([{ type: 'auth', token: 'tok-9' }]);
    handler.dispose?.();
  });
});
