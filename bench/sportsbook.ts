import { runBenchParts } from './bench-parts.ts';

/**
 * npm run bench:sportsbook — issue 23's three targets, each part in its own process:
 *   placement   ≥ 1,000 tickets/s with p99 ≤ 50 ms, no live delay   (bench/sportsbook-placement.ts)
 *   push        5,000 odds changes/s to 2,000 WebSocket clients, p95 ≤ 100 ms (bench/sportsbook-push.ts)
 *   settlement  an event with 200,000 open tickets settled ≤ 60 s    (bench/sportsbook-settlement.ts)
 * `npm run bench:sportsbook -- push` runs one part. Each part prints its own figures.
 */
runBenchParts('sportsbook', ['placement', 'push', 'settlement']);
