import { useSyncExternalStore } from 'react';

/**
 * The global loading spinner (game launch, long actions). Spec §2: every route change hides it,
 * so a spinner can never outlive the page that showed it.
 */
let visible = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (visible === next) return;
  visible = next;
  for (const listener of listeners) listener();
}

export const showLoading = (): void => set(true);
export const hideLoading = (): void => set(false);

export function useLoadingVisible(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => visible,
    () => false,
  );
}
