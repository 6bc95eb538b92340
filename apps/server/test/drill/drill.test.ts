import { describe, expect, it } from 'vitest';
import { runDrill } from './drill.ts';

/**
 * The small failure drill (`npm run drill` is the long one): two API processes and a worker on a
 * throwaway durable PostgreSQL, vendor callbacks and crash bets through both APIs, and one kill -9
 * each of an API process, the worker (mid-round) and the postmaster, in random order. Every
 * acknowledged operation must be in the ledger exactly once, nothing refused applied, each
 * member's cash what the acknowledgements make it, the ledger check passing, every process alive.
 */
describe('failure drill (small)', () => {
  it(
    'kill -9 of an API process, the worker and PostgreSQL under money traffic loses and doubles nothing acknowledged',
    async () => {
      const summary = await runDrill({ vendorPlayers: 4, crashMembers: 6, cycles: 1, pauseMs: [500, 2500], downMs: [300, 1500], print: (line) => console.log(line) });
      expect(summary.problems).toEqual([]);
      expect(summary.kills.map((kill) => kill.kind).sort()).toEqual(['api', 'postgres', 'worker']);
      expect(summary.check.foundInLedger).toBe(summary.check.expectedInLedger);
      expect(summary.check.expectedInLedger).toBeGreaterThan(50);
      expect(summary.log.figures.retried).toBeGreaterThan(0);
      expect(summary.alive).toBe(true);
    },
    // About a minute on a quiet machine; far longer while other work loads it (process starts dominate).
    300_000,
  );
});
