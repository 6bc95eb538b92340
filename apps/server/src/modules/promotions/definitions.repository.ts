import { sql } from 'kysely';
import { REWARD_EXPIRY_DAYS_DEFAULT, type DepositMatch, type PromotionEligibility, type PromotionReward, type PromotionStatus, type PromotionText, type PromotionType } from '@app/contracts';
import type { DbExecutor } from '../../platform/db.ts';

/** A promotion as the services work with it: amounts in centavos, texts and rules parsed. */
export interface PromotionRow {
  id: bigint;
  type: PromotionType;
  status: PromotionStatus;
  startsAt: Date;
  endsAt: Date | null;
  eligibility: PromotionEligibility;
  budget: bigint;
  spent: bigint;
  memberCap: bigint;
  reward: PromotionReward;
  texts: { pt: PromotionText; en: PromotionText };
  imageUrl: string | null;
  sortOrder: number;
  updatedAt: Date;
  updatedBy: string;
  envelopeShares: number | null;
  /** Deposit match: percent and first-deposit-only (null for other types). */
  depositMatch: DepositMatch | null;
  rewardExpiryDays: number;
}

/** Deposit match and reward expiry may be left out (none, and the default 30 days). */
export type PromotionWrite = Omit<PromotionRow, 'id' | 'status' | 'spent' | 'updatedAt' | 'depositMatch' | 'rewardExpiryDays'> & Partial<Pick<PromotionRow, 'depositMatch' | 'rewardExpiryDays'>>;

const COLUMNS = ['id', 'type', 'status', 'starts_at', 'ends_at', 'eligibility', 'budget', 'spent', 'member_cap', 'reward', 'texts', 'image_url', 'sort_order', 'updated_at', 'updated_by', 'envelope_shares', 'deposit_match', 'reward_expiry_days'] as const;

interface Stored {
  id: bigint;
  type: PromotionType;
  status: PromotionStatus;
  starts_at: Date;
  ends_at: Date | null;
  eligibility: unknown;
  budget: bigint;
  spent: bigint;
  member_cap: bigint;
  reward: unknown;
  texts: unknown;
  image_url: string | null;
  sort_order: number;
  updated_at: Date;
  updated_by: string;
  envelope_shares: number | null;
  deposit_match: unknown;
  reward_expiry_days: number;
}

// The JSON columns are written only by this module from schema-checked input: read back as written.
function toRow(row: Stored): PromotionRow {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    eligibility: row.eligibility as PromotionEligibility,
    budget: row.budget,
    spent: row.spent,
    memberCap: row.member_cap,
    reward: row.reward as PromotionReward,
    texts: row.texts as PromotionRow['texts'],
    imageUrl: row.image_url,
    sortOrder: row.sort_order,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    envelopeShares: row.envelope_shares,
    depositMatch: (row.deposit_match ?? null) as DepositMatch | null,
    rewardExpiryDays: row.reward_expiry_days,
  };
}

function values(write: PromotionWrite) {
  return {
    type: write.type,
    starts_at: write.startsAt,
    ends_at: write.endsAt,
    eligibility: JSON.stringify(write.eligibility),
    budget: write.budget,
    member_cap: write.memberCap,
    reward: JSON.stringify(write.reward),
    texts: JSON.stringify(write.texts),
    image_url: write.imageUrl,
    sort_order: write.sortOrder,
    updated_by: write.updatedBy,
    envelope_shares: write.envelopeShares,
    deposit_match: write.depositMatch ? JSON.stringify(write.depositMatch) : null,
    reward_expiry_days: write.rewardExpiryDays ?? REWARD_EXPIRY_DAYS_DEFAULT,
  };
}

export async function listPromotions(db: DbExecutor): Promise<PromotionRow[]> {
  const rows = await db.selectFrom('promotions_promotion').select(COLUMNS).orderBy('sort_order').orderBy('id', 'desc').limit(500).execute();
  return rows.map(toRow);
}

/** Active promotions that have not ended: what /promotions shows (coming soon included). */
export async function listLivePromotions(db: DbExecutor, now: Date): Promise<PromotionRow[]> {
  const rows = await db
    .selectFrom('promotions_promotion')
    .select(COLUMNS)
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('sort_order')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map(toRow);
}

export async function findPromotion(db: DbExecutor, id: bigint, options: { forUpdate?: boolean } = {}): Promise<PromotionRow | undefined> {
  let query = db.selectFrom('promotions_promotion').select(COLUMNS).where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function findByKey(db: DbExecutor, key: string): Promise<PromotionRow | undefined> {
  const row = await db.selectFrom('promotions_promotion').select(COLUMNS).where('idempotency_key', '=', key).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** Undefined when a concurrent create with the same key committed first. */
export async function insertPromotion(db: DbExecutor, write: PromotionWrite, key: string | null): Promise<PromotionRow | undefined> {
  const row = await db
    .insertInto('promotions_promotion')
    .values({ ...values(write), idempotency_key: key })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function updatePromotion(db: DbExecutor, id: bigint, write: PromotionWrite): Promise<PromotionRow> {
  const row = await db
    .updateTable('promotions_promotion')
    .set({ ...values(write), updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toRow(row);
}

export async function setStatus(db: DbExecutor, id: bigint, status: PromotionStatus, updatedBy: string): Promise<PromotionRow> {
  const row = await db
    .updateTable('promotions_promotion')
    .set({ status, updated_by: updatedBy, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toRow(row);
}

/** Applications waiting for review, per promotion (the console's list shows the count). */
export async function pendingApplicationCounts(db: DbExecutor): Promise<Map<bigint, number>> {
  const rows = await db
    .selectFrom('promotions_participation')
    .select(['promotion_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('state', '=', 'applying')
    .groupBy('promotion_id')
    .execute();
  return new Map(rows.map((row) => [row.promotion_id, Number(row.count)]));
}

/**
 * Takes `amount` from the promotion's budget if it fits: one conditional update, so concurrent
 * claims queue on the row and the sum never passes the budget. False when it does not fit.
 */
export async function spendBudget(db: DbExecutor, id: bigint, amount: bigint): Promise<boolean> {
  const row = await db
    .updateTable('promotions_promotion')
    .set({ spent: sql<bigint>`spent + ${amount}` })
    .where('id', '=', id)
    .where(sql<boolean>`spent + ${amount} <= budget`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds `amount` to what the member was paid by this promotion if it stays within `cap`. */
export async function addMemberPaid(db: DbExecutor, promotionId: bigint, memberId: bigint, amount: bigint, cap: bigint): Promise<boolean> {
  await db.insertInto('promotions_member_total').values({ promotion_id: promotionId, member_id: memberId }).onConflict((conflict) => conflict.columns(['promotion_id', 'member_id']).doNothing()).execute();
  const row = await db
    .updateTable('promotions_member_total')
    .set({ paid: sql<bigint>`paid + ${amount}` })
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId)
    .where(sql<boolean>`paid + ${amount} <= ${cap}`)
    .returning('paid')
    .executeTakeFirst();
  return row !== undefined;
}

/** Active deposit-match or sign-up promotions running at `now` (their rewards are issued by events, not joins). */
export async function listRunningOfType(db: DbExecutor, type: 'deposit_match' | 'sign_up', now: Date): Promise<PromotionRow[]> {
  const rows = await db
    .selectFrom('promotions_promotion')
    .select(COLUMNS)
    .where('type', '=', type)
    .where('status', '=', 'active')
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('id')
    .limit(50)
    .execute();
  return rows.map(toRow);
}
