import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

export interface DefinitionRow {
  id: bigint;
  kind: 'daily' | 'weekly' | 'one_off';
  title_pt: string;
  title_en: string;
  description_pt: string;
  description_en: string;
  goal: 'valid_bet' | 'deposits' | 'games_played' | 'login_days';
  product_type: 'live' | 'slots' | 'sports' | 'lottery' | 'pvp' | 'fish' | null;
  target: bigint;
  reward_kind: 'bonus' | 'points';
  reward_amount: bigint;
  /** numeric: a decimal string. */
  reward_wagering: string;
  starts_on: string | null;
  ends_on: string | null;
  active: boolean;
  sort: number;
  created_at: Date;
  updated_at: Date;
}

/** The definition's columns with dates as text (YYYY-MM-DD). */
export const DEFINITION_COLUMNS = sql`d.id, d.kind, d.title_pt, d.title_en, d.description_pt, d.description_en, d.goal, d.product_type, d.target,
  d.reward_kind, d.reward_amount, d.reward_wagering::text as reward_wagering, to_char(d.starts_on, 'YYYY-MM-DD') as starts_on,
  to_char(d.ends_on, 'YYYY-MM-DD') as ends_on, d.active, d.sort, d.created_at, d.updated_at`;

/** A mission in one period for one member, with its progress and completion. */
export interface MemberMissionRow extends DefinitionRow {
  period_start: string;
  period_end: string;
  ends_at: Date;
  current: bigint;
  completed_at: Date | null;
  claimed_at: Date | null;
  paid_kind: 'bonus' | 'points' | null;
  paid_amount: bigint | null;
  paid_wagering: string | null;
}

/** Every active mission's period holding `today`, with the member's progress and completion. */
export async function currentMissions(db: DbExecutor, memberId: bigint, today: string, timeZone: string, missionId?: bigint): Promise<MemberMissionRow[]> {
  const result = await sql<MemberMissionRow>`
    with m as (
      select ${DEFINITION_COLUMNS}, missions_period_start(d.kind, ${today}::date, d.starts_on) as p_from
      from missions_definition d
      where d.active and (d.kind <> 'one_off' or ${today}::date between d.starts_on and d.ends_on)
        ${missionId === undefined ? sql`` : sql`and d.id = ${missionId}`}
    ), p as (select m.*, missions_period_end(m.kind, m.p_from, m.ends_on::date) as p_to from m)
    select p.*, to_char(p.p_from, 'YYYY-MM-DD') as period_start, to_char(p.p_to, 'YYYY-MM-DD') as period_end,
      ((p.p_to + 1)::timestamp at time zone ${timeZone}) as ends_at,
      missions_progress(${memberId}, p.goal, p.product_type, p.p_from, p.p_to) as current,
      c.completed_at, c.claimed_at, c.reward_kind as paid_kind, c.reward_amount as paid_amount, c.reward_wagering::text as paid_wagering
    from p
    left join missions_completion c on c.mission_id = p.id and c.member_id = ${memberId} and c.period_start = p.p_from
    order by p.sort, p.id`.execute(db);
  return result.rows;
}

/**
 * Expired entries: completed-but-unclaimed missions of periods that ended in the last `days`
 * days, and one-offs that ended then (claimed or not).
 */
export async function recentlyEnded(db: DbExecutor, memberId: bigint, today: string, timeZone: string, days: number): Promise<MemberMissionRow[]> {
  const result = await sql<MemberMissionRow>`
    with ended as (
      select c.mission_id, c.period_start as p_from from missions_completion c
      join missions_definition d on d.id = c.mission_id
      where c.member_id = ${memberId} and c.claimed_at is null and c.period_start >= ${today}::date - ${days + 7}::int
        and missions_period_end(d.kind, c.period_start, d.ends_on) < ${today}::date
        and missions_period_end(d.kind, c.period_start, d.ends_on) >= ${today}::date - ${days}::int
      union
      select d.id, d.starts_on from missions_definition d
      where d.kind = 'one_off' and d.active and d.ends_on < ${today}::date and d.ends_on >= ${today}::date - ${days}::int
    ), p as (
      select ${DEFINITION_COLUMNS}, e.p_from, missions_period_end(d.kind, e.p_from, d.ends_on) as p_to
      from ended e join missions_definition d on d.id = e.mission_id
    )
    select p.*, to_char(p.p_from, 'YYYY-MM-DD') as period_start, to_char(p.p_to, 'YYYY-MM-DD') as period_end,
      ((p.p_to + 1)::timestamp at time zone ${timeZone}) as ends_at,
      missions_progress(${memberId}, p.goal, p.product_type, p.p_from, p.p_to) as current,
      c.completed_at, c.claimed_at, c.reward_kind as paid_kind, c.reward_amount as paid_amount, c.reward_wagering::text as paid_wagering
    from p
    left join missions_completion c on c.mission_id = p.id and c.member_id = ${memberId} and c.period_start = p.p_from
    order by p.p_to desc, p.sort, p.id`.execute(db);
  return result.rows;
}

export async function findDefinition(db: DbExecutor, id: bigint): Promise<DefinitionRow | undefined> {
  const result = await sql<DefinitionRow>`select ${DEFINITION_COLUMNS} from missions_definition d where d.id = ${id}`.execute(db);
  return result.rows[0];
}

export async function listDefinitions(db: DbExecutor): Promise<DefinitionRow[]> {
  const result = await sql<DefinitionRow>`select ${DEFINITION_COLUMNS} from missions_definition d order by d.active desc, d.sort, d.id`.execute(db);
  return result.rows;
}

export interface CheckinRewardRow {
  day: number;
  reward_kind: 'bonus' | 'points';
  reward_amount: bigint;
  reward_wagering: string;
}

export async function checkinRewards(db: DbExecutor): Promise<CheckinRewardRow[]> {
  const result = await sql<CheckinRewardRow>`select day::int as day, reward_kind, reward_amount, reward_wagering::text as reward_wagering from missions_checkin_reward order by day`.execute(db);
  return result.rows;
}

export interface CheckinRow {
  day: string;
  streak: number;
  reward_kind: 'bonus' | 'points';
  reward_amount: bigint;
  reward_wagering: string;
  created_at: Date;
}

/** The member's check-ins on these local days. */
export async function checkinsOn(db: DbExecutor, memberId: bigint, days: readonly string[]): Promise<CheckinRow[]> {
  const result = await sql<CheckinRow>`
    select to_char(day, 'YYYY-MM-DD') as day, streak, reward_kind, reward_amount, reward_wagering::text as reward_wagering, created_at
    from missions_checkin where member_id = ${memberId} and day = any(${days}::date[])`.execute(db);
  return result.rows;
}
