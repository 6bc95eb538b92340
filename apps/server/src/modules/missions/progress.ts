import { sql } from 'kysely';
import type { Db, DbExecutor } from '../../platform/db.ts';
import { settledPlayHorizon } from '../points/index.ts';

/** Settled-play facts taken per transaction. */
export const PLAY_BATCH = 20_000;
/** Deposits taken per transaction. */
const DEPOSIT_BATCH = 500;
/** Deposits credited / logins this long before the cursor are looked at again (commit order ≠ their time). */
const DEPOSIT_OVERLAP = '10 minutes';
const LOGIN_OVERLAP = '2 minutes';

export interface ProgressOutcome {
  play: { facts: number; members: number };
  deposits: { facts: number };
  logins: { facts: number };
  /** New completions recorded in this pass. */
  completions: number;
}

/** Records the completions reached on these member days for missions of these goals (missions_record_completions). */
export async function recordCompletions(tx: DbExecutor, pairs: readonly { member_id: bigint; day: string }[], goals: readonly string[]): Promise<number> {
  if (pairs.length === 0) return 0;
  const result = await sql<{ n: number }>`
    select missions_record_completions(${pairs.map((pair) => pair.member_id.toString())}::bigint[], ${pairs.map((pair) => pair.day)}::date[], ${goals}::text[]) as n`.execute(tx);
  return result.rows[0]?.n ?? 0;
}

/**
 * Adds settled play after the cursor to the per-member, per-local-day, per-product-type counters,
 * set-based: one batch of facts (valid bet and settled-round deltas, rollbacks included) is summed
 * per member, day and product type (the catalogue's game type through provider_v_round, mapped by
 * the points module's points_product_type) and upserted; then the completions those members
 * reached on those days are recorded. Counters, completions and the cursor commit together and
 * the cursor row is locked first, so a re-run or a second worker counts nothing twice. Like the
 * points earning job, a pass waits for the settled-play horizon so a fact committed late is never
 * skipped.
 */
async function creditPlay(db: Db, timeZone: string, outcome: ProgressOutcome, batch: number): Promise<void> {
  const start = await sql<{ position: bigint }>`select position from missions_cursor where name = 'play'`.execute(db);
  const horizon = await settledPlayHorizon(db, start.rows[0]!.position);
  if (horizon === null) return;
  for (;;) {
    const done = await db.transaction().execute(async (tx) => {
      const cursor = await sql<{ position: bigint }>`select position from missions_cursor where name = 'play' for update`.execute(tx);
      const from = cursor.rows[0]!.position;
      if (from >= horizon) return true;
      const bound = await sql<{ hi: bigint | null; n: number }>`
        select max(seq) as hi, count(*)::int as n from (
          select seq from agents_v_settled_play where seq > ${from} and seq <= ${horizon} order by seq limit ${batch}
        ) as batch`.execute(tx);
      const hi = bound.rows[0]?.hi ?? null;
      if (hi === null) {
        await sql`update missions_cursor set position = ${horizon}, updated_at = now() where name = 'play'`.execute(tx);
        return true;
      }
      const touched = await sql<{ member_id: bigint; day: string }>`
        insert into missions_play_day as d (member_id, day, product_type, valid_bet, games)
        select f.member_id, (f.settled_at at time zone ${timeZone})::date, coalesce(points_product_type(r.game_type), 'other'), sum(f.valid_bet), sum(f.bets)
        from agents_v_settled_play f
        left join provider_v_round r on r.vendor_code = f.vendor_code and r.member_id = f.member_id and r.round_id = f.round_id
        where f.seq > ${from} and f.seq <= ${hi}
        group by 1, 2, 3
        order by 1, 2, 3
        on conflict (member_id, day, product_type) do update
          set valid_bet = d.valid_bet + excluded.valid_bet, games = d.games + excluded.games, updated_at = now()
        returning d.member_id, to_char(d.day, 'YYYY-MM-DD') as day`.execute(tx);
      outcome.completions += await recordCompletions(tx, touched.rows, ['valid_bet', 'games_played']);
      await sql`update missions_cursor set position = ${hi}, updated_at = now() where name = 'play'`.execute(tx);
      outcome.play.facts += bound.rows[0]!.n;
      outcome.play.members += new Set(touched.rows.map((row) => row.member_id)).size;
      return hi >= horizon;
    });
    if (done) return;
  }
}

/**
 * Adds deposits credited since the cursor (less an overlap: credits commit in no particular
 * order) to the members' days, each deposit once (missions_deposit's key, in the same transaction).
 */
async function creditDeposits(db: Db, timeZone: string, outcome: ProgressOutcome): Promise<void> {
  for (;;) {
    const taken = await db.transaction().execute(async (tx) => {
      await sql`select 1 from missions_cursor where name = 'deposit' for update`.execute(tx);
      const found = await sql<{ id: bigint; member_id: bigint; credited_amount: bigint; credited_at: Date }>`
        select d.id, d.member_id, d.credited_amount, d.credited_at
        from payments_v_deposit d
        where d.status = 'credited' and d.credited_at > (select at from missions_cursor where name = 'deposit') - ${DEPOSIT_OVERLAP}::interval
          and not exists (select 1 from missions_deposit m where m.deposit_id = d.id)
        order by d.credited_at, d.id
        limit ${DEPOSIT_BATCH}`.execute(tx);
      if (found.rows.length === 0) return 0;
      const ids = found.rows.map((row) => row.id.toString());
      await sql`insert into missions_deposit (deposit_id, member_id) select * from unnest(${ids}::bigint[], ${found.rows.map((row) => row.member_id.toString())}::bigint[])`.execute(tx);
      const touched = await sql<{ member_id: bigint; day: string }>`
        insert into missions_activity_day as a (member_id, day, deposits)
        select d.member_id, (d.credited_at at time zone ${timeZone})::date, sum(d.credited_amount)
        from payments_v_deposit d where d.id = any(${ids}::bigint[])
        group by 1, 2
        order by 1, 2
        on conflict (member_id, day) do update set deposits = a.deposits + excluded.deposits, updated_at = now()
        returning a.member_id, to_char(a.day, 'YYYY-MM-DD') as day`.execute(tx);
      outcome.completions += await recordCompletions(tx, touched.rows, ['deposits']);
      const latest = found.rows.reduce((max, row) => (row.credited_at > max ? row.credited_at : max), found.rows[0]!.credited_at);
      await sql`update missions_cursor set at = greatest(at, ${latest}::timestamptz), updated_at = now() where name = 'deposit'`.execute(tx);
      outcome.deposits.facts += found.rows.length;
      return found.rows.length;
    });
    if (taken < DEPOSIT_BATCH) return;
  }
}

/**
 * Marks the days members logged in (accounts_v_real_member_login since the cursor, less an
 * overlap; marking a day twice changes nothing) and records the completions of login goals.
 */
async function creditLogins(db: Db, timeZone: string, outcome: ProgressOutcome): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`select 1 from missions_cursor where name = 'login' for update`.execute(tx);
    const found = await sql<{ member_id: bigint; day: string; latest: Date; n: number }>`
      select l.member_id, to_char((l.logged_in_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, max(l.logged_in_at) as latest, count(*)::int as n
      from accounts_v_real_member_login l
      where l.logged_in_at > (select at from missions_cursor where name = 'login') - ${LOGIN_OVERLAP}::interval
      group by 1, 2`.execute(tx);
    if (found.rows.length === 0) return;
    const marked = await sql<{ member_id: bigint; day: string }>`
      insert into missions_activity_day as a (member_id, day, logged_in)
      select member_id, day, true from unnest(${found.rows.map((row) => row.member_id.toString())}::bigint[], ${found.rows.map((row) => row.day)}::date[]) as t(member_id, day)
      order by 1, 2
      on conflict (member_id, day) do update set logged_in = true, updated_at = now() where not a.logged_in
      returning a.member_id, to_char(a.day, 'YYYY-MM-DD') as day`.execute(tx);
    outcome.completions += await recordCompletions(tx, marked.rows, ['login_days']);
    const latest = found.rows.reduce((max, row) => (row.latest > max ? row.latest : max), found.rows[0]!.latest);
    await sql`update missions_cursor set at = greatest(at, ${latest}::timestamptz), updated_at = now() where name = 'login'`.execute(tx);
    outcome.logins.facts += marked.rows.length;
  });
}

/** One progress pass: settled play, credited deposits and logins since the cursors, and the completions they reach. */
export async function creditProgress(db: Db, timeZone: string, options: { batch?: number } = {}): Promise<ProgressOutcome> {
  const outcome: ProgressOutcome = { play: { facts: 0, members: 0 }, deposits: { facts: 0 }, logins: { facts: 0 }, completions: 0 };
  await creditPlay(db, timeZone, outcome, options.batch ?? PLAY_BATCH);
  await creditDeposits(db, timeZone, outcome);
  await creditLogins(db, timeZone, outcome);
  return outcome;
}
