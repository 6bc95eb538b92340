import { useEffect, useRef } from 'react';

/** Calls `callback(value)` once `value` has stopped changing for `ms` (the search box, 300 ms). */
export function useDebouncedEffect<T>(value: T, ms: number, callback: (value: T) => void): void {
  const callbackRef = useRef(callback);
  useEffect(() => {
    callbackRef.current = callback;
  });
  useEffect(() => {
    const timer = window.setTimeout(() => callbackRef.current(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
}
