import { useLayoutEffect, useState } from 'react';
import type { CrashRoundView } from '@app/contracts';
import { msToReach } from '@app/house-games';
import { hundredthsAt, hundredthsOf, type CrashClock } from './crash-clock.ts';

/** What the screen draws at one instant of the round. */
export interface CrashFrame {
  /** The multiplier in hundredths (100 = 1.00×). */
  hundredths: number;
  /** How far along the curve is (ms since the start; the crash's time once crashed). */
  elapsedMs: number;
  /** Betting phase: ms until the multiplier starts (0 once the window has closed). */
  countdownMs: number;
}

const IDLE: CrashFrame = { hundredths: 100, elapsedMs: 0, countdownMs: 0 };

/** The frame of `round` now, from the server's clock (see crash-clock.ts). */
export function frameOf(round: CrashRoundView | null, clock: CrashClock, capHundredths: number): CrashFrame {
  if (!round) return IDLE;
  switch (round.phase) {
    case 'betting':
      return { ...IDLE, countdownMs: Math.max(0, Date.parse(round.bettingEndsAt) - clock.serverNow()) };
    case 'running': {
      const startedAt = round.startedAt ? Date.parse(round.startedAt) : clock.serverNow();
      const elapsedMs = clock.elapsed(round.id, startedAt);
      return { hundredths: hundredthsAt(elapsedMs, capHundredths), elapsedMs, countdownMs: 0 };
    }
    case 'crashed': {
      const hundredths = round.crashPoint ? hundredthsOf(round.crashPoint) : 100;
      return { hundredths, elapsedMs: msToReach(BigInt(hundredths)), countdownMs: 0 };
    }
  }
}

const nextFrame = (callback: () => void): (() => void) => {
  // jsdom and old browsers may lack requestAnimationFrame; a 60 Hz timer looks the same.
  if (typeof window.requestAnimationFrame === 'function') {
    const id = window.requestAnimationFrame(callback);
    return () => window.cancelAnimationFrame(id);
  }
  const id = window.setTimeout(callback, 16);
  return () => window.clearTimeout(id);
};

/**
 * The live frame, recomputed on every animation frame while the round moves (betting countdown,
 * running curve). `keyOf` (a module-level function, so it is stable) says which changes matter
 * to the caller: a component that shows only the multiplier re-renders when the hundredths
 * change, not sixty times a second.
 */
export function useCrashFrame(round: CrashRoundView | null, clock: CrashClock, capHundredths: number, keyOf: (frame: CrashFrame) => string | number): CrashFrame {
  const [frame, setFrame] = useState(() => frameOf(round, clock, capHundredths));
  const moving = round !== null && round.phase !== 'crashed';

  // A layout effect: a new round's first frame is drawn before the browser paints the old one.
  useLayoutEffect(() => {
    let last: string | number | null = null;
    let cancel = () => {};
    const step = () => {
      const next = frameOf(round, clock, capHundredths);
      const key = keyOf(next);
      if (key !== last) {
        last = key;
        setFrame(next);
      }
      if (moving) cancel = nextFrame(step);
    };
    step();
    return () => cancel();
  }, [round, clock, capHundredths, moving, keyOf]);

  return frame;
}

/** Re-render keys: every frame (the curve), the multiplier and tenths of a second (the texts). */
export const everyFrame = (frame: CrashFrame) => `${frame.elapsedMs}:${frame.countdownMs}`;
export const byMultiplier = (frame: CrashFrame) => `${frame.hundredths}:${Math.ceil(frame.countdownMs / 100)}`;
