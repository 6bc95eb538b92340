import { sql } from 'kysely';
import type { ContractKind } from '@app/contracts';
import type { DbExecutor } from '../../../platform/db.ts';
import { readTiers } from '../contracts/contracts.repository.ts';
import type { NormalisedTier } from '../contracts/contract-tiers.ts';
import type { Period } from './settlement-periods.ts';

export interface ContractInForce {
  id: bigint;
  agentId: bigint;
  /** Who pays it: the upline agent who offered it, or null for the platform (an operator grant). */
  payerId: bigint | null;
  tiers: NormalisedTier[];
}

/**
 * The version of each agent's contract that was in force at `at` (the policy: period end), with
 * its payer: the contract's own upline (docs/agent-commissions.md "Who pays"), not whoever is the
 * nearest contracted ancestor in the tree today.
 */
export async function contractsInForce(db: DbExecutor, kind: ContractKind, at: Date): Promise<ContractInForce[]> {
  const rows = await db
    .selectFrom('agents_contract')
    .select(['id', 'downline_id', 'upline_id', 'tiers'])
    .where('kind', '=', kind)
    .where('status', 'in', ['active', 'superseded', 'terminated'])
    .where(sql<boolean>`coalesce(decided_at, offered_at) < ${at}`)
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>=', at)]))
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, agentId: row.downline_id, payerId: row.upline_id, tiers: readTiers(row.tiers) }));
}

/** For each agent, its nearest ancestor in the same set and its depth (lines are paid top agents first). */
export async function payersAndDepths(db: DbExecutor, agents: readonly bigint[]): Promise<Map<bigint, { payerId: bigint | null; depth: number }>> {
  const ids = agents.map(String);
  const result = await sql<{ agent_id: bigint; payer_id: bigint | null; depth: number }>`
    select a.id as agent_id,
      (select t.ancestor_id from agents_tree t where t.descendant_id = a.id and t.depth > 0 and t.ancestor_id = any(${ids}::bigint[]) order by t.depth limit 1) as payer_id,
      (select max(t.depth) from agents_tree t where t.descendant_id = a.id)::int as depth
    from unnest(${ids}::bigint[]) as a(id)`.execute(db);
  return new Map(result.rows.map((row) => [BigInt(row.agent_id), { payerId: row.payer_id === null ? null : BigInt(row.payer_id), depth: row.depth }]));
}

export interface TeamPeriodPlay {
  stake: bigint;
  payout: bigint;
  validBet: bigint;
}

/** Each agent's team play over a period, from the rollups (daily rows, or hourly for hourly wages). */
export async function teamPlayIn(db: DbExecutor, agents: readonly bigint[], period: Period, hourly: boolean, timeZone: string): Promise<Map<bigint, TeamPeriodPlay>> {
  const ids = agents.map(String);
  const result = hourly
    ? await sql<{ agent_id: string; stake: string; payout: string; valid_bet: string }>`
        select agent_id::text, sum(stake)::text as stake, sum(payout)::text as payout, sum(valid_bet)::text as valid_bet from agents_team_hour
        where agent_id = any(${ids}::bigint[]) and hour >= ${period.start} and hour < ${period.end} group by agent_id`.execute(db)
    : await sql<{ agent_id: string; stake: string; payout: string; valid_bet: string }>`
        select agent_id::text, sum(stake)::text as stake, sum(payout)::text as payout, sum(valid_bet)::text as valid_bet from agents_team_day
        where agent_id = any(${ids}::bigint[]) and day >= (${period.start}::timestamptz at time zone ${timeZone})::date
          and day < (${period.end}::timestamptz at time zone ${timeZone})::date group by agent_id`.execute(db);
  return new Map(result.rows.map((row) => [BigInt(row.agent_id), { stake: BigInt(row.stake), payout: BigInt(row.payout), validBet: BigInt(row.valid_bet) }]));
}

/** Members of each agent's team (the agent included) whose own valid bet in the period reached `threshold`. */
export async function activeCounts(db: DbExecutor, agents: readonly bigint[], period: Period, timeZone: string, threshold: bigint): Promise<Map<bigint, number>> {
  const result = await sql<{ agent_id: string; active: number }>`
    select t.ancestor_id::text as agent_id, count(*)::int as active from (
      select member_id from agents_member_day
      where day >= (${period.start}::timestamptz at time zone ${timeZone})::date and day < (${period.end}::timestamptz at time zone ${timeZone})::date
      group by member_id having sum(valid_bet) >= ${threshold}
    ) as m join agents_tree t on t.descendant_id = m.member_id
    where t.ancestor_id = any(${agents.map(String)}::bigint[]) group by t.ancestor_id`.execute(db);
  return new Map(result.rows.map((row) => [BigInt(row.agent_id), row.active]));
}

/** Wages (daily, hourly, real-time) paid to each agent's team in the period: a cost in its dividend base. */
export async function wagesPaidToTeams(db: DbExecutor, agents: readonly bigint[], period: Period): Promise<Map<bigint, bigint>> {
  const result = await sql<{ agent_id: string; amount: string }>`
    select t.ancestor_id::text as agent_id, sum(l.amount)::text as amount
    from agents_settlement_line l join agents_tree t on t.descendant_id = l.agent_id
    where t.ancestor_id = any(${agents.map(String)}::bigint[]) and l.kind <> 'dividend' and l.status = 'paid'
      and l.period_start >= ${period.start} and l.period_start < ${period.end}
    group by t.ancestor_id`.execute(db);
  return new Map(result.rows.map((row) => [BigInt(row.agent_id), BigInt(row.amount)]));
}

/** The latest run of a period, and whether facts of the period arrived after it. */
export async function lastRun(db: DbExecutor, kind: ContractKind, period: Period) {
  const run = await db
    .selectFrom('agents_settlement_run')
    .select(['id', 'version', 'to_seq'])
    .where('kind', '=', kind)
    .where('period_start', '=', period.start)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!run) return undefined;
  const late = await sql<{ late: boolean }>`
    select exists (select 1 from agents_bet_fact where seq > ${run.to_seq} and settled_at >= ${period.start} and settled_at < ${period.end}) as late`.execute(db);
  return { ...run, hasLateFacts: late.rows[0]?.late ?? false };
}

export async function maxFactSeq(db: DbExecutor): Promise<bigint> {
  const result = await sql<{ seq: string | null }>`select max(seq)::text as seq from agents_bet_fact`.execute(db);
  return BigInt(result.rows[0]?.seq ?? 0);
}

/** What earlier versions of a period already posted to each agent, and on what base. */
export async function postedBefore(db: DbExecutor, kind: ContractKind, periodStart: Date): Promise<Map<bigint, { amount: bigint; base: bigint }>> {
  const rows = await db
    .selectFrom('agents_settlement_line')
    .select(['agent_id', sql<string>`sum(amount)::text`.as('amount'), sql<string>`sum(base)::text`.as('base')])
    .where('kind', '=', kind)
    .where('period_start', '=', periodStart)
    .groupBy('agent_id')
    .execute();
  return new Map(rows.map((row) => [row.agent_id, { amount: BigInt(row.amount), base: BigInt(row.base) }]));
}
