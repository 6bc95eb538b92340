import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

/** Any number: the rollup's advisory lock, so two workers never write the same hours at once. */
const ROLLUP_LOCK = 0x72_65_70_6f_01;
/** Hours are rolled up once this long past their end (facts stamp now(), their transaction's start). */
const SETTLE_MINUTES = 10;
/** Already rolled hours are recomputed this far back, so a fact committed late is still counted. */
const RECOMPUTE_HOURS = 2;
/** Hours per transaction when catching up (a fresh install over history, a stopped worker). */
const CHUNK_HOURS = 24 * 7;

const utcHour = (at: ReturnType<typeof sql>) => sql<Date>`(date_trunc('hour', (${at}) at time zone 'UTC') at time zone 'UTC')`;

/**
 * Rolls settled play (agents_v_settled_play, one fact per change of a settled round) up into
 * reports_bet_hour, per UTC hour, vendor and product type (the round's catalogue type). An hour is
 * rolled once it ended SETTLE_MINUTES ago and no transaction that started before its end is still
 * running (such a transaction may still commit facts stamped inside it); the last RECOMPUTE_HOURS
 * before the previous frontier are recomputed each time. Readers take hours before rolled_until
 * from the rollup and later facts live, in one statement, so figures are exact and live whatever
 * the rollup's lag. `at` stands in for the database clock (tests). Answers the new frontier.
 */
export async function runReportsRollup(db: Db, at?: Date): Promise<Date> {
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  for (;;) {
    const step = await db.transaction().execute(async (tx) => {
      const locked = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${ROLLUP_LOCK}) as ok`.execute(tx);
      if (!locked.rows[0]?.ok) return undefined;
      const { rows } = await sql<{ from: Date; until: Date; done: boolean }>`
        with target as (
          select least(
            ${utcHour(sql`${now} - make_interval(mins => ${SETTLE_MINUTES})`)},
            coalesce((select ${utcHour(sql`min(xact_start)`)} from pg_stat_activity
                      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend' and xact_start is not null), 'infinity')
          ) as frontier
        ), state as (select rolled_until from reports_rollup_state where id = 1 for update)
        select state.rolled_until - make_interval(hours => ${RECOMPUTE_HOURS}) as from,
          greatest(state.rolled_until, least(target.frontier, state.rolled_until + make_interval(hours => ${CHUNK_HOURS}))) as until,
          target.frontier <= state.rolled_until + make_interval(hours => ${CHUNK_HOURS}) as done
        from state, target`.execute(tx);
      const window = rows[0]!;
      await sql`delete from reports_bet_hour where hour >= ${window.from} and hour < ${window.until}`.execute(tx);
      await sql`
        insert into reports_bet_hour (hour, vendor_code, game_type, rounds, stake, payout)
        select ${utcHour(sql`f.settled_at`)}, f.vendor_code, coalesce(r.game_type, ''), sum(f.bets), sum(f.stake), sum(f.payout)
        from agents_v_settled_play f
        left join provider_v_round r on r.vendor_code = f.vendor_code and r.member_id = f.member_id and r.round_id = f.round_id
        where f.settled_at >= ${window.from} and f.settled_at < ${window.until}
        group by 1, 2, 3`.execute(tx);
      await sql`update reports_rollup_state set rolled_until = ${window.until}, last_run_at = now() where id = 1`.execute(tx);
      return window;
    });
    if (!step || step.done) return step?.until ?? (await rolledUntil(db));
  }
}

export async function rolledUntil(db: Db): Promise<Date> {
  const { rows } = await sql<{ rolled_until: Date }>`select rolled_until from reports_rollup_state where id = 1`.execute(db);
  return rows[0]!.rolled_until;
}
