import { useEffect, useState } from 'react';

/**
 * The lottery's countdowns run on the server's clock: a draw closes when the server says so, and a
 * phone whose clock is a minute fast must not show a draw as closed while it still takes bets.
 * Every lottery answer carries the server's Date header (second resolution); the offset is the
 * median of the last few samples, each taken halfway through its request.
 */
const samples: number[] = [];
let offsetMs = 0;
const MAX_SAMPLES = 7;

export function sampleServerDate(headers: Headers, sentAt: number, receivedAt = Date.now()): void {
  const header = headers.get('date');
  const server = header ? Date.parse(header) : Number.NaN;
  if (!Number.isFinite(server)) return;
  // The header is truncated to the second: its middle is half a second later.
  samples.push(server + 500 - (sentAt + receivedAt) / 2);
  if (samples.length > MAX_SAMPLES) samples.shift();
  const sorted = [...samples].sort((a, b) => a - b);
  offsetMs = sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Server time in epoch milliseconds, as best the client knows it. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** For tests: forget what was learnt. */
export function resetServerClock(): void {
  samples.length = 0;
  offsetMs = 0;
}

/** The server's time, re-rendered every `intervalMs`. */
export function useServerNow(intervalMs = 1000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(serverNow()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
