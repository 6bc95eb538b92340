import { getToken } from '../../../shared/session-token.ts';
import type { RealtimeConnection, RealtimeHandler } from '../../../shared/ws-client.ts';
import { visitorToken } from '../api/support.api.ts';
import { supportStore, type SupportEvent } from '../support-store.ts';

/**
 * The chat on the tab's shared /ws connection: a visitor's connection is bound with their chat
 * token (a member's is bound by the account feature); support.* events go to the store. After a
 * reconnect the open chat re-reads the messages after its last one, so nothing is lost.
 */
export function createSupportRealtime(connection: RealtimeConnection): RealtimeHandler {
  const bindVisitor = () => {
    const token = visitorToken();
    if (token !== null && getToken() === null) connection.send({ type: 'visitor.auth', token });
  };
  const onVisitor = () => bindVisitor();
  window.addEventListener('support-visitor', onVisitor);
  return {
    onOpen: (reconnected) => {
      bindVisitor();
      if (reconnected) supportStore.resync();
    },
    onMessage: (message) => {
      if (message.type.startsWith('support.')) supportStore.dispatch(message as SupportEvent);
      // The member binding answered (a login or a reconnect): their events flow from here on.
      if (message.type === 'auth.ok' || message.type === 'visitor.auth.ok') supportStore.resync();
    },
    dispose: () => window.removeEventListener('support-visitor', onVisitor),
  };
}
