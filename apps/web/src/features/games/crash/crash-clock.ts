import { multiplierAt } from '@app/house-games';

/**
 * The server's clock as seen from this tab, and the multiplier it implies. The server decides
 * every cash-out by its own clock, so the curve follows the server: its start (startedAt) is a
 * server time, and the offset between the clocks is learnt from every answer and tick that
 * carries the server's time.
 *
 * Each sample (server time − local time on arrival) is short of the true offset by the message's
 * travel time, so the largest recent sample is the best estimate. Keeping only recent samples
 * lets a local clock change (sleep, NTP step) wash out within seconds.
 */
const SAMPLE_LIMIT = 50;
/**
 * Without a tick for this long the curve stops rising: a frozen connection must not show the
 * multiplier climbing past a crash the tab has not heard about.
 */
export const STALL_MS = 1_000;

export interface CrashClock {
  /** Server epoch ms now. */
  serverNow(): number;
  /** A message stamped with the server's time arrived now. */
  sample(serverTime: number): void;
  /** The server says the round had run `elapsedMs` at its time `at` (a crash.tick). */
  tick(roundId: string, elapsedMs: number, at: number): void;
  /** Elapsed ms of a running round for display: follows the clock, held back when ticks stop. */
  elapsed(roundId: string, startedAtMs: number): number;
}

export function createCrashClock(now: () => number = Date.now): CrashClock {
  const samples: number[] = [];
  let offset = 0;
  /** The last point of the curve the server vouched for. */
  let anchor: { roundId: string; elapsedMs: number } | null = null;

  const serverNow = () => now() + offset;
  const sample = (serverTime: number) => {
    samples.push(serverTime - now());
    if (samples.length > SAMPLE_LIMIT) samples.shift();
    offset = Math.max(...samples);
  };

  return {
    serverNow,
    sample,
    tick(roundId, elapsedMs, at) {
      sample(at);
      anchor = { roundId, elapsedMs };
    },
    elapsed(roundId, startedAtMs) {
      const byClock = Math.max(0, serverNow() - startedAtMs);
      // No tick of this round yet (just loaded, or the round just started): trust the clock.
      if (anchor?.roundId !== roundId) return byClock;
      // Never behind what the server already said, never far ahead of it.
      return Math.min(Math.max(byClock, anchor.elapsedMs), anchor.elapsedMs + STALL_MS);
    },
  };
}

/** The multiplier in hundredths (237 = 2.37×) after `elapsedMs`, never above the game's cap. */
export function hundredthsAt(elapsedMs: number, capHundredths: number): number {
  return Math.min(Math.round(multiplierAt(elapsedMs) * 100), capHundredths);
}

/** "2.37" (a multiplier's wire text) → 237. */
export function hundredthsOf(text: string): number {
  return Math.round(Number(text) * 100);
}

/** What a stake in centavos pays at a multiplier in hundredths (floored to the centavo). */
export function cashOutCents(betCents: bigint, hundredths: number): bigint {
  return (betCents * BigInt(hundredths)) / 100n;
}
