import { runBenchParts } from './bench-parts.ts';

/**
 * npm run bench:live-tables — issue 25's two targets, each part in its own process:
 *   ws    2,000 WebSocket clients at one table receive each round event within 100 ms at p95  (bench/live-tables-ws.ts)
 *   bets  500 bets/s at the close of the window accepted with p99 ≤ 50 ms                     (bench/live-tables-bets.ts)
 * `npm run bench:live-tables -- bets` runs one part. Each part prints its own figures.
 */
runBenchParts('live-tables', ['ws', 'bets']);
