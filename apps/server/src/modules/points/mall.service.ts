import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ConvertRequest, ConvertResult, Language, PointsItem, RedeemRequest, Redemption } from '@app/contracts';
import { AppError, formatCents } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import { HOUSE } from '../wallet/index.ts';
import type { PointsPorts } from './points.ports.ts';
import * as repository from './points.repository.ts';
import type { ItemRow, RedemptionRow } from './points.repository.ts';

/** The house account points redeemed or converted to money are paid from. */
export const POINTS_EXPENSE = 'points_expense';

export function redemptionReference(row: { id: bigint; created_at: Date }): string {
  // Reference number the member quotes: PM + yymmdd + the id.
  const day = row.created_at.toISOString().slice(2, 10).replaceAll('-', '');
  return `PM${day}${row.id.toString().padStart(6, '0')}`;
}

export function redemptionView(row: RedemptionRow, language: Language): Redemption {
  return {
    id: row.id.toString(),
    reference: redemptionReference(row),
    createdAt: row.created_at.toISOString(),
    kind: row.kind,
    name: language === 'en' ? row.name_en : row.name_pt,
    quantity: row.quantity,
    points: row.points.toString(),
    value: formatCents(row.value_cents),
    status: row.status,
    reason: row.reason,
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

async function requirePin(ports: PointsPorts, memberId: bigint, pin: string): Promise<void> {
  const answer = await ports.checkPaymentPassword(memberId, pin);
  if (answer === 'missing') throw new AppError('wallet.payment_password_missing', 'set a payment password first');
  if (answer === 'wrong') throw new AppError('wallet.payment_password_invalid', 'wrong payment password');
}

/** The wallet refuses a negative pocket; to the member that means "not enough points". */
async function spendPoints(ports: PointsPorts, tx: DbExecutor, journal: Parameters<PointsPorts['wallet']['postOrThrow']>[1]) {
  try {
    return await ports.wallet.postOrThrow(tx, journal);
  } catch (error) {
    if (error instanceof AppError && error.code === 'wallet.insufficient_funds') throw new AppError('points.not_enough', 'not enough points');
    throw error;
  }
}

/**
 * The member's side of the mall: the items with what this member may still redeem, redemption
 * (payment password, points and stock in one transaction), the redeem history and conversion of
 * points to cash.
 */
export function createMallService(deps: { db: Db; ports: PointsPorts }) {
  const { db, ports } = deps;

  /** The member's points: their pocket in the ledger (not a sum of our own rows). */
  async function pointsOf(memberId: bigint): Promise<bigint> {
    return BigInt((await ports.wallet.balanceOf(memberId)).points);
  }

  function itemView(row: ItemRow, language: Language, state: { redeemed: number; points: bigint; totals: { deposits: bigint; validBet: bigint } }): PointsItem {
    const done = row.requirement_kind === 'deposits' ? state.totals.deposits : row.requirement_kind === 'valid_bet' ? state.totals.validBet : 0n;
    const requirementMet = row.requirement_kind === 'none' || done >= row.requirement_amount;
    const byPoints = Number(state.points / row.points_cost);
    const byLimit = row.per_member_limit === null ? Number.MAX_SAFE_INTEGER : Math.max(0, row.per_member_limit - state.redeemed);
    const byStock = row.stock === null ? Number.MAX_SAFE_INTEGER : row.stock;
    return {
      id: row.id.toString(),
      kind: row.kind,
      name: language === 'en' ? row.name_en : row.name_pt,
      description: language === 'en' ? row.description_en : row.description_pt,
      imageUrl: row.image_url,
      pointsCost: row.points_cost.toString(),
      requirementKind: row.requirement_kind,
      requirementAmount: formatCents(row.requirement_amount),
      value: formatCents(row.value_cents),
      stock: row.stock,
      perMemberLimit: row.per_member_limit,
      redeemed: state.redeemed,
      available: requirementMet ? Math.min(byPoints, byLimit, byStock, 100) : 0,
      requirementDone: formatCents(done > row.requirement_amount && row.requirement_kind !== 'none' ? row.requirement_amount : done),
      requirementMet,
    };
  }

  return {
    /** MCS2_getPointReward: active items with the member's points, limits and requirements. */
    async listItems(language: Language, memberId: bigint): Promise<PointsItem[]> {
      const rows = await repository.listItems(db, { activeOnly: true });
      const [redeemed, points, totals] = await Promise.all([repository.redeemedByItem(db, memberId), pointsOf(memberId), repository.memberTotals(db, memberId)]);
      return rows.map((row) => itemView(row, language, { redeemed: redeemed.get(row.id) ?? 0, points, totals }));
    },

    /**
     * MCS2_redeemPointReward. A repeated request key answers the first redemption. The item row is
     * locked by the conditional stock update, so concurrent redemptions of one item queue there:
     * exactly the stock is taken, the per-member limit is counted after the lock, and the points
     * journal commits with the redemption or not at all.
     */
    async redeem(memberId: bigint, request: RedeemRequest, headerKey: string | undefined, language: Language): Promise<{ redemption: Redemption; replayed: boolean }> {
      const key = headerKey ?? request.requestId ?? randomUUID();
      const existing = await db.selectFrom('points_redemption').selectAll().where('member_id', '=', memberId).where('request_key', '=', key).executeTakeFirst();
      if (existing) return { redemption: redemptionView(existing, language), replayed: true };
      await requirePin(ports, memberId, request.paymentPassword);
      const itemId = BigInt(request.itemId);
      const quantity = request.quantity;
      const outcome = await db.transaction().execute(async (tx) => {
        const item = await repository.findItem(tx, itemId);
        if (!item || !item.active) throw new AppError('points.not_found', 'no such item');
        const inserted = await tx
          .insertInto('points_redemption')
          .values({ member_id: memberId, item_id: itemId, kind: item.kind, name_pt: item.name_pt, name_en: item.name_en, quantity, points: item.points_cost * BigInt(quantity), value_cents: item.value_cents * BigInt(quantity), request_key: key })
          .onConflict((conflict) => conflict.columns(['member_id', 'request_key']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!inserted) return { row: await tx.selectFrom('points_redemption').selectAll().where('member_id', '=', memberId).where('request_key', '=', key).executeTakeFirstOrThrow(), replayed: true };
        const taken = await sql<{ id: bigint }>`
          update points_item set stock = case when stock is null then null else stock - ${quantity} end, updated_at = now()
          where id = ${itemId} and active and (stock is null or stock >= ${quantity}) returning id`.execute(tx);
        if (taken.rows.length === 0) throw new AppError('points.out_of_stock', 'out of stock');
        if (item.per_member_limit !== null) {
          const mine = (await repository.redeemedByItem(tx, memberId)).get(itemId) ?? 0;
          if (mine > item.per_member_limit) throw new AppError('points.limit_reached', 'per-member limit reached', { limit: item.per_member_limit });
        }
        if (item.requirement_kind !== 'none') {
          const totals = await repository.memberTotals(tx, memberId);
          const done = item.requirement_kind === 'deposits' ? totals.deposits : totals.validBet;
          if (done < item.requirement_amount) throw new AppError('points.requirement_not_met', 'amount requirement not met', { required: formatCents(item.requirement_amount), done: formatCents(done) });
        }
        const journalKey = `points:redeem:${inserted.id}`;
        await spendPoints(ports, tx, {
          key: journalKey,
          type: 'points',
          reference: redemptionReference(inserted),
          legs: [
            { member: memberId, pocket: 'points', amount: -inserted.points },
            { house: HOUSE.pointsIssued, currency: 'PTS', amount: inserted.points },
          ],
        });
        await tx.insertInto('points_movement').values({ member_id: memberId, amount: -inserted.points, source: 'redeem', reference: redemptionReference(inserted), basis: null, journal_key: journalKey }).execute();
        return { row: inserted, replayed: false };
      });
      return { redemption: redemptionView(outcome.row, language), replayed: outcome.replayed };
    },

    async history(memberId: bigint, language: Language): Promise<Redemption[]> {
      return (await repository.listMemberRedemptions(db, memberId, 100)).map((row) => redemptionView(row, language));
    },

    /** MCS2_convertPoint: points to cash at the configured rate, behind the payment password, once per request key. */
    async convert(memberId: bigint, request: ConvertRequest, headerKey: string | undefined): Promise<ConvertResult> {
      const key = headerKey ?? request.requestId ?? randomUUID();
      const points = BigInt(request.points);
      const answer = async (row: { id: bigint; points: bigint; amount: bigint }): Promise<ConvertResult> => ({ id: row.id.toString(), points: row.points.toString(), amount: formatCents(row.amount), balance: (await pointsOf(memberId)).toString() });
      const existing = await db.selectFrom('points_conversion').selectAll().where('member_id', '=', memberId).where('request_key', '=', key).executeTakeFirst();
      if (existing) return answer(existing);
      const config = await repository.getConfig(db);
      if (!config.convert_enabled || config.convert_cents === 0n) throw new AppError('points.convert_disabled', 'conversion is off');
      if (points < config.min_points) throw new AppError('points.below_minimum', 'below the minimum', { minimum: config.min_points.toString() });
      // Rounded down to the centavo; a conversion worth nothing is refused rather than eating points.
      const amount = (points * config.convert_cents) / config.convert_points;
      if (amount <= 0n) throw new AppError('points.below_minimum', 'worth less than a centavo', { minimum: config.convert_points.toString() });
      await requirePin(ports, memberId, request.paymentPassword);
      const row = await db.transaction().execute(async (tx) => {
        const inserted = await tx
          .insertInto('points_conversion')
          .values({ member_id: memberId, points, amount, request_key: key })
          .onConflict((conflict) => conflict.columns(['member_id', 'request_key']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!inserted) return tx.selectFrom('points_conversion').selectAll().where('member_id', '=', memberId).where('request_key', '=', key).executeTakeFirstOrThrow();
        const journalKey = `points:convert:${inserted.id}`;
        // Points back to the house and money from its points expense, each currency balancing on its own.
        await spendPoints(ports, tx, {
          key: journalKey,
          type: 'points',
          reference: `convert ${inserted.id}`,
          legs: [
            { member: memberId, pocket: 'points', amount: -points },
            { house: HOUSE.pointsIssued, currency: 'PTS', amount: points },
            { house: POINTS_EXPENSE, currency: 'BRL', amount: -amount },
            { member: memberId, pocket: 'cash', amount },
          ],
        });
        await tx.insertInto('points_movement').values({ member_id: memberId, amount: -points, source: 'convert', reference: `C${inserted.id.toString().padStart(6, '0')}`, basis: amount, journal_key: journalKey }).execute();
        return inserted;
      });
      return answer(row);
    },

    pointsOf,
  };
}

export type MallService = ReturnType<typeof createMallService>;
