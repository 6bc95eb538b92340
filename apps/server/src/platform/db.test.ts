import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { testLogger } from '../../test/test-context.ts';
import { createDb, isDatabaseUnavailable, type DbHandle } from './db.ts';

describe('createDb', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = createDb({ connectionString: await createTestDatabase(), max: 1, logger: testLogger });
  });
  afterAll(() => handle.close());

  it('drops a client whose session was terminated under a query, so the next statement gets a live one', async () => {
    // One client in the pool: the statement right after the kill would get the dead one back.
    const before = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0]!.pid;
    const killed = await sql`select pg_terminate_backend(pg_backend_pid())`.execute(handle.db).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(killed)).toBe(true);
    const after = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0]!.pid;
    expect(after).not.toBe(before);
  });
});
