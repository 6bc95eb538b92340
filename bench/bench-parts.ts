import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * Runs a benchmark's parts (bench/<name>-<part>.ts), each in its own process — a fresh database and
 * a cold heap each, so one part's load never colours the next. The command line's arguments pick
 * parts (`npm run bench:<name> -- <part>`); none runs them all. Exits non-zero if any part failed.
 */
export function runBenchParts(name: string, parts: readonly string[]): never {
  const asked = process.argv.slice(2);
  const chosen = asked.length > 0 ? parts.filter((part) => asked.includes(part)) : parts;
  if (chosen.length === 0) {
    console.error(`unknown part: ${asked.join(' ')} (one of ${parts.join(', ')})`);
    process.exit(2);
  }
  let failed = 0;
  for (const part of chosen) {
    console.log(`\n=== ${name} ${part} ===`);
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, `${name}-${part}.ts`)], { stdio: 'inherit', env: process.env });
    if (run.status !== 0) {
      failed += 1;
      console.error(`${name} ${part}: exited with ${run.status ?? run.signal}`);
    }
  }
  process.exit(failed > 0 ? 1 : 0);
}
