import { AppError, formatCents, parseCents } from '@app/kernel';
import { VIP_PRODUCT_TYPES, type AdminVipLevelList, type VipLevel, type VipLevelInput, type VipProductType } from '@app/contracts';
import type { Db } from '../../platform/db.ts';
import * as repository from './vip.repository.ts';
import type { LevelRow, LevelWrite } from './vip.repository.ts';
import type { OperatorActor, VipPorts } from './vip.ports.ts';

/** A refused field: `reason` is a stable word the console translates; `amount` the neighbour's threshold it is held to. */
type Field = { path: string; message: string; reason: 'rank_gap' | 'base_free' | 'below_lower' | 'above_upper' | 'not_more'; amount?: string };

const cents = (text: string) => parseCents(text) ?? 0n;
const multiple = (text: string) => Number(text);

/** A stored level as the wire shows it. */
export function presentLevel(row: LevelRow): VipLevel {
  return {
    rank: row.rank,
    names: { pt: row.name_pt, en: row.name_en },
    badge: row.badge,
    minValidBet: formatCents(row.min_valid_bet),
    minDeposit: formatCents(row.min_deposit),
    retentionValidBet: formatCents(row.retention_valid_bet),
    upgradeBonus: { amount: formatCents(row.upgrade_bonus), wageringMultiple: multiple(row.upgrade_wagering) },
    monthlyBonus: { amount: formatCents(row.monthly_bonus), wageringMultiple: multiple(row.monthly_wagering) },
    bonusValidDays: row.bonus_valid_days,
    rebates: Object.fromEntries(VIP_PRODUCT_TYPES.map((type) => [type, row.rebates[type] ?? '0'])) as Record<VipProductType, string>,
    withdrawalLimitPerDay: row.withdrawal_limit_per_day === null ? null : formatCents(row.withdrawal_limit_per_day),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

/**
 * The rules a form cannot check alone: ranks follow each other from 0 without gaps, the base level
 * is free, and each level asks at least what the one below asks and at most what the one above
 * asks (so the highest level both thresholds reach is well defined).
 */
export function checkLevel(input: VipLevelInput, levels: readonly LevelRow[]): Field[] {
  const fields: Field[] = [];
  const byRank = new Map(levels.map((level) => [level.rank, level]));
  const top = levels.length === 0 ? -1 : Math.max(...levels.map((level) => level.rank));
  if (input.rank > top + 1) fields.push({ path: 'rank', message: top < 0 ? 'the first level must be rank 0' : `ranks follow each other: the next is ${top + 1}`, reason: 'rank_gap', amount: String(top + 1) });
  const minValidBet = cents(input.minValidBet);
  const minDeposit = cents(input.minDeposit);
  if (input.rank === 0) {
    if (minValidBet > 0n) fields.push({ path: 'minValidBet', message: 'the base level is where every member starts: 0.00', reason: 'base_free' });
    if (minDeposit > 0n) fields.push({ path: 'minDeposit', message: 'the base level is where every member starts: 0.00', reason: 'base_free' });
    if (cents(input.retentionValidBet) > 0n) fields.push({ path: 'retentionValidBet', message: 'nobody steps down from the base level: 0.00', reason: 'base_free' });
    if (cents(input.upgradeBonus.amount) > 0n) fields.push({ path: 'upgradeBonus.amount', message: 'nobody is upgraded to the base level: 0.00', reason: 'base_free' });
  }
  const below = byRank.get(input.rank - 1);
  const above = byRank.get(input.rank + 1);
  if (below && minValidBet < below.min_valid_bet) fields.push({ path: 'minValidBet', message: `must be at least the level below's ${formatCents(below.min_valid_bet)}`, reason: 'below_lower', amount: formatCents(below.min_valid_bet) });
  if (below && minDeposit < below.min_deposit) fields.push({ path: 'minDeposit', message: `must be at least the level below's ${formatCents(below.min_deposit)}`, reason: 'below_lower', amount: formatCents(below.min_deposit) });
  if (below && input.rank > 0 && minValidBet === below.min_valid_bet && minDeposit === below.min_deposit) fields.push({ path: 'minValidBet', message: 'a level must ask more than the level below on at least one threshold', reason: 'not_more' });
  if (above && minValidBet > above.min_valid_bet) fields.push({ path: 'minValidBet', message: `must be at most the level above's ${formatCents(above.min_valid_bet)}`, reason: 'above_upper', amount: formatCents(above.min_valid_bet) });
  if (above && minDeposit > above.min_deposit) fields.push({ path: 'minDeposit', message: `must be at most the level above's ${formatCents(above.min_deposit)}`, reason: 'above_upper', amount: formatCents(above.min_deposit) });
  return fields;
}

function toWrite(input: VipLevelInput, actor: OperatorActor): LevelWrite {
  const limit = input.withdrawalLimitPerDay;
  return {
    rank: input.rank,
    name_pt: input.names.pt,
    name_en: input.names.en,
    badge: input.badge,
    min_valid_bet: cents(input.minValidBet),
    min_deposit: cents(input.minDeposit),
    retention_valid_bet: cents(input.retentionValidBet),
    upgrade_bonus: cents(input.upgradeBonus.amount),
    upgrade_wagering: input.upgradeBonus.wageringMultiple.toFixed(2),
    monthly_bonus: cents(input.monthlyBonus.amount),
    monthly_wagering: input.monthlyBonus.wageringMultiple.toFixed(2),
    bonus_valid_days: input.bonusValidDays,
    rebates: Object.fromEntries(VIP_PRODUCT_TYPES.map((type) => [type, String(Number(input.rebates[type]))])),
    withdrawal_limit_per_day: limit === null ? null : cents(limit),
    updated_by: actor.username,
  };
}

/** Operators define levels (create or replace by rank), each change audited in its transaction. */
export function createLevelsService(deps: { db: Db; ports: Pick<VipPorts, 'audit'> }) {
  return {
    async list(): Promise<AdminVipLevelList> {
      const [levels, counts] = await Promise.all([repository.listLevels(deps.db), repository.countByRank(deps.db)]);
      return {
        // Members who have counted figures; a member who never played nor deposited is at the base level too.
        levels: levels.map((level) => ({ ...presentLevel(level), members: counts.get(level.rank) ?? 0 })),
      };
    },

    /** Creates the level of this rank, or replaces it; validation errors name their fields. */
    async save(input: VipLevelInput, actor: OperatorActor): Promise<VipLevel> {
      return deps.db.transaction().execute(async (tx) => {
        await repository.lockLevels(tx);
        const levels = await repository.listLevels(tx);
        const fields = checkLevel(input, levels);
        if (fields.length > 0) throw new AppError('validation.failed', fields.map((field) => `${field.path}: ${field.message}`).join('; '), { fields });
        const before = levels.find((level) => level.rank === input.rank);
        const saved = await repository.upsertLevel(tx, toWrite(input, actor));
        await deps.ports.audit(tx, {
          operatorId: actor.id,
          action: before ? 'vip.level.updated' : 'vip.level.created',
          targetType: 'vip_level_definition',
          targetId: String(input.rank),
          ip: actor.ip,
          details: { before: before ? presentLevel(before) : null, after: presentLevel(saved) },
        });
        return presentLevel(saved);
      });
    },
  };
}

export type LevelsService = ReturnType<typeof createLevelsService>;
