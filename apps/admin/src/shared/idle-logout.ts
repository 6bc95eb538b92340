import { useEffect } from 'react';

/** The server ends an operator session after 30 idle minutes; the tab logs out a little before. */
export const IDLE_LOGOUT_MS = 29 * 60 * 1000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Calls `onIdle` once no input arrived for `idleMs`, so an unattended console does not stay open. */
export function useIdleLogout(onIdle: () => void, idleMs = IDLE_LOGOUT_MS): void {
  useEffect(() => {
    let timer = window.setTimeout(onIdle, idleMs);
    const reset = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(onIdle, idleMs);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, reset, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, reset);
    };
  }, [onIdle, idleMs]);
}
