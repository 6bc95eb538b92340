import { sql } from 'kysely';
import type { AdminPointsConfigInput, AdminPointsItem, AdminPointsItemInput, AdminRedemption, PointsConfig, RedemptionDecision } from '@app/contracts';
import { AppError, formatCents, parseCents } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { HOUSE } from '../wallet/index.ts';
import { POINTS_EXPENSE, redemptionReference, redemptionView } from './mall.service.ts';
import type { OperatorActor, PointsPorts } from './points.ports.ts';
import * as repository from './points.repository.ts';
import type { ItemRow } from './points.repository.ts';

const DAY_MS = 86_400_000;
const BONUS_DAYS = 30;

function cents(text: string): bigint {
  const value = parseCents(text);
  if (value === undefined || value < 0n) throw new AppError('points.item_invalid', 'bad amount');
  return value;
}

function itemValues(input: AdminPointsItemInput) {
  const value = cents(input.value);
  // Shown as an <img> to every member: our own media or an https address, nothing else.
  if (input.imageUrl && !/^(https:\/\/|\/media\/)[^\s"'<>]+$/.test(input.imageUrl.trim())) throw new AppError('points.item_invalid', 'image URL must be https:// or /media/');
  if (input.kind !== 'physical' && value <= 0n) throw new AppError('points.item_invalid', 'a cash or bonus item pays an amount');
  return {
    kind: input.kind,
    name_pt: input.namePt,
    name_en: input.nameEn,
    description_pt: input.descriptionPt,
    description_en: input.descriptionEn,
    image_url: input.imageUrl && input.imageUrl.length > 0 ? input.imageUrl : null,
    points_cost: BigInt(input.pointsCost),
    requirement_kind: input.requirementKind,
    requirement_amount: input.requirementKind === 'none' ? 0n : cents(input.requirementAmount),
    value_cents: input.kind === 'physical' ? 0n : value,
    bonus_wagering: input.bonusWagering,
    stock: input.stock,
    per_member_limit: input.perMemberLimit,
    active: input.active,
    sort: input.sort,
  };
}

function adminItemView(row: ItemRow, redeemed: number): AdminPointsItem {
  return {
    id: row.id.toString(),
    kind: row.kind,
    namePt: row.name_pt,
    nameEn: row.name_en,
    descriptionPt: row.description_pt,
    descriptionEn: row.description_en,
    imageUrl: row.image_url,
    pointsCost: row.points_cost.toString(),
    requirementKind: row.requirement_kind,
    requirementAmount: formatCents(row.requirement_amount),
    value: formatCents(row.value_cents),
    bonusWagering: Number(row.bonus_wagering),
    stock: row.stock,
    perMemberLimit: row.per_member_limit,
    active: row.active,
    sort: row.sort,
    redeemed,
    createdAt: row.created_at.toISOString(),
  };
}

/** A rate as the wire shows it: a decimal without trailing zeros ("0.5", "1"). */
const ratio = (numeric: string) => String(Number(numeric));

/** The operator's side: items, the exchange-rate table and conversion rule, the fulfilment queue. Every change is audited. */
export function createAdminService(deps: { db: Db; ports: PointsPorts }) {
  const { db, ports } = deps;

  async function config(): Promise<PointsConfig> {
    const [rates, row] = await Promise.all([repository.listRates(db), repository.getConfig(db)]);
    return {
      rates: rates.map((rate) => ({ source: rate.source, pointsPerReal: ratio(rate.points_per_real) })),
      convert: { convertPoints: row.convert_points.toString(), convertAmount: formatCents(row.convert_cents), minPoints: row.min_points.toString(), enabled: row.convert_enabled },
    };
  }

  return {
    config,

    async setConfig(input: AdminPointsConfigInput, actor: OperatorActor): Promise<PointsConfig> {
      const before = await config();
      await db.transaction().execute(async (tx) => {
        for (const rate of input.rates) {
          await tx.updateTable('points_rate').set({ points_per_real: rate.pointsPerReal, updated_at: new Date() }).where('source', '=', rate.source).execute();
        }
        await tx
          .updateTable('points_config')
          .set({ convert_points: BigInt(input.convert.convertPoints), convert_cents: cents(input.convert.convertAmount), min_points: BigInt(input.convert.minPoints), convert_enabled: input.convert.enabled, updated_at: new Date() })
          .where('id', '=', 1)
          .execute();
        await ports.audit(tx, { operatorId: actor.id, action: 'points.config.updated', targetType: 'points_config', targetId: '1', details: { before, after: input }, ip: actor.ip });
      });
      return config();
    },

    async listItems(): Promise<AdminPointsItem[]> {
      const [rows, redeemed] = await Promise.all([repository.listItems(db, { activeOnly: false }), repository.redeemedByItem(db, null)]);
      return rows.map((row) => adminItemView(row, redeemed.get(row.id) ?? 0));
    },

    async createItem(input: AdminPointsItemInput, actor: OperatorActor): Promise<AdminPointsItem> {
      const row = await db.transaction().execute(async (tx) => {
        const created = await tx.insertInto('points_item').values(itemValues(input)).returningAll().executeTakeFirstOrThrow();
        await ports.audit(tx, { operatorId: actor.id, action: 'points.item.created', targetType: 'points_item', targetId: created.id.toString(), details: { ...input }, ip: actor.ip });
        return created;
      });
      return adminItemView(row, 0);
    },

    async updateItem(id: bigint, input: AdminPointsItemInput, actor: OperatorActor): Promise<AdminPointsItem> {
      const row = await db.transaction().execute(async (tx) => {
        const updated = await tx.updateTable('points_item').set({ ...itemValues(input), updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirst();
        if (!updated) throw new AppError('points.not_found', 'no such item');
        await ports.audit(tx, { operatorId: actor.id, action: 'points.item.updated', targetType: 'points_item', targetId: id.toString(), details: { ...input }, ip: actor.ip });
        return updated;
      });
      return adminItemView(row, (await repository.redeemedByItem(db, null)).get(id) ?? 0);
    },

    async queue(status: 'in_process' | 'approved' | 'rejected'): Promise<AdminRedemption[]> {
      const rows = await repository.listRedemptions(db, status, 200);
      const names = await ports.accountNamesOf([...new Set(rows.map((row) => row.member_id))]);
      return rows.map((row) => ({ ...redemptionView(row, 'pt'), memberId: row.member_id.toString(), account: names.get(row.member_id) ?? '', itemId: row.item_id.toString(), decidedBy: row.decided_by?.toString() ?? null }));
    },

    /**
     * Approves (pays cash from points_expense, or grants bonus money keyed points:redeem:<id>; a
     * physical item is simply marked sent) or rejects (the points come back by a journal, the stock
     * too). The status change, the payment and the audit row are one transaction; a second decision
     * finds the row no longer in process.
     */
    async decide(id: bigint, decision: RedemptionDecision, actor: OperatorActor): Promise<AdminRedemption> {
      await db.transaction().execute(async (tx) => {
        const row = await tx
          .updateTable('points_redemption')
          .set({ status: decision.decision === 'approve' ? 'approved' : 'rejected', reason: decision.decision === 'reject' ? decision.reason : null, decided_at: new Date(), decided_by: actor.id })
          .where('id', '=', id)
          .where('status', '=', 'in_process')
          .returningAll()
          .executeTakeFirst();
        if (!row) {
          const exists = await tx.selectFrom('points_redemption').select('id').where('id', '=', id).executeTakeFirst();
          throw exists ? new AppError('points.already_decided', 'already decided') : new AppError('points.not_found', 'no such redemption');
        }
        const reference = redemptionReference(row);
        if (decision.decision === 'approve') {
          if (row.kind === 'cash') {
            await ports.wallet.postOrThrow(tx, { key: `points:redeem-pay:${row.id}`, type: 'points', reference, legs: [{ house: POINTS_EXPENSE, amount: -row.value_cents }, { member: row.member_id, amount: row.value_cents }] });
          } else if (row.kind === 'bonus') {
            const item = await repository.findItem(tx, row.item_id);
            await ports.grantBonus(tx, {
              key: `points:redeem:${row.id}`,
              memberId: row.member_id,
              amount: row.value_cents,
              wageringMultiple: Number(item?.bonus_wagering ?? 1),
              expiresAt: new Date(Date.now() + BONUS_DAYS * DAY_MS),
              source: { kind: 'points', id: row.id.toString() },
              note: reference,
            });
          }
        } else {
          const journalKey = `points:redeem-return:${row.id}`;
          await ports.wallet.postOrThrow(tx, { key: journalKey, type: 'points', reference, legs: [{ house: HOUSE.pointsIssued, currency: 'PTS', amount: -row.points }, { member: row.member_id, pocket: 'points', amount: row.points }] });
          await tx.insertInto('points_movement').values({ member_id: row.member_id, amount: row.points, source: 'redeem_return', reference, basis: null, journal_key: journalKey }).execute();
          await sql`update points_item set stock = stock + ${row.quantity}, updated_at = now() where id = ${row.item_id} and stock is not null`.execute(tx);
        }
        await ports.audit(tx, {
          operatorId: actor.id,
          action: `points.redemption.${decision.decision === 'approve' ? 'approved' : 'rejected'}`,
          targetType: 'points_redemption',
          targetId: row.id.toString(),
          details: { reference, memberId: row.member_id.toString(), kind: row.kind, quantity: row.quantity, points: row.points.toString(), value: formatCents(row.value_cents), reason: row.reason },
          ip: actor.ip,
        });
      });
      const row = await db.selectFrom('points_redemption').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const names = await ports.accountNamesOf([row.member_id]);
      return { ...redemptionView(row, 'pt'), memberId: row.member_id.toString(), account: names.get(row.member_id) ?? '', itemId: row.item_id.toString(), decidedBy: row.decided_by?.toString() ?? null };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
