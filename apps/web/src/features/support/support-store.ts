import { useSyncExternalStore } from 'react';
import type { WsServerMessage } from '@app/contracts';

type SupportEvent = Extract<WsServerMessage, { type: `support.${string}` }>;
type Listener = () => void;

interface State {
  open: boolean;
  /** An operator answered while the modal was closed: the live-chat icon shows a dot. */
  unread: boolean;
  /** Bumped after the /ws connection came back: the open chat re-reads what it missed. */
  resync: number;
}

/**
 * The chat's tab-wide state outside React's tree: the entry points (side menu, edge icon, footer,
 * member pages) open the modal, and the shared /ws connection hands events to whoever listens.
 */
let state: State = { open: false, unread: false, resync: 0 };
const listeners = new Set<Listener>();
const eventListeners = new Set<(event: SupportEvent) => void>();
const set = (next: Partial<State>) => {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
};

export const supportStore = {
  openChat: () => set({ open: true, unread: false }),
  closeChat: () => set({ open: false }),
  resync: () => set({ resync: state.resync + 1 }),
  /** From the realtime handler: an event of the chat. */
  dispatch(event: SupportEvent) {
    if (event.type === 'support.message' && event.message.sender === 'operator' && !state.open) set({ unread: true });
    eventListeners.forEach((listener) => listener(event));
  },
  onEvent(listener: (event: SupportEvent) => void) {
    eventListeners.add(listener);
    return () => void eventListeners.delete(listener);
  },
};

export function useSupportState(): State {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

export type { SupportEvent };
