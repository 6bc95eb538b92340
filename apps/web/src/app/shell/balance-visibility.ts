import { useSyncExternalStore } from 'react';

/*
 * Whether the player hid the balance (shown as stars). Shared by the header toggle and the
 * account menu, which carries the toggle on phones where the header has no room for it.
 */
let hidden = false;
const listeners = new Set<() => void>();

export function toggleBalanceHidden(): void {
  hidden = !hidden;
  for (const listener of listeners) listener();
}

export function useBalanceHidden(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hidden,
    () => false,
  );
}
