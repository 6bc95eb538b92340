import { useSyncExternalStore } from 'react';

/** Short notices about games (a favourite that did not save), already translated. */
export interface GameToast {
  id: number;
  message: string;
}

const VISIBLE_MS = 5000;
let toasts: readonly GameToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function dismissGameToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

export function showGameToast(message: string): void {
  const id = nextId++;
  // The same message twice in a row (two failed clicks) shows once.
  toasts = [...toasts.filter((toast) => toast.message !== message), { id, message }].slice(-3);
  emit();
  window.setTimeout(() => dismissGameToast(id), VISIBLE_MS);
}

export function useGameToasts(): readonly GameToast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
}
