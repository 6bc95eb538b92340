import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/seed/demo-data.ts';
import { createTestContext, type TestContext } from '../test-context.ts';
import { runFuzz, type FuzzReport } from './fuzz-run.ts';
import { SKIPS } from './skips.ts';

/**
 * Issue 28, fuzzing: every operation of the OpenAPI document, as nobody, a member, an agent and an
 * operator, with generated invalid requests (money must not move) and then valid ones; no answer
 * may be a 5xx or leave the documented error shape. Seeded: FUZZ_SEED=<seed> replays a run.
 *
 * Bounded here (one round of each, well under a minute); `npm run fuzz` runs the same harness for
 * FUZZ_SECONDS (default 300) with more rounds. Skipped requests and why: skips.ts.
 */
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 0);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31 - 1);
const VENDOR_SECRET = 'fuzz-vendor-secret-0123456789';

describe('OpenAPI fuzzing', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { DEMO_VENDOR_SECRET: VENDOR_SECRET } });
    // The demo site (catalogue, content, promotions, missions, DEMOVENDOR): valid requests meet real records.
    await seedDemoData(ctx.core.modules);
  });
  afterAll(() => ctx?.close());

  it(
    'answers every generated request below 500, refuses in the documented shape, and moves no money for an invalid one',
    async () => {
      const started = Date.now();
      const long = SECONDS > 0;
      const report = await runFuzz(ctx.core, ctx.app, {
        seed: SEED,
        invalidPerBatch: 2,
        validPerBatch: 1,
        invalidRounds: long ? 1000 : 1,
        validRounds: long ? 1000 : 1,
        // The long run gives valid requests the larger share: edge values that pass the schemas are what reach the database's constraints.
        ...(long ? { invalidUntil: started + SECONDS * 400, validUntil: started + SECONDS * 1000 } : {}),
        vendorSecret: VENDOR_SECRET,
        log: long ? (line) => console.log(line) : undefined,
      });
      console.log(summary(report, (Date.now() - started) / 1000));
      if (long) console.log(`operations that never answered 2xx:\n  ${report.neverSucceeded.join('\n  ')}`);
      for (const failure of report.failures) console.log(`FAILED ${failure.kind}: ${failure.operation} as ${failure.caller} (${failure.mutation}): ${failure.problem}\n  answer ${failure.status ?? '-'} ${failure.answer ?? ''}\n  replay ${JSON.stringify(failure.requests)}`);
      expect(report.operationsCovered).toBe(report.operations);
      expect(report.failures.map((failure) => `${failure.kind}: ${failure.operation} as ${failure.caller}: ${failure.problem}`)).toEqual([]);
    },
    (SECONDS > 0 ? SECONDS * 1.5 : 150) * 1000,
  );
});

function summary(report: FuzzReport, seconds: number): string {
  return [
    `fuzz seed ${report.seed} (FUZZ_SEED=${report.seed} replays it), ${seconds.toFixed(1)} s`,
    `  operations: ${report.operationsCovered} of ${report.operations} covered, ${report.operationsWithSuccess} answered 2xx at least once`,
    `  requests sent: ${report.requests} (${report.invalidRequests} invalid, ${report.validRequests} valid; rounds ${report.rounds.invalid} invalid + ${report.rounds.valid} valid)`,
    `  answers: ${Object.entries(report.byStatusClass).sort().map(([status, count]) => `${status} ${count}`).join(', ')}`,
    `  5xx: ${report.serverErrors}, shape violations: ${report.shapeViolations}, money changes after invalid requests: ${report.moneyChanges}`,
    `  slowest operations: ${report.slowestOperations.join(', ')}`,
    `  skipped requests: ${report.skippedRequests} (${SKIPS.length} rules), unsendable: ${report.unsendable}, callers renewed: ${report.callerRenewals}`,
    ...SKIPS.map((skip) => `  skip ${skip.operation} as ${skip.callers.join(', ')}: ${skip.reason}`),
  ].join('\n');
}
