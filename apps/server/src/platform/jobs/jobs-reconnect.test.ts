import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { testLogger } from '../../../test/test-context.ts';
import { createDb, executeSql, type DbHandle } from '../db.ts';
import { createJobRunner, type JobRunner } from './jobs.ts';

/** The worker side of "failure is normal": pg-boss loses every connection and keeps working. */
describe('job runner after its connections are terminated', () => {
  let jobs: JobRunner;
  let dbHandle: DbHandle;
  const handled: unknown[] = [];

  beforeAll(async () => {
    const url = await createTestDatabase();
    dbHandle = createDb({ connectionString: url, max: 2, logger: testLogger });
    jobs = createJobRunner({ connectionString: url, logger: testLogger });
    await jobs.start();
    await jobs.register([{ name: 'test.after_fault', handle: async (data) => void handled.push(data) }]);
  });
  afterAll(async () => {
    await jobs.stop();
    await dbHandle.close();
  });

  it('runs a job enqueued after pg_terminate_backend of its connections', async () => {
    await executeSql(dbHandle.db, "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'jobs'");
    // Enqueued through the runner (its own pool), which must have replaced the dead connections.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await dbHandle.db.transaction().execute((tx) => jobs.enqueue(tx, 'test.after_fault', { marker: 'after' }));
        break;
      } catch (error) {
        if (attempt > 20) throw error;
        await sleep(250);
      }
    }
    for (let waited = 0; waited < 20_000 && handled.length === 0; waited += 100) await sleep(100);
    expect(handled).toEqual([{ marker: 'after' }]);
  }, 30_000);
});
