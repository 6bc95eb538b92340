import { runBenchParts } from './bench-parts.ts';

/**
 * npm run bench:lottery — issue 24's two targets, each part in its own process:
 *   placement   ≥ 1,000 tickets/s with p99 ≤ 50 ms            (bench/lottery-placement.ts)
 *   settlement  a draw with 1,000,000 tickets settled ≤ 60 s  (bench/lottery-settlement.ts)
 * `npm run bench:lottery -- settlement` runs one part. Each part prints its own figures.
 */
runBenchParts('lottery', ['placement', 'settlement']);
