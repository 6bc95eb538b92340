import type { QueryClient } from '@tanstack/react-query';
import { getToken, isEndingOwnSession, subscribeToken } from '../../../shared/session-token.ts';
import type { RealtimeConnection, RealtimeHandler } from '../../../shared/ws-client.ts';
import { accountKeys } from '../api/account.queries.ts';

/**
 * Binds the shared connection to the signed-in member, so the server can push that member's
 * events (balance changes) to this tab. The token is sent after every (re)connection, since a
 * new socket starts anonymous, and again whenever it changes: a login binds, a logout (null)
 * unbinds.
 */
export function createMemberRealtime(queryClient: QueryClient, connection: RealtimeConnection): RealtimeHandler {
  // What this socket was last told; undefined means nothing yet (a fresh socket is anonymous).
  let boundToken: string | null | undefined;

  const bind = (token: string | null) => {
    if (token === boundToken) return;
    if (connection.send({ type: 'auth', token })) boundToken = token;
  };

  const unsubscribe = subscribeToken(() => bind(getToken()));
  const refetchMember = () => void queryClient.invalidateQueries({ queryKey: accountKeys.member() });

  return {
    onOpen: () => {
      boundToken = undefined;
      const token = getToken();
      if (token !== null) bind(token);
    },
    onMessage: (message) => {
      // Bound: from now on every balance change is pushed. Those before it (while the socket was
      // down, or between the page's first read and this first binding) were pushed to nobody, so
      // the member is read again once here — the first binding too, not only a reconnection's.
      if (message.type === 'auth.ok' && getToken() !== null) refetchMember();
      // A refused token is usually an expired one, or one whose session ended elsewhere (the server
      // checks bound sockets again then); member info's 401 then ends the session. Unless this
      // tab's own request is ending it: that page leads the way out (endingOwnSession).
      if (message.type === 'auth.failed' && getToken() !== null && !isEndingOwnSession()) refetchMember();
    },
    dispose: unsubscribe,
  };
}
