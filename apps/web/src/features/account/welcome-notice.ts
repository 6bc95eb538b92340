import { useSyncExternalStore } from 'react';

/*
 * The one-time welcome after a first login (firstTimeLogin). Held in memory only: it is shown
 * when the login that earned it completes, and never again after a reload.
 */
export type WelcomeKind = 'member' | 'trial';

let current: WelcomeKind | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showWelcomeNotice(kind: WelcomeKind): void {
  current = kind;
  emit();
}

export function dismissWelcomeNotice(): void {
  current = null;
  emit();
}

export function useWelcomeNotice(): WelcomeKind | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
