import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * npm run bench:sportsbook — issue 23's three targets, each in its own process (a fresh database
 * and a cold heap each, so one part's load never colours the next):
 *   placement   ≥ 1,000 tickets/s with p99 ≤ 50 ms, no live delay   (bench/sportsbook-placement.ts)
 *   push        5,000 odds changes/s to 2,000 WebSocket clients, p95 ≤ 100 ms (bench/sportsbook-push.ts)
 *   settlement  an event with 200,000 open tickets settled ≤ 60 s    (bench/sportsbook-settlement.ts)
 * `npm run bench:sportsbook -- push` runs one part. Each part prints its own figures.
 */
const PARTS = ['placement', 'push', 'settlement'] as const;
const asked = process.argv.slice(2);
const parts = asked.length > 0 ? PARTS.filter((part) => asked.includes(part)) : PARTS;
if (parts.length === 0) {
  console.error(`unknown part: ${asked.join(' ')} (one of ${PARTS.join(', ')})`);
  process.exit(2);
}

let failed = 0;
for (const part of parts) {
  console.log(`\n=== sportsbook ${part} ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, `sportsbook-${part}.ts`)], { stdio: 'inherit', env: process.env });
  if (run.status !== 0) {
    failed += 1;
    console.error(`sportsbook ${part}: exited with ${run.status ?? run.signal}`);
  }
}
process.exit(failed > 0 ? 1 : 0);
