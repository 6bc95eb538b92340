import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { testLogger } from '../../../test/test-context.ts';
import { createDb, executeSql, type DbHandle } from '../db.ts';
import { createJobRunner, type JobRunner } from './jobs.ts';

/** The worker side of "failure is normal": pg-boss loses every connection and keeps working. */
describe('job runner after its connections are terminated', () => {
  let jobs: JobRunner;
  let dbHandle: DbHandle;
  const handled: unknown[] = [];
  let databaseName = '';
  let away = false;
  // A database cannot refuse connections to itself: that switch is thrown from the admin database.
  async function asAdmin(statement: string) {
    const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  }

  beforeAll(async () => {
    const url = await createTestDatabase();
    databaseName = new URL(url).pathname.slice(1);
    dbHandle = createDb({ connectionString: url, max: 2, logger: testLogger });
    jobs = createJobRunner({ connectionString: url, logger: testLogger });
    await jobs.start();
    await jobs.register([
      { name: 'test.after_fault', handle: async (data) => void handled.push(data) },
      {
        // Ends while its database refuses connections, so pg-boss's (unawaited) completion fails.
        name: 'test.ends_while_away',
        handle: async () => {
          await asAdmin(`alter database "${databaseName}" allow_connections false`);
          await executeSql(dbHandle.db, "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'jobs'");
          away = true;
        },
      },
    ]);
  });
  afterAll(async () => {
    await asAdmin(`alter database "${databaseName}" allow_connections true`);
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

  it('stays up when a job ends while the database refuses connections (its completion is lost, not thrown at the process)', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await dbHandle.db.transaction().execute((tx) => jobs.enqueue(tx, 'test.ends_while_away', {}));
      for (let waited = 0; waited < 20_000 && !away; waited += 100) await sleep(100);
      expect(away).toBe(true);
      // pg-boss's completion runs right after the handler; give it time to fail.
      await sleep(1_500);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await asAdmin(`alter database "${databaseName}" allow_connections true`);
    }
  }, 30_000);
});
