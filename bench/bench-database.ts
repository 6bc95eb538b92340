import { createScratchDatabase } from '../apps/server/src/platform/scratch-database.ts';

/** A fresh, migrated database for one benchmark run, on DATABASE_URL or embedded (createScratchDatabase). */
export function createBenchDatabase(name: string, embeddedPortBase: number) {
  return createScratchDatabase(`bench_${name}`, process.env.DATABASE_URL, embeddedPortBase);
}
