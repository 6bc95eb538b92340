import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

/** Facts taken per transaction: bounded so one run never holds locks for long. */
const BATCH = 50_000;
/** Any number: the rollup's advisory lock, so two workers never add the same facts twice. */
const ROLLUP_LOCK = 0x61676e74_01;

/**
 * Adds settled-round facts to the daily and hourly rollups (member day, team day, team hour):
 * each fact counts for its member and for every agent in its snapshotted chain. Facts are marked
 * as they are taken, in the same transaction, so a fact is added once whatever order transactions
 * commit in. Each team's day also counts the members whose own valid bet that day crossed
 * `threshold` (the active-member setting as it is when the day is rolled up), and each team's
 * month the members whose month total crossed it. Answers how many facts it took.
 */
export async function runRollup(db: Db, timeZone: string, threshold: bigint): Promise<number> {
  let total = 0;
  for (;;) {
    const taken = await db.transaction().execute(async (tx) => {
      const locked = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${ROLLUP_LOCK}) as ok`.execute(tx);
      if (!locked.rows[0]?.ok) return 0;
      const result = await sql<{ taken: string }>`
        with facts as (
          update agents_bet_fact set rolled_up = true
          where seq in (select seq from agents_bet_fact where not rolled_up order by seq limit ${BATCH} for update skip locked)
          returning seq, member_id, chain, bets, stake, payout, valid_bet, settled_at, (settled_at at time zone ${timeZone})::date as day
        ), member_deltas as (
          select day, member_id, sum(bets) as bets, sum(stake) as stake, sum(payout) as payout, sum(valid_bet) as valid_bet
          from facts group by day, member_id
        ), member_chains as (
          -- A member's latest chain: who counts it as active (moves are rare; its facts keep theirs).
          select distinct on (member_id) member_id, chain from facts order by member_id, seq desc
        ), crossings as (
          -- Sibling CTEs read the rows as they were before this statement: the day's total so far.
          select m.day, m.member_id, c.chain,
            (coalesce(d.valid_bet, 0) + m.valid_bet >= ${threshold})::int - (coalesce(d.valid_bet, 0) >= ${threshold})::int as change
          from member_deltas m join member_chains c using (member_id)
          left join agents_member_day d on d.day = m.day and d.member_id = m.member_id
        ), member_days as (
          insert into agents_member_day as d (day, member_id, bets, stake, payout, valid_bet)
          select day, member_id, bets, stake, payout, valid_bet from member_deltas
          on conflict (day, member_id) do update set bets = d.bets + excluded.bets, stake = d.stake + excluded.stake,
            payout = d.payout + excluded.payout, valid_bet = d.valid_bet + excluded.valid_bet
        ), month_deltas as (
          select date_trunc('month', day)::date as month, member_id, sum(valid_bet) as valid_bet from member_deltas group by 1, 2
        ), month_crossings as (
          -- As for days, but on the month's total: the agent centre's "this month" reads the kept count.
          select m.month, m.member_id, c.chain,
            (coalesce(d.valid_bet, 0) + m.valid_bet >= ${threshold})::int - (coalesce(d.valid_bet, 0) >= ${threshold})::int as change
          from month_deltas m join member_chains c using (member_id)
          left join agents_member_month d on d.month = m.month and d.member_id = m.member_id
        ), member_months as (
          insert into agents_member_month as d (month, member_id, valid_bet)
          select month, member_id, valid_bet from month_deltas
          on conflict (month, member_id) do update set valid_bet = d.valid_bet + excluded.valid_bet
        ), team_months as (
          insert into agents_team_month as d (agent_id, month, active_members)
          select agent_id, month, sum(change) from month_crossings
          cross join lateral unnest(array_prepend(member_id, chain)) as agent(agent_id) where change <> 0
          group by 1, 2
          on conflict (agent_id, month) do update set active_members = d.active_members + excluded.active_members
        ), team_facts as (
          select agent_id, day, settled_at, bets, stake, payout, valid_bet
          from facts cross join lateral unnest(array_prepend(member_id, chain)) as agent(agent_id)
        ), team_days as (
          insert into agents_team_day as d (agent_id, day, bets, stake, payout, valid_bet, active_members)
          select agent_id, day, sum(bets), sum(stake), sum(payout), sum(valid_bet), sum(active) from (
            select agent_id, day, bets, stake, payout, valid_bet, 0 as active from team_facts
            union all
            select agent_id, day, 0, 0, 0, 0, change from crossings
            cross join lateral unnest(array_prepend(member_id, chain)) as agent(agent_id) where change <> 0
          ) as rows group by 1, 2
          on conflict (agent_id, day) do update set bets = d.bets + excluded.bets, stake = d.stake + excluded.stake,
            payout = d.payout + excluded.payout, valid_bet = d.valid_bet + excluded.valid_bet,
            active_members = d.active_members + excluded.active_members
        ), team_hours as (
          insert into agents_team_hour as h (agent_id, hour, bets, stake, payout, valid_bet)
          select agent_id, date_trunc('hour', settled_at), sum(bets), sum(stake), sum(payout), sum(valid_bet)
          from team_facts group by 1, 2
          on conflict (agent_id, hour) do update set bets = h.bets + excluded.bets, stake = h.stake + excluded.stake,
            payout = h.payout + excluded.payout, valid_bet = h.valid_bet + excluded.valid_bet
        )
        select count(*)::text as taken from facts`.execute(tx);
      await sql`update agents_rollup_state set last_run_at = now() where id = 1`.execute(tx);
      return Number(result.rows[0]?.taken ?? 0);
    });
    total += taken;
    if (taken < BATCH) return total;
  }
}
