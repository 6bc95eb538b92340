import { sql, type Selectable } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';
import type { PromotionsRewardTable } from './promotions.tables.ts';

export interface RewardRow {
  id: bigint;
  promotionId: bigint;
  memberId: bigint;
  sourceKey: string;
  kind: 'cash' | 'bonus';
  amount: bigint;
  wageringMultiple: number | null;
  expiryDays: number | null;
  status: RewardStatus;
  issuedAt: Date;
  claimedAt: Date | null;
  /** Claimable: when it expires; expired: when it was due. */
  expiresAt: Date | null;
}

export type RewardStatus = 'claimable' | 'claimed' | 'expired';

const COLUMNS = ['id', 'promotion_id', 'member_id', 'source_key', 'kind', 'amount', 'wagering_multiple', 'expiry_days', 'status', 'issued_at', 'claimed_at', 'expires_at'] as const;

function toRow(row: Pick<Selectable<PromotionsRewardTable>, (typeof COLUMNS)[number]>): RewardRow {
  return {
    id: row.id,
    promotionId: row.promotion_id,
    memberId: row.member_id,
    sourceKey: row.source_key,
    kind: row.kind,
    amount: row.amount,
    wageringMultiple: row.wagering_multiple === null ? null : Number(row.wagering_multiple),
    expiryDays: row.expiry_days,
    status: row.status,
    issuedAt: row.issued_at,
    claimedAt: row.claimed_at,
    expiresAt: row.expires_at,
  };
}

/** Issues a reward once per source key; a replay answers the reward the first issue made. */
export async function issueReward(
  db: DbExecutor,
  input: { promotionId: bigint; memberId: bigint; sourceKey: string; kind: 'cash' | 'bonus'; amount: bigint; wageringMultiple: number | null; expiryDays: number | null },
): Promise<{ reward: RewardRow; created: boolean }> {
  const inserted = await db
    .insertInto('promotions_reward')
    .values({
      promotion_id: input.promotionId,
      member_id: input.memberId,
      source_key: input.sourceKey,
      kind: input.kind,
      amount: input.amount,
      wagering_multiple: input.wageringMultiple === null ? null : input.wageringMultiple.toFixed(2),
      expiry_days: input.expiryDays,
      // The promotion's own setting decides how long the reward waits to be claimed.
      expires_at: sql<Date>`now() + (select reward_expiry_days from promotions_promotion where id = ${input.promotionId}) * interval '1 day'`,
    })
    .onConflict((conflict) => conflict.column('source_key').doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  if (inserted) return { reward: toRow(inserted), created: true };
  const existing = await db.selectFrom('promotions_reward').select(COLUMNS).where('source_key', '=', input.sourceKey).executeTakeFirstOrThrow();
  return { reward: toRow(existing), created: false };
}

/** The member's reward, locked: concurrent claims of one reward queue here and the second finds it claimed. */
export async function lockReward(db: DbExecutor, id: bigint, memberId: bigint): Promise<RewardRow | undefined> {
  const row = await db.selectFrom('promotions_reward').select(COLUMNS).where('id', '=', id).where('member_id', '=', memberId).forUpdate().executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function markClaimed(db: DbExecutor, id: bigint): Promise<RewardRow> {
  const row = await db.updateTable('promotions_reward').set({ status: 'claimed', claimed_at: sql<Date>`now()` }).where('id', '=', id).returning(COLUMNS).executeTakeFirstOrThrow();
  return toRow(row);
}

export async function rewardsOf(db: DbExecutor, memberId: bigint, status: RewardStatus | readonly RewardStatus[], limit: number): Promise<RewardRow[]> {
  const statuses: readonly RewardStatus[] = typeof status === 'string' ? [status] : status;
  const rows = await db.selectFrom('promotions_reward').select(COLUMNS).where('member_id', '=', memberId).where('status', 'in', statuses).orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toRow);
}

/** The member's latest reward per promotion (the /promotions states issued and claimed). */
export async function latestRewardsFor(db: DbExecutor, memberId: bigint, promotionIds: readonly bigint[]): Promise<Map<bigint, RewardRow>> {
  if (promotionIds.length === 0) return new Map();
  const rows = await db.selectFrom('promotions_reward').select(COLUMNS).where('member_id', '=', memberId).where('promotion_id', 'in', promotionIds).orderBy('id').execute();
  return new Map(rows.map((row) => [row.promotion_id, toRow(row)]));
}

export async function countClaimable(db: DbExecutor, memberId: bigint): Promise<{ claimable: number; unseen: number }> {
  const row = await db
    .selectFrom('promotions_reward')
    .select([(eb) => eb.fn.countAll<string>().as('claimable'), sql<string>`count(*) filter (where seen_at is null)`.as('unseen')])
    .where('member_id', '=', memberId)
    .where('status', '=', 'claimable')
    .executeTakeFirstOrThrow();
  return { claimable: Number(row.claimable), unseen: Number(row.unseen) };
}

/** The reward centre was opened: its badge clears until a new reward arrives. */
export async function markSeen(db: DbExecutor, memberId: bigint): Promise<void> {
  await db.updateTable('promotions_reward').set({ seen_at: sql<Date>`now()` }).where('member_id', '=', memberId).where('seen_at', 'is', null).execute();
}

/**
 * Marks claimable rewards whose time is up as expired, at most `limit` per call. Rows a claim has
 * locked are skipped (the claim sees the time itself); the next run takes them if still unclaimed.
 */
export async function expireDue(db: DbExecutor, now: Date, limit: number): Promise<number> {
  // Rewards inserted set-based (periodic runs) carry no expires_at: give them their promotion's.
  await sql`
    update promotions_reward r set expires_at = r.issued_at + p.reward_expiry_days * interval '1 day'
    from promotions_promotion p
    where p.id = r.promotion_id and r.status = 'claimable' and r.expires_at is null`.execute(db);
  const result = await db
    .updateTable('promotions_reward')
    .set({ status: 'expired', expired_at: now })
    .where('id', 'in', (eb) =>
      eb.selectFrom('promotions_reward').select('id').where('status', '=', 'claimable').where('expires_at', '<=', now).orderBy('expires_at').limit(limit).forUpdate().skipLocked(),
    )
    .where('status', '=', 'claimable')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface RewardTally {
  promotionId: bigint;
  status: RewardStatus;
  kind: 'cash' | 'bonus';
  count: number;
  amount: bigint;
}

/** Rewards per promotion, status and kind: how many and their sum (the cost report). */
export async function rewardTallies(db: DbExecutor, promotionIds: readonly bigint[]): Promise<RewardTally[]> {
  if (promotionIds.length === 0) return [];
  const rows = await db
    .selectFrom('promotions_reward')
    .select(['promotion_id', 'status', 'kind', (eb) => eb.fn.countAll<string>().as('count'), sql<string>`sum(amount)::text`.as('amount')])
    .where('promotion_id', 'in', promotionIds)
    .groupBy(['promotion_id', 'status', 'kind'])
    .execute();
  return rows.map((row) => ({ promotionId: row.promotion_id, status: row.status, kind: row.kind, count: Number(row.count), amount: BigInt(row.amount) }));
}
