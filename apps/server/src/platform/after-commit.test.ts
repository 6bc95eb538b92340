import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { testLogger } from '../../test/test-context.ts';
import { afterCommit } from './after-commit.ts';
import { createDb, type DbHandle } from './db.ts';

describe('afterCommit', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = createDb({ connectionString: await createTestDatabase(), max: 2, logger: testLogger });
  });
  afterAll(() => handle.close());

  it('runs at once outside a transaction', async () => {
    const ran: string[] = [];
    await afterCommit(handle.db, () => ran.push('pool'));
    expect(ran).toEqual(['pool']);
  });

  it('runs after COMMIT, in order, and never inside the transaction', async () => {
    const ran: string[] = [];
    await handle.db.transaction().execute(async (tx) => {
      await afterCommit(tx, () => ran.push('a'));
      await afterCommit(tx, () => ran.push('b'));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['a', 'b']);
  });

  it('never runs for a transaction that rolled back', async () => {
    const ran: string[] = [];
    await handle.db
      .transaction()
      .execute(async (tx) => {
        await afterCommit(tx, () => ran.push('rolled back'));
        throw new Error('abort');
      })
      .catch(() => undefined);
    expect(ran).toEqual([]);
  });

  it('never runs when an error aborted the transaction and COMMIT silently rolled it back', async () => {
    const ran: string[] = [];
    await handle.db.transaction().execute(async (tx) => {
      await afterCommit(tx, () => ran.push('aborted'));
      await sql`select 1 / 0`.execute(tx).catch(() => undefined);
    });
    expect(ran).toEqual([]);
  });

  it('follows raw and Kysely savepoints: work rolled back to a savepoint loses its callbacks', async () => {
    const ran: string[] = [];
    await handle.db.transaction().execute(async (tx) => {
      await afterCommit(tx, () => ran.push('before'));
      await sql`savepoint inner_work`.execute(tx);
      await afterCommit(tx, () => ran.push('undone'));
      await sql`select 1 / 0`.execute(tx).catch(() => undefined);
      await sql`rollback to savepoint inner_work`.execute(tx);
      await sql`release savepoint inner_work`.execute(tx);
      await sql`savepoint kept`.execute(tx);
      await afterCommit(tx, () => ran.push('released'));
      await sql`release savepoint kept`.execute(tx);
    });
    const controlled = await handle.db.startTransaction().execute();
    const saved = await controlled.savepoint('k').execute();
    await afterCommit(saved, () => ran.push('kysely undone'));
    await saved.rollbackToSavepoint('k').execute();
    await afterCommit(controlled, () => ran.push('kysely after'));
    await controlled.commit().execute();
    expect(ran).toEqual(['before', 'released', 'kysely after']);
  });
});
