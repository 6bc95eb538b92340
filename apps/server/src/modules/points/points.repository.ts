import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

/** The mall's and the points pages' SQL. Other modules' data only through their published views. */

export async function listRates(db: DbExecutor) {
  return db.selectFrom('points_rate').select(['source', 'points_per_real']).orderBy('source').execute();
}

export async function getConfig(db: DbExecutor) {
  return db.selectFrom('points_config').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

export async function listItems(db: DbExecutor, options: { activeOnly: boolean }) {
  let query = db.selectFrom('points_item').selectAll().orderBy('sort').orderBy('id');
  if (options.activeOnly) query = query.where('active', '=', true);
  return query.execute();
}
export type ItemRow = Awaited<ReturnType<typeof listItems>>[number];

export async function findItem(db: DbExecutor, id: bigint) {
  return db.selectFrom('points_item').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Units of each item redeemed (rejections not counted), by one member or by everyone. */
export async function redeemedByItem(db: DbExecutor, memberId: bigint | null): Promise<Map<bigint, number>> {
  let query = db
    .selectFrom('points_redemption')
    .select(['item_id', (eb) => eb.fn.sum<string>('quantity').as('n')])
    .where('status', '<>', 'rejected')
    .groupBy('item_id');
  if (memberId !== null) query = query.where('member_id', '=', memberId);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.item_id, Number(row.n)]));
}

/** The member's credited deposits and valid bet in all (centavos): the mall's amount requirements. */
export async function memberTotals(db: DbExecutor, memberId: bigint): Promise<{ deposits: bigint; validBet: bigint }> {
  const result = await sql<{ deposits: bigint; valid_bet: bigint }>`
    select
      (select coalesce(sum(credited_amount), 0)::bigint from payments_v_deposit where member_id = ${memberId} and status = 'credited') as deposits,
      (select coalesce(sum(valid_bet), 0)::bigint from agents_v_member_day where member_id = ${memberId})
        + (select coalesce(sum(valid_bet), 0)::bigint from agents_v_settled_play where member_id = ${memberId} and not rolled_up) as valid_bet`.execute(db);
  const row = result.rows[0]!;
  return { deposits: BigInt(row.deposits), validBet: BigInt(row.valid_bet) };
}

export async function listMovements(db: DbExecutor, memberId: bigint, options: { before?: bigint; limit: number }) {
  let query = db.selectFrom('points_movement').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').limit(options.limit);
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  return query.execute();
}

export async function movementTotals(db: DbExecutor, memberId: bigint): Promise<{ earned: bigint; spent: bigint }> {
  const row = await sql<{ earned: bigint; spent: bigint }>`
    -- A rejected redemption's points coming back lower what was spent; they were not earned again.
    select coalesce(sum(amount) filter (where source in ('deposit', 'play')), 0)::bigint as earned,
      coalesce(-sum(amount) filter (where source in ('redeem', 'redeem_return', 'convert')), 0)::bigint as spent
    from points_movement where member_id = ${memberId}`.execute(db);
  return { earned: BigInt(row.rows[0]!.earned), spent: BigInt(row.rows[0]!.spent) };
}

export async function listMemberRedemptions(db: DbExecutor, memberId: bigint, limit: number) {
  return db.selectFrom('points_redemption').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').limit(limit).execute();
}
export type RedemptionRow = Awaited<ReturnType<typeof listMemberRedemptions>>[number];

export async function listRedemptions(db: DbExecutor, status: 'in_process' | 'approved' | 'rejected', limit: number) {
  const query = db.selectFrom('points_redemption').selectAll().where('status', '=', status).limit(limit);
  // The queue is worked oldest first; decided ones are read newest first.
  return (status === 'in_process' ? query.orderBy('id', 'asc') : query.orderBy('decided_at', 'desc').orderBy('id', 'desc')).execute();
}
