import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

export type AdjustmentRow = NonNullable<Awaited<ReturnType<typeof findAdjustment>>>;

/** Inserts the request unless this operator already used the key; answers the new row or undefined. */
export async function insertAdjustment(
  executor: DbExecutor,
  request: { memberId: bigint; amount: bigint; reason: string; key: string; operatorId: bigint; operatorName: string },
) {
  return executor
    .insertInto('wallet_adjustment_request')
    .values({
      member_id: request.memberId,
      amount: request.amount,
      reason: request.reason,
      request_key: request.key,
      requested_by: request.operatorId,
      requested_by_name: request.operatorName,
    })
    .onConflict((conflict) => conflict.columns(['requested_by', 'request_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findAdjustmentByKey(executor: DbExecutor, operatorId: bigint, key: string) {
  return executor.selectFrom('wallet_adjustment_request').selectAll().where('requested_by', '=', operatorId).where('request_key', '=', key).executeTakeFirst();
}

export async function findAdjustment(executor: DbExecutor, id: bigint) {
  return executor.selectFrom('wallet_adjustment_request').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The request row-locked for a decision: two checkers deciding at once go one after the other. */
export async function lockAdjustment(executor: DbExecutor, id: bigint) {
  return executor.selectFrom('wallet_adjustment_request').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function decideAdjustment(
  executor: DbExecutor,
  id: bigint,
  decision: { status: 'approved' | 'rejected'; operatorId: bigint; operatorName: string; note: string | null; journalId: bigint | null },
) {
  return executor
    .updateTable('wallet_adjustment_request')
    .set({
      status: decision.status,
      decided_by: decision.operatorId,
      decided_by_name: decision.operatorName,
      decided_at: sql<Date>`now()`,
      decision_note: decision.note,
      journal_id: decision.journalId,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listAdjustments(executor: DbExecutor, filter: { status?: string; memberId?: bigint; limit: number; offset: number }) {
  let query = executor.selectFrom('wallet_adjustment_request');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.memberId !== undefined) query = query.where('member_id', '=', filter.memberId);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
