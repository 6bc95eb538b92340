import { sql, type RawBuilder } from 'kysely';
import type { DbExecutor } from '../../../platform/db.ts';
import type { ResolvedPeriod } from '@app/contracts';
import { nextDay } from './periods.ts';

/**
 * Sums for the agent reports. Play comes from the rollups (agents_member_day, agents_team_day)
 * plus the facts not rolled up yet, so figures are live; money in and out from the views payments
 * publishes (payments_v_deposit, payments_v_withdrawal). "Team" is the agent and everyone below it
 * (closure rows of depth ≥ 0).
 */
export interface Play {
  bets: number;
  stake: bigint;
  payout: bigint;
  validBet: bigint;
}
export interface Money {
  deposits: bigint;
  withdrawals: bigint;
}
export const NO_PLAY: Play = { bets: 0, stake: 0n, payout: 0n, validBet: 0n };
export const NO_MONEY: Money = { deposits: 0n, withdrawals: 0n };

interface PlayRow {
  key: string | null;
  bets: string | null;
  stake: string | null;
  payout: string | null;
  valid_bet: string | null;
}
const toPlay = (row: PlayRow | undefined): Play =>
  row ? { bets: Number(row.bets ?? 0), stake: BigInt(row.stake ?? 0), payout: BigInt(row.payout ?? 0), validBet: BigInt(row.valid_bet ?? 0) } : NO_PLAY;

/** The period's first and (exclusive) last instant, from the operator's calendar days. */
export function bounds(period: ResolvedPeriod): { start: RawBuilder<Date>; end: RawBuilder<Date> } {
  return {
    start: sql<Date>`(${period.from}::date::timestamp at time zone ${period.timeZone})`,
    end: sql<Date>`(${nextDay(period.to)}::date::timestamp at time zone ${period.timeZone})`,
  };
}

const dayOf = (column: RawBuilder<unknown>, period: ResolvedPeriod) => sql<string>`to_char((${column} at time zone ${period.timeZone})::date, 'YYYY-MM-DD')`;

/** Play grouped by a key, from a rollup query and a tail-of-facts query that share column names. */
async function groupedPlay(db: DbExecutor, rolled: RawBuilder<PlayRow>, tail: RawBuilder<PlayRow>): Promise<Map<string | null, Play>> {
  const result = await sql<PlayRow>`
    select key, sum(bets)::text as bets, sum(stake)::text as stake, sum(payout)::text as payout, sum(valid_bet)::text as valid_bet
    from (${rolled} union all ${tail}) as parts group by key`.execute(db);
  return new Map(result.rows.map((row) => [row.key, toPlay(row)]));
}

/** A team's play (the agent included), in all or per day. */
export async function teamPlay(db: DbExecutor, agentId: bigint, period: ResolvedPeriod, byDay = false): Promise<Map<string | null, Play>> {
  const { start, end } = bounds(period);
  const rolledKey = byDay ? sql`to_char(day, 'YYYY-MM-DD')` : sql`null::text`;
  const tailKey = byDay ? dayOf(sql`settled_at`, period) : sql`null::text`;
  return groupedPlay(
    db,
    sql<PlayRow>`select ${rolledKey} as key, bets, stake, payout, valid_bet from agents_team_day
      where agent_id = ${agentId} and day between ${period.from}::date and ${period.to}::date`,
    sql<PlayRow>`select ${tailKey} as key, bets, stake, payout, valid_bet from agents_bet_fact
      where not rolled_up and (member_id = ${agentId} or chain @> array[${agentId}]::bigint[]) and settled_at >= ${start} and settled_at < ${end}`,
  );
}

/** A member's own play. */
export async function memberPlay(db: DbExecutor, memberId: bigint, period: ResolvedPeriod): Promise<Play> {
  const { start, end } = bounds(period);
  const rows = await groupedPlay(
    db,
    sql<PlayRow>`select null::text as key, bets, stake, payout, valid_bet from agents_member_day
      where member_id = ${memberId} and day between ${period.from}::date and ${period.to}::date`,
    sql<PlayRow>`select null::text as key, bets, stake, payout, valid_bet from agents_bet_fact
      where not rolled_up and member_id = ${memberId} and settled_at >= ${start} and settled_at < ${end}`,
  );
  return rows.get(null) ?? NO_PLAY;
}

/** Each direct downline's whole team, keyed by the downline's id. */
export async function childrenPlay(db: DbExecutor, rootId: bigint, period: ResolvedPeriod): Promise<Map<string | null, Play>> {
  const { start, end } = bounds(period);
  return groupedPlay(
    db,
    sql<PlayRow>`select child.descendant_id::text as key, d.bets, d.stake, d.payout, d.valid_bet
      from agents_tree child join agents_team_day d on d.agent_id = child.descendant_id
      where child.ancestor_id = ${rootId} and child.depth = 1 and d.day between ${period.from}::date and ${period.to}::date`,
    // A fact under the root belongs to the chain link just below the root (or to its member).
    sql<PlayRow>`select (case when array_position(chain, ${rootId}) = 1 then member_id else chain[array_position(chain, ${rootId}) - 1] end)::text as key,
        bets, stake, payout, valid_bet
      from agents_bet_fact where not rolled_up and chain @> array[${rootId}]::bigint[] and settled_at >= ${start} and settled_at < ${end}`,
  );
}

interface MoneyRow {
  key: string | null;
  deposits: string | null;
  withdrawals: string | null;
}

/**
 * Money in and out of a set of members: `members` is a query of (key, member_id) pairs. Deposits
 * count when credited, withdrawals when paid.
 */
async function groupedMoney(db: DbExecutor, members: RawBuilder<unknown>, period: ResolvedPeriod, byDay: boolean): Promise<Map<string | null, Money>> {
  const { start, end } = bounds(period);
  const depositKey = byDay ? dayOf(sql`d.credited_at`, period) : sql`m.key`;
  const withdrawalKey = byDay ? dayOf(sql`w.paid_at`, period) : sql`m.key`;
  const result = await sql<MoneyRow>`
    with m as (${members})
    select key, sum(deposits)::text as deposits, sum(withdrawals)::text as withdrawals from (
      select ${depositKey} as key, d.credited_amount as deposits, 0::bigint as withdrawals
      from payments_v_deposit d join m on m.member_id = d.member_id
      where d.status = 'credited' and d.credited_at >= ${start} and d.credited_at < ${end}
      union all
      select ${withdrawalKey} as key, 0::bigint, w.amount
      from payments_v_withdrawal w join m on m.member_id = w.member_id
      where w.status = 'paid' and w.paid_at >= ${start} and w.paid_at < ${end}
    ) as flows group by key`.execute(db);
  return new Map(result.rows.map((row) => [row.key, { deposits: BigInt(row.deposits ?? 0), withdrawals: BigInt(row.withdrawals ?? 0) }]));
}

export function teamMoney(db: DbExecutor, agentId: bigint, period: ResolvedPeriod, byDay = false) {
  return groupedMoney(db, sql`select null::text as key, descendant_id as member_id from agents_tree where ancestor_id = ${agentId}`, period, byDay);
}

export async function memberMoney(db: DbExecutor, memberId: bigint, period: ResolvedPeriod): Promise<Money> {
  return (await groupedMoney(db, sql`select null::text as key, ${memberId}::bigint as member_id`, period, false)).get(null) ?? NO_MONEY;
}

export function childrenMoney(db: DbExecutor, rootId: bigint, period: ResolvedPeriod) {
  return groupedMoney(
    db,
    sql`select child.descendant_id::text as key, team.descendant_id as member_id
      from agents_tree child join agents_tree team on team.ancestor_id = child.descendant_id
      where child.ancestor_id = ${rootId} and child.depth = 1`,
    period,
    false,
  );
}

/** Members who joined the team in the period (the agent excluded). */
export async function newMembers(db: DbExecutor, agentId: bigint, period: ResolvedPeriod): Promise<number> {
  const { start, end } = bounds(period);
  const result = await sql<{ count: string }>`
    select count(*)::text as count from agents_tree t join accounts_v_member m on m.id = t.descendant_id
    where t.ancestor_id = ${agentId} and t.depth > 0 and m.created_at >= ${start} and m.created_at < ${end}`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

/** The kept counts of a one-day or a calendar-month period: the rollup's team and member tables. */
const KEPT = {
  day: { team: 'agents_team_day', member: 'agents_member_day', column: 'day' },
  month: { team: 'agents_team_month', member: 'agents_member_month', column: 'month' },
} as const;

/**
 * Team members (the agent included) whose own valid bet in the period reached `threshold`. A day,
 * and a calendar month up to today (`keptMonth`), read the count the rollup keeps, plus members the
 * facts not rolled up yet carry across; any other period sums each member's days, as activity is
 * judged on the period's total.
 */
export async function activeMembers(db: DbExecutor, agentId: bigint, period: ResolvedPeriod, threshold: bigint, options: { keptMonth?: boolean } = {}): Promise<number> {
  const { start, end } = bounds(period);
  const tail = sql`select member_id, valid_bet from agents_bet_fact
    where not rolled_up and (member_id = ${agentId} or chain @> array[${agentId}]::bigint[]) and settled_at >= ${start} and settled_at < ${end}`;
  const kept = period.from === period.to ? KEPT.day : options.keptMonth ? KEPT.month : undefined;
  if (kept) {
    const result = await sql<{ count: number }>`
      select (coalesce((select active_members from ${sql.table(kept.team)} where agent_id = ${agentId} and ${sql.ref(kept.column)} = ${period.from}::date), 0)
        + coalesce((select sum((coalesce(d.valid_bet, 0) + t.valid_bet >= ${threshold})::int - (coalesce(d.valid_bet, 0) >= ${threshold})::int)
            from (select member_id, sum(valid_bet) as valid_bet from (${tail}) as facts group by member_id) as t
            left join ${sql.table(kept.member)} d on ${sql.ref(`d.${kept.column}`)} = ${period.from}::date and d.member_id = t.member_id), 0))::int as count`.execute(db);
    return result.rows[0]?.count ?? 0;
  }
  const result = await sql<{ count: string }>`
    select count(*)::text as count from (
      select member_id from (
        select d.member_id, d.valid_bet from agents_member_day d
        join agents_tree t on t.descendant_id = d.member_id and t.ancestor_id = ${agentId}
        where d.day between ${period.from}::date and ${period.to}::date
        union all
        ${tail}
      ) as play group by member_id having sum(valid_bet) >= ${threshold}
    ) as active`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}
