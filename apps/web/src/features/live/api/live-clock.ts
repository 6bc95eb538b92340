import { useEffect, useState } from 'react';

/**
 * The server's clock as this tab knows it: a betting window closes when the server says so, and a
 * phone whose clock is off must not show a window closed while it still takes bets (or open
 * after it shut). Every lobby and table answer carries serverTime, every live.round push `at`;
 * each sample (server − local on arrival) is short of the true offset by the travel time, so
 * the largest recent one is the best estimate (as the crash clock does).
 */
export interface LiveClock {
  now(): number;
  sample(serverTime: number): void;
}

const SAMPLE_LIMIT = 20;

export function createLiveClock(localNow: () => number = Date.now): LiveClock {
  const samples: number[] = [];
  let offset = 0;
  return {
    now: () => localNow() + offset,
    sample(serverTime) {
      if (!Number.isFinite(serverTime)) return;
      samples.push(serverTime - localNow());
      if (samples.length > SAMPLE_LIMIT) samples.shift();
      offset = Math.max(...samples);
    },
  };
}

/** The tab's one live clock (the lobby and a table share it). */
export const liveClock = createLiveClock();

/** What is left of a betting window in ms by the server's clock, never negative. */
export function remainingMs(bettingEndsAt: string, serverNow: number): number {
  const end = Date.parse(bettingEndsAt);
  return Number.isFinite(end) ? Math.max(0, end - serverNow) : 0;
}

/** Whole seconds shown by a countdown: 14.2 s left reads 15, 0 only when it has closed. */
export function secondsLeft(bettingEndsAt: string, serverNow: number): number {
  return Math.ceil(remainingMs(bettingEndsAt, serverNow) / 1000);
}

/** The server's time, re-rendered every `intervalMs` while `active`. */
export function useLiveNow(intervalMs = 250, active = true, clock: LiveClock = liveClock): number {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setInterval(() => setNow(clock.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, active, clock]);
  return now;
}
