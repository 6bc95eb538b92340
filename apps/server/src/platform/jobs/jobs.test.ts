import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { testLogger } from '../../../test/test-context.ts';
import { createDb, executeSql, type DbHandle } from '../db.ts';
import { createJobRunner, type JobRunner } from './jobs.ts';

describe('job runner', () => {
  let jobs: JobRunner;
  let dbHandle: DbHandle;
  const handled: unknown[] = [];

  beforeAll(async () => {
    const url = await createTestDatabase();
    dbHandle = createDb({ connectionString: url, max: 2, logger: testLogger });
    jobs = createJobRunner({ connectionString: url, logger: testLogger });
    await jobs.start();
    await jobs.register([{ name: 'test.record', handle: async (data) => void handled.push(data) }]);
  });
  afterAll(async () => {
    await jobs.stop();
    await dbHandle.close();
  });

  const countJobs = async (marker: string) =>
    Number((await executeSql<{ count: bigint }>(dbHandle.db, "select count(*) from pgboss.job where name = 'test.record' and data->>'marker' = $1", [marker])).rows[0]?.count);

  it('enqueues inside the caller transaction: no job if it rolls back', async () => {
    await dbHandle.db
      .transaction()
      .execute(async (tx) => {
        await jobs.enqueue(tx, 'test.record', { marker: 'rolled-back' });
        throw new Error('abort');
      })
      .catch(() => undefined);
    expect(await countJobs('rolled-back')).toBe(0);
  });

  it('runs a job enqueued in a committed transaction', async () => {
    await dbHandle.db.transaction().execute((tx) => jobs.enqueue(tx, 'test.record', { marker: 'committed' }));
    expect(await countJobs('committed')).toBe(1);
    for (let waited = 0; waited < 10_000 && handled.length === 0; waited += 100) await sleep(100);
    expect(handled).toEqual([{ marker: 'committed' }]);
  });
});
