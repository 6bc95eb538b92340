import { useCallback, useEffect, useState } from 'react';

/**
 * The operator's minimum interval between rounds (responsible pace), on the client: `paced` is
 * true from `startPace(ms)` until the interval has passed, so the play button comes back by itself.
 * The server refuses a faster round anyway (house.too_fast); this keeps the button honest.
 */
export function usePace() {
  const [paceUntil, setPaceUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (paceUntil <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), paceUntil - now);
    return () => clearTimeout(timer);
  }, [paceUntil, now]);
  const startPace = useCallback((intervalMs: number) => {
    const started = Date.now();
    setPaceUntil(started + intervalMs);
    setNow(started);
  }, []);
  return { paced: paceUntil > now, startPace };
}
