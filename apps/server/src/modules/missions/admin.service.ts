import { sql } from 'kysely';
import {
  AdminCheckinTableInputSchema,
  AdminMissionInputSchema,
  CHECKIN_DAYS,
  MONEY_GOALS,
  type AdminCheckinTable,
  type AdminCheckinTableInput,
  type AdminMission,
  type AdminMissionInput,
  type MissionGoal,
  type MissionRewardInput,
} from '@app/contracts';
import { AppError, parseCents } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { calendarAt } from './calendar.ts';
import type { MissionsPorts, OperatorActor } from './missions.ports.ts';
import * as repository from './missions.repository.ts';
import type { DefinitionRow } from './missions.repository.ts';
import { goalAmount, rewardView } from './present.ts';

/** Money: "50.00" or whole reais "50"; a count: a whole number. Both at least 1 (centavo). */
function targetValue(goal: MissionGoal, text: string): bigint {
  if (MONEY_GOALS.includes(goal)) {
    const cents = /^\d+$/.test(text) ? BigInt(text) * 100n : parseCents(text);
    if (cents === undefined || cents <= 0n) throw new AppError('missions.target_invalid', 'the target must be an amount above 0.00');
    return cents;
  }
  if (!/^\d{1,9}$/.test(text) || BigInt(text) <= 0n) throw new AppError('missions.target_invalid', 'the target must be a whole number of at least 1');
  return BigInt(text);
}

function rewardValue(reward: MissionRewardInput): { reward_kind: 'bonus' | 'points'; reward_amount: bigint; reward_wagering: string } {
  if (reward.kind === 'bonus') {
    const cents = /^\d+$/.test(reward.amount) ? BigInt(reward.amount) * 100n : parseCents(reward.amount);
    if (cents === undefined || cents <= 0n) throw new AppError('missions.reward_invalid', 'a bonus reward pays an amount above 0.00');
    return { reward_kind: 'bonus', reward_amount: cents, reward_wagering: String(reward.wageringMultiple) };
  }
  if (!/^\d{1,12}$/.test(reward.amount) || BigInt(reward.amount) <= 0n) throw new AppError('missions.reward_invalid', 'a points reward is a whole number of at least 1');
  return { reward_kind: 'points', reward_amount: BigInt(reward.amount), reward_wagering: '0' };
}

function isDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function definitionValues(raw: AdminMissionInput) {
  const parsed = AdminMissionInputSchema.safeParse(raw);
  if (!parsed.success) throw new AppError('missions.invalid', parsed.error.issues[0]?.message ?? 'invalid mission');
  const input = parsed.data;
  if (input.productType !== null && input.goal !== 'valid_bet' && input.goal !== 'games_played') throw new AppError('missions.invalid', 'a product type applies to valid bet and games played only');
  if (input.kind === 'one_off') {
    if (input.startsOn === null || input.endsOn === null || !isDate(input.startsOn) || !isDate(input.endsOn) || input.endsOn < input.startsOn) {
      throw new AppError('missions.date_invalid', 'a one-off mission needs a start date on or before its end date');
    }
  } else if (input.startsOn !== null || input.endsOn !== null) {
    throw new AppError('missions.date_invalid', 'only one-off missions have dates');
  }
  return {
    kind: input.kind,
    title_pt: input.titlePt,
    title_en: input.titleEn,
    description_pt: input.descriptionPt,
    description_en: input.descriptionEn,
    goal: input.goal,
    product_type: input.productType,
    target: targetValue(input.goal, input.target),
    ...rewardValue(input.reward),
    starts_on: input.startsOn,
    ends_on: input.endsOn,
    active: input.active,
    sort: input.sort,
  };
}

function adminView(row: DefinitionRow, counts: { completed: number; claimed: number } | undefined): AdminMission {
  return {
    id: row.id.toString(),
    kind: row.kind,
    titlePt: row.title_pt,
    titleEn: row.title_en,
    descriptionPt: row.description_pt,
    descriptionEn: row.description_en,
    goal: row.goal,
    productType: row.product_type,
    target: goalAmount(row.goal, row.target),
    reward: rewardView(row.reward_kind, row.reward_amount, row.reward_wagering),
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    active: row.active,
    sort: row.sort,
    completedNow: counts?.completed ?? 0,
    claimedNow: counts?.claimed ?? 0,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The operator's side: missions and the check-in reward table. Every change is audited. */
export function createAdminService(deps: { db: Db; ports: MissionsPorts; now: () => Date }) {
  const { db, ports } = deps;

  /** Completions and claims per mission in its current period (one-offs: their only period). */
  async function currentCounts(ids: readonly bigint[]): Promise<Map<bigint, { completed: number; claimed: number }>> {
    if (ids.length === 0) return new Map();
    const cal = await calendarAt(db, await ports.timeZone(), deps.now());
    const rows = await sql<{ id: bigint; completed: number; claimed: number }>`
      select d.id, count(c.member_id)::int as completed, count(c.claimed_at)::int as claimed
      from missions_definition d
      left join missions_completion c on c.mission_id = d.id and c.period_start = missions_period_start(d.kind, ${cal.today}::date, d.starts_on)
      where d.id = any(${ids.map(String)}::bigint[])
      group by d.id`.execute(db);
    return new Map(rows.rows.map((row) => [row.id, { completed: row.completed, claimed: row.claimed }]));
  }

  async function one(id: bigint): Promise<AdminMission> {
    const row = await repository.findDefinition(db, id);
    if (!row) throw new AppError('missions.not_found', 'no such mission');
    return adminView(row, (await currentCounts([id])).get(id));
  }

  async function checkinTable(): Promise<AdminCheckinTable> {
    const cal = await calendarAt(db, await ports.timeZone(), deps.now());
    const [rewards, counts] = await Promise.all([
      repository.checkinRewards(db),
      sql<{ today: number; total: number }>`select count(*) filter (where day = ${cal.today}::date)::int as today, count(*)::int as total from missions_checkin`.execute(db),
    ]);
    return {
      enabled: rewards.length === CHECKIN_DAYS,
      rewards: rewards.map((row) => ({ day: row.day, reward: rewardView(row.reward_kind, row.reward_amount, row.reward_wagering) })),
      checkinsToday: counts.rows[0]?.today ?? 0,
      checkinsTotal: counts.rows[0]?.total ?? 0,
    };
  }

  return {
    async list(): Promise<AdminMission[]> {
      const rows = await repository.listDefinitions(db);
      const counts = await currentCounts(rows.map((row) => row.id));
      return rows.map((row) => adminView(row, counts.get(row.id)));
    },

    async create(input: AdminMissionInput, actor: OperatorActor): Promise<AdminMission> {
      const values = definitionValues(input);
      const id = await db.transaction().execute(async (tx) => {
        const created = await sql<{ id: bigint }>`
          insert into missions_definition (kind, title_pt, title_en, description_pt, description_en, goal, product_type, target, reward_kind, reward_amount, reward_wagering, starts_on, ends_on, active, sort)
          values (${values.kind}, ${values.title_pt}, ${values.title_en}, ${values.description_pt}, ${values.description_en}, ${values.goal}, ${values.product_type}, ${values.target},
            ${values.reward_kind}, ${values.reward_amount}, ${values.reward_wagering}::numeric, ${values.starts_on}::date, ${values.ends_on}::date, ${values.active}, ${values.sort})
          returning id`.execute(tx);
        const newId = created.rows[0]!.id;
        await ports.audit(tx, { operatorId: actor.id, action: 'missions.mission.created', targetType: 'missions_definition', targetId: newId.toString(), details: { ...input }, ip: actor.ip });
        return newId;
      });
      return one(id);
    },

    async update(id: bigint, input: AdminMissionInput, actor: OperatorActor): Promise<AdminMission> {
      const values = definitionValues(input);
      await db.transaction().execute(async (tx) => {
        const updated = await sql<{ id: bigint }>`
          update missions_definition set kind = ${values.kind}, title_pt = ${values.title_pt}, title_en = ${values.title_en}, description_pt = ${values.description_pt},
            description_en = ${values.description_en}, goal = ${values.goal}, product_type = ${values.product_type}, target = ${values.target},
            reward_kind = ${values.reward_kind}, reward_amount = ${values.reward_amount}, reward_wagering = ${values.reward_wagering}::numeric,
            starts_on = ${values.starts_on}::date, ends_on = ${values.ends_on}::date, active = ${values.active}, sort = ${values.sort}, updated_at = now()
          where id = ${id} returning id`.execute(tx);
        if (updated.rows.length === 0) throw new AppError('missions.not_found', 'no such mission');
        await ports.audit(tx, { operatorId: actor.id, action: 'missions.mission.updated', targetType: 'missions_definition', targetId: id.toString(), details: { ...input }, ip: actor.ip });
      });
      return one(id);
    },

    async deactivate(id: bigint, actor: OperatorActor): Promise<AdminMission> {
      await db.transaction().execute(async (tx) => {
        const updated = await sql<{ id: bigint }>`update missions_definition set active = false, updated_at = now() where id = ${id} returning id`.execute(tx);
        if (updated.rows.length === 0) throw new AppError('missions.not_found', 'no such mission');
        await ports.audit(tx, { operatorId: actor.id, action: 'missions.mission.deactivated', targetType: 'missions_definition', targetId: id.toString(), ip: actor.ip });
      });
      return one(id);
    },

    checkinTable,

    /** Replaces the reward table: days 1…7 in order, or none (switches the check-in off). */
    async setCheckinTable(raw: AdminCheckinTableInput, actor: OperatorActor): Promise<AdminCheckinTable> {
      const parsed = AdminCheckinTableInputSchema.safeParse(raw);
      if (!parsed.success) throw new AppError('missions.checkin_table_invalid', parsed.error.issues[0]?.message ?? 'invalid table');
      const input = parsed.data;
      if (input.rewards.length !== 0 && (input.rewards.length !== CHECKIN_DAYS || input.rewards.some((row, index) => row.day !== index + 1))) {
        throw new AppError('missions.checkin_table_invalid', 'the table needs days 1 to 7 in order');
      }
      const rows = input.rewards.map((row) => ({ day: row.day, ...rewardValue(row.reward) }));
      await db.transaction().execute(async (tx) => {
        const before = await repository.checkinRewards(tx);
        await sql`delete from missions_checkin_reward`.execute(tx);
        for (const row of rows) {
          await sql`insert into missions_checkin_reward (day, reward_kind, reward_amount, reward_wagering) values (${row.day}, ${row.reward_kind}, ${row.reward_amount}, ${row.reward_wagering}::numeric)`.execute(tx);
        }
        await ports.audit(tx, {
          operatorId: actor.id,
          action: 'missions.checkin.updated',
          targetType: 'missions_checkin_reward',
          targetId: 'table',
          details: { before: before.map((row) => ({ day: row.day, kind: row.reward_kind, amount: row.reward_amount.toString(), wagering: row.reward_wagering })), after: input.rewards },
          ip: actor.ip,
        });
      });
      return checkinTable();
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
