import { useEffect, useRef } from 'react';

/**
 * Infinite scroll: calls `onReach` when the sentinel element comes within `margin` of the
 * viewport. Without IntersectionObserver nothing happens and the "load more" button remains.
 */
export function useInfiniteSentinel<T extends Element>(onReach: () => void, enabled: boolean, margin = '400px') {
  const ref = useRef<T>(null);
  const onReachRef = useRef(onReach);
  useEffect(() => {
    onReachRef.current = onReach;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onReachRef.current();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, margin]);
  return ref;
}
