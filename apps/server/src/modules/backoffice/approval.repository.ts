import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

export type ApprovalRow = NonNullable<Awaited<ReturnType<typeof findApproval>>>;

const json = (value: Record<string, unknown>) => JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item));

/** Inserts a pending request unless one of its kind and target is pending already (answers undefined then). */
export async function insertApproval(executor: DbExecutor, request: { kind: string; target: string; payload: Record<string, unknown>; reason: string; operatorId: bigint; operatorName: string }) {
  return executor
    .insertInto('backoffice_approval_request')
    .values({ kind: request.kind, target: request.target, payload: json(request.payload), reason: request.reason, requested_by: request.operatorId, requested_by_name: request.operatorName })
    .onConflict((conflict) => conflict.columns(['kind', 'target']).where('status', '=', 'pending').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findPending(executor: DbExecutor, kind: string, target: string) {
  return executor.selectFrom('backoffice_approval_request').selectAll().where('kind', '=', kind).where('target', '=', target).where('status', '=', 'pending').executeTakeFirst();
}

export async function findApproval(executor: DbExecutor, id: bigint) {
  return executor.selectFrom('backoffice_approval_request').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Row-locked for a decision: two checkers deciding at once go one after the other. */
export async function lockApproval(executor: DbExecutor, id: bigint) {
  return executor.selectFrom('backoffice_approval_request').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function decideApproval(
  executor: DbExecutor,
  id: bigint,
  decision: { status: 'approved' | 'rejected' | 'failed'; operatorId: bigint; operatorName: string; note: string | null; result: Record<string, unknown> | null },
) {
  return executor
    .updateTable('backoffice_approval_request')
    .set({ status: decision.status, decided_by: decision.operatorId, decided_by_name: decision.operatorName, decided_at: sql<Date>`now()`, decision_note: decision.note, result: decision.result === null ? null : json(decision.result) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** The outcome of an approved action that ran after its approval committed (or its failure). */
export async function recordOutcome(executor: DbExecutor, id: bigint, outcome: { status: 'approved' | 'failed'; result: Record<string, unknown> }) {
  return executor
    .updateTable('backoffice_approval_request')
    .set({ status: outcome.status, result: json(outcome.result) })
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listApprovals(executor: DbExecutor, filter: { status?: 'pending' | 'approved' | 'rejected' | 'failed'; kinds: readonly string[]; orRequestedBy: bigint; target?: string; limit: number; offset: number }) {
  const query = executor
    .selectFrom('backoffice_approval_request')
    .where((eb) => eb.or([...(filter.kinds.length > 0 ? [eb('kind', 'in', [...filter.kinds])] : []), eb('requested_by', '=', filter.orRequestedBy)]))
    .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status!))
    .$if(filter.target !== undefined, (q) => q.where('target', '=', filter.target!));
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
