import { useCallback, useSyncExternalStore } from 'react';

export const PHONE_QUERY = '(max-width: 900px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}

/** Below this width the side menu is an off-canvas drawer rather than a rail. */
export function useIsCompactLayout(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
