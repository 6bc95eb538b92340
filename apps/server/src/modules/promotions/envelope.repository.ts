import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

export async function envelopeSplit(db: DbExecutor, promotionId: bigint): Promise<boolean> {
  return (await db.selectFrom('promotions_envelope_share').select('seq').where('promotion_id', '=', promotionId).limit(1).executeTakeFirst()) !== undefined;
}

export async function insertShares(db: DbExecutor, promotionId: bigint, amounts: readonly bigint[]): Promise<void> {
  await db
    .insertInto('promotions_envelope_share')
    .values(amounts.map((amount, index) => ({ promotion_id: promotionId, seq: index + 1, amount })))
    .execute();
}

export async function shareOf(db: DbExecutor, promotionId: bigint, memberId: bigint): Promise<{ seq: number; amount: bigint } | undefined> {
  return db.selectFrom('promotions_envelope_share').select(['seq', 'amount']).where('promotion_id', '=', promotionId).where('member_id', '=', memberId).executeTakeFirst();
}

/**
 * Gives the member one free share: concurrent grabs skip rows another transaction holds, so each
 * takes a different share and none is handed out twice. Undefined when every share is taken.
 * The free share is picked by a scalar subquery, which runs once. Joined in as `update … from
 * (select … limit 1 for update skip locked)`, PostgreSQL may put it on the inner side of a nested
 * loop and run it again for each share row: each re-run skips the row this statement just updated
 * and locks the next one, so one grab took several shares (the CI run's duplicate-key error on
 * promotions_envelope_share_member_idx, when the statistics did not know the new envelope).
 */
export async function takeShare(db: DbExecutor, promotionId: bigint, memberId: bigint): Promise<{ seq: number; amount: bigint } | undefined> {
  const { rows } = await sql<{ seq: number; amount: string }>`
    update promotions_envelope_share set member_id = ${memberId}, grabbed_at = now()
    where promotion_id = ${promotionId}
      and seq = (select seq from promotions_envelope_share where promotion_id = ${promotionId} and member_id is null order by seq limit 1 for update skip locked)
    returning seq, amount::text as amount`.execute(db);
  const row = rows[0];
  return row ? { seq: row.seq, amount: BigInt(row.amount) } : undefined;
}

/** Serialises the first grabs of an envelope on its promotion row (a no-key lock: inserts' foreign-key checks pass). */
export async function lockForSplit(db: DbExecutor, promotionId: bigint): Promise<void> {
  await db.selectFrom('promotions_promotion').select('id').where('id', '=', promotionId).forNoKeyUpdate().execute();
}
