import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

export async function listSettings(db: DbExecutor): Promise<{ key: string; value: unknown }[]> {
  return db.selectFrom('system_setting').select(['key', 'value']).execute();
}

export async function upsertSetting(db: DbExecutor, key: string, value: unknown, updatedBy: string): Promise<void> {
  await db
    .insertInto('system_setting')
    .values({ key, value: JSON.stringify(value), updated_by: updatedBy })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({ value: JSON.stringify(value), updated_by: updatedBy, updated_at: sql`now()` }),
    )
    .execute();
}

export async function insertSettingIfMissing(db: DbExecutor, key: string, value: unknown, updatedBy: string): Promise<void> {
  await db
    .insertInto('system_setting')
    .values({ key, value: JSON.stringify(value), updated_by: updatedBy })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
}

export async function recordHeartbeat(
  db: DbExecutor,
  worker: { workerId: string; hostname: string; pid: number; startedAt: Date },
): Promise<void> {
  await db
    .insertInto('system_worker_heartbeat')
    .values({
      worker_id: worker.workerId,
      hostname: worker.hostname,
      pid: worker.pid,
      started_at: worker.startedAt,
      seen_at: sql<Date>`now()`,
    })
    .onConflict((conflict) => conflict.column('worker_id').doUpdateSet({ seen_at: sql<Date>`now()` }))
    .execute();
}

export async function findLatestHeartbeat(db: DbExecutor): Promise<Date | undefined> {
  const row = await db.selectFrom('system_worker_heartbeat').select(({ fn }) => fn.max('seen_at').as('seen_at')).executeTakeFirst();
  return row?.seen_at ?? undefined;
}

/** Creates the secret if no process has yet, then answers the stored value (same for every process). */
export async function findOrCreateSecret(db: DbExecutor, name: string, candidate: Buffer): Promise<Buffer> {
  await db
    .insertInto('system_secret')
    .values({ name, value: candidate })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('system_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
