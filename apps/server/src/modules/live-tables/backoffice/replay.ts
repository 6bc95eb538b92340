import { sql } from 'kysely';
import { AppError } from '@app/kernel';
import type { Db, DbExecutor } from '../../../platform/db.ts';

/**
 * One console change per request id (live_backoffice_action): the first request claims the id in
 * its transaction and stores its outcome; a replay (even concurrent: the claim waits for the first
 * transaction) answers that outcome and changes nothing. A failed change leaves no claim behind.
 */
export async function oncePerRequest<T>(db: Db, claim: { requestId: string; operatorId: bigint; action: string }, change: (tx: DbExecutor) => Promise<T>): Promise<{ outcome: T; replayed: boolean }> {
  return db.transaction().execute(async (tx) => {
    const claimed = await sql`
      insert into live_backoffice_action (request_id, operator_id, action, outcome) values (${claim.requestId}::uuid, ${claim.operatorId}, ${claim.action}, '{}'::jsonb)
      on conflict (request_id) do nothing`.execute(tx);
    if (Number(claimed.numAffectedRows ?? 0n) === 0) {
      const first = (await sql<{ action: string; outcome: T }>`select action, outcome from live_backoffice_action where request_id = ${claim.requestId}::uuid`.execute(tx)).rows[0]!;
      if (first.action !== claim.action) throw new AppError('live_console.request_id_reused', 'this request id was used for another change', { action: first.action });
      return { outcome: first.outcome, replayed: true };
    }
    const outcome = await change(tx);
    await sql`update live_backoffice_action set outcome = ${JSON.stringify(outcome)}::jsonb where request_id = ${claim.requestId}::uuid`.execute(tx);
    return { outcome, replayed: false };
  });
}
