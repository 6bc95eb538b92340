import { sql, type Selectable } from 'kysely';
import type { BonusGrantStatus } from '@app/contracts';
import type { DbExecutor } from '../../platform/db.ts';
import type { BonusGrantTable } from './bonus.tables.ts';

export type GrantRow = Selectable<BonusGrantTable>;

export interface NewGrant {
  key: string;
  memberId: bigint;
  amount: bigint;
  wageringMultiple: string;
  required: bigint;
  expiresAt: Date;
  sourceKind: string;
  sourceId: string;
  note: string | null;
}

/** Inserts the grant unless its key exists; undefined when it did (the caller reads the first). */
export async function insertGrant(tx: DbExecutor, grant: NewGrant): Promise<GrantRow | undefined> {
  return tx
    .insertInto('bonus_grant')
    .values({
      key: grant.key,
      member_id: grant.memberId,
      amount: grant.amount,
      balance: grant.amount,
      wagering_multiple: grant.wageringMultiple,
      required: grant.required,
      expires_at: grant.expiresAt,
      source_kind: grant.sourceKind,
      source_id: grant.sourceId,
      note: grant.note,
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export const findGrantByKey = (executor: DbExecutor, key: string) => executor.selectFrom('bonus_grant').selectAll().where('key', '=', key).executeTakeFirst();

/** Locks the grant row: the round hook, conversion, expiry and forfeit serialise on it. */
export const lockGrant = (tx: DbExecutor, id: bigint) => tx.selectFrom('bonus_grant').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export async function closeGrant(tx: DbExecutor, id: bigint, status: Exclude<BonusGrantStatus, 'active'>, amount: bigint): Promise<void> {
  await tx.updateTable('bonus_grant').set({ status, closed_at: sql<Date>`now()`, closed_amount: amount }).where('id', '=', id).where('status', '=', 'active').execute();
}

/** Active grants whose wagering is complete: the converter's work (a member's, or everyone's). */
export function listCompleted(executor: DbExecutor, memberId?: bigint, limit = 500) {
  let query = executor.selectFrom('bonus_grant').select(['id']).where('status', '=', 'active').whereRef('done', '>=', 'required');
  if (memberId !== undefined) query = query.where('member_id', '=', memberId);
  return query.orderBy('id').limit(limit).execute();
}

export const listDue = (executor: DbExecutor, now: Date, limit = 500) =>
  executor.selectFrom('bonus_grant').select(['id']).where('status', '=', 'active').where('expires_at', '<=', now).orderBy('expires_at').limit(limit).execute();

export const listActiveOf = (executor: DbExecutor, memberId: bigint) =>
  executor.selectFrom('bonus_grant').selectAll().where('member_id', '=', memberId).where('status', '=', 'active').orderBy('id').execute();

export const listMemberGrants = (executor: DbExecutor, memberId: bigint, limit = 100) =>
  executor.selectFrom('bonus_grant').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').limit(limit).execute();

/** Members whose bonus pocket holds more than their active grants (see sweepOrphans). */
export async function listOrphanPockets(executor: DbExecutor, limit: number): Promise<{ memberId: bigint }[]> {
  const { rows } = await sql<{ member_id: string }>`
    select b.member_id from wallet_v_member_balance b
    where b.pocket = 'bonus' and b.balance > bonus_playable(b.member_id)
    order by b.member_id limit ${limit}`.execute(executor);
  return rows.map((row) => ({ memberId: BigInt(row.member_id) }));
}

/** The member's bonus pocket less their active grants' balances, in one snapshot. */
export async function orphanOf(executor: DbExecutor, memberId: bigint): Promise<bigint> {
  const { rows } = await sql<{ orphan: string | null }>`
    select (b.balance - bonus_playable(b.member_id))::text as orphan from wallet_v_member_balance b
    where b.member_id = ${memberId} and b.pocket = 'bonus'`.execute(executor);
  return BigInt(rows[0]?.orphan ?? '0');
}

export const insertSweep = (tx: DbExecutor, memberId: bigint, amount: bigint) =>
  tx.insertInto('bonus_sweep').values({ member_id: memberId, amount }).returning(['id']).executeTakeFirstOrThrow();

export const listContributions = (executor: DbExecutor) =>
  executor.selectFrom('bonus_contribution').select(['game_type', 'percent']).orderBy('percent', 'desc').orderBy('game_type').execute();

export async function listGrants(executor: DbExecutor, filter: { memberIds?: bigint[]; status?: BonusGrantStatus; offset: number; limit: number }) {
  let query = executor.selectFrom('bonus_grant');
  if (filter.memberIds) query = query.where('member_id', 'in', filter.memberIds.length > 0 ? filter.memberIds : [0n]);
  if (filter.status) query = query.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** An operator's contribution percent for a game type (read by the round hook from the next round on). */
export async function upsertContribution(executor: DbExecutor, gameType: string, percent: number): Promise<void> {
  await executor
    .insertInto('bonus_contribution')
    .values({ game_type: gameType, percent })
    .onConflict((conflict) => conflict.column('game_type').doUpdateSet({ percent, updated_at: sql<Date>`now()` }))
    .execute();
}
