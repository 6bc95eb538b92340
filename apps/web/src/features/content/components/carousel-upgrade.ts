import { useSyncExternalStore } from 'react';

/*
 * Swiper (about 27 KB of gzipped JavaScript, a tenth of the page) is fetched when a carousel first
 * has to move — the banners' first autoplay step, or the player pointing at, focusing or touching
 * a carousel — not with the page. Until then both carousels are drawn without it: the first banner
 * (the largest paint) and a natively scrolling row of promotion cards. Both carousels share the
 * chunk, so one request upgrades both.
 */
let isRequested = false;
const listeners = new Set<() => void>();

export function requestCarousels(): void {
  if (isRequested) return;
  isRequested = true;
  listeners.forEach((listener) => listener());
}

export function useCarouselsRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isRequested,
    () => false,
  );
}
