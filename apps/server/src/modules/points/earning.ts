import { sql } from 'kysely';
import { HOUSE, type WalletApi } from '../wallet/index.ts';
import type { Db, DbExecutor } from '../../platform/db.ts';

/** Member legs per play journal: one journal credits a batch's members together, in chunks. */
const MEMBERS_PER_JOURNAL = 500;
/** Settled-play facts taken per transaction. */
export const PLAY_BATCH = 20_000;
/** Deposits taken per transaction. */
const DEPOSIT_BATCH = 500;
/** Deposits credited this long before the cursor are looked at again (commit order ≠ credit time). */
const DEPOSIT_OVERLAP = '10 minutes';
/** How long a pass waits for transactions that were writing when it looked (see safeHorizon). */
const HORIZON_WAIT_MS = 2_000;

type Post = Pick<WalletApi, 'postOrThrow'>['postOrThrow'];

/**
 * The highest agents_v_settled_play.seq below which every fact is committed and visible. Facts get
 * their seq when they are written but become visible when their transaction commits, so a fact
 * with a lower seq can appear after a higher one was credited, and a cursor that moved past it
 * would skip it. So: note the highest visible seq, then the transactions of this database that
 * hold a transaction id (every writer of a fact does, from its first write), and wait until all of
 * those have ended; a fact with a lower seq was written by one of them or by one already
 * committed. Round transactions are short, so the wait is a few milliseconds; while some writer
 * runs longer than HORIZON_WAIT_MS, this pass credits nothing and the next one tries again.
 * (Writers in other databases of the cluster do not hold it back, unlike a snapshot's xmin.)
 */
export async function safeHorizon(db: Db, after: bigint): Promise<bigint | null> {
  const seen = await sql<{ hi: bigint | null }>`select max(seq) as hi from agents_v_settled_play where seq > ${after}`.execute(db);
  const hi = seen.rows[0]?.hi ?? null;
  if (hi === null) return null;
  const writers = await sql<{ xids: string[] | null }>`
    select array_agg(backend_xid::text) as xids from pg_stat_activity
    where datname = current_database() and backend_xid is not null and pid <> pg_backend_pid()`.execute(db);
  const xids = writers.rows[0]?.xids ?? null;
  if (xids === null || xids.length === 0) return hi;
  const deadline = Date.now() + HORIZON_WAIT_MS;
  for (;;) {
    const left = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and backend_xid::text = any(${xids}::text[])`.execute(db);
    if (left.rows[0]?.n === 0) return hi;
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export interface EarnOutcome {
  facts: number;
  members: number;
  points: bigint;
}

/**
 * Credits points for settled play after the cursor, set-based: the facts of one batch (valid bet
 * deltas) are summed per member and product type (the catalogue's game type through
 * provider_v_round, mapped by points_product_type), times the rate per R$ 1,00, rounded down per
 * member and batch. A member whose batch nets negative (a rollback) earns nothing in it. The
 * journals (keyed by the batch's last seq), the movements and the cursor commit together, and the
 * cursor row is locked first, so a re-run or a second worker credits nothing twice.
 */
export async function creditPlay(db: Db, post: Post, options: { batch?: number } = {}): Promise<EarnOutcome> {
  const outcome: EarnOutcome = { facts: 0, members: 0, points: 0n };
  const start = await db.selectFrom('points_cursor').select('position').where('name', '=', 'play').executeTakeFirstOrThrow();
  const horizon = await safeHorizon(db, start.position);
  if (horizon === null) return outcome;
  for (;;) {
    const done = await db.transaction().execute(async (tx) => {
      const cursor = await sql<{ position: bigint }>`select position from points_cursor where name = 'play' for update`.execute(tx);
      const from = cursor.rows[0]!.position;
      if (from >= horizon) return true;
      const bound = await sql<{ hi: bigint | null; n: number }>`
        select max(seq) as hi, count(*)::int as n from (
          select seq from agents_v_settled_play where seq > ${from} and seq <= ${horizon} order by seq limit ${options.batch ?? PLAY_BATCH}
        ) as batch`.execute(tx);
      const hi = bound.rows[0]?.hi ?? null;
      if (hi === null) {
        await sql`update points_cursor set position = ${horizon}, updated_at = now() where name = 'play'`.execute(tx);
        return true;
      }
      const earned = await sql<{ member_id: bigint; points: bigint; basis: bigint }>`
        with play as (
          select f.member_id, points_product_type(r.game_type) as product_type, sum(f.valid_bet) as valid_bet
          from agents_v_settled_play f
          left join provider_v_round r on r.vendor_code = f.vendor_code and r.member_id = f.member_id and r.round_id = f.round_id
          where f.seq > ${from} and f.seq <= ${hi}
          group by 1, 2
        )
        select play.member_id, floor(sum(play.valid_bet * rate.points_per_real) / 100)::bigint as points, sum(play.valid_bet)::bigint as basis
        from play join points_rate rate on rate.source = play.product_type
        group by 1
        having floor(sum(play.valid_bet * rate.points_per_real) / 100) > 0
        order by 1`.execute(tx);
      await creditMembers(tx, post, earned.rows, { keyPrefix: `points:play:${hi}`, source: 'play', reference: `${from + 1n}-${hi}` });
      await sql`update points_cursor set position = ${hi}, updated_at = now() where name = 'play'`.execute(tx);
      outcome.facts += bound.rows[0]!.n;
      outcome.members += earned.rows.length;
      for (const row of earned.rows) outcome.points += row.points;
      return hi >= horizon;
    });
    if (done) return outcome;
  }
}

async function creditMembers(
  tx: DbExecutor,
  post: Post,
  rows: readonly { member_id: bigint; points: bigint; basis: bigint }[],
  what: { keyPrefix: string; source: 'play' | 'deposit'; reference: string },
): Promise<void> {
  for (let chunk = 0; chunk * MEMBERS_PER_JOURNAL < rows.length; chunk += 1) {
    const members = rows.slice(chunk * MEMBERS_PER_JOURNAL, (chunk + 1) * MEMBERS_PER_JOURNAL);
    const key = `${what.keyPrefix}:${chunk}`;
    const total = members.reduce((sum, row) => sum + row.points, 0n);
    await post(tx, {
      key,
      type: 'points',
      reference: `${what.source} ${what.reference}`,
      legs: [{ house: HOUSE.pointsIssued, currency: 'PTS', amount: -total }, ...members.map((row) => ({ member: row.member_id, pocket: 'points' as const, amount: row.points }))],
    });
    await tx
      .insertInto('points_movement')
      .values(members.map((row) => ({ member_id: row.member_id, amount: row.points, source: what.source, reference: what.reference, basis: row.basis, journal_key: key })))
      .execute();
  }
}

/**
 * Credits points for deposits credited since the cursor (less an overlap, since credits commit in
 * no particular order), each deposit once: points_deposit's primary key, the journal key
 * points:deposit:<id> and the cursor move in one transaction.
 */
export async function creditDeposits(db: Db, post: Post): Promise<EarnOutcome> {
  const outcome: EarnOutcome = { facts: 0, members: 0, points: 0n };
  for (;;) {
    const taken = await db.transaction().execute(async (tx) => {
      // Locked first: a second worker waits here, then sees the first one's deposits as taken.
      await sql`select 1 from points_cursor where name = 'deposit' for update`.execute(tx);
      const found = await sql<{ id: bigint; member_id: bigint; credited_amount: bigint; credited_at: Date; points: bigint }>`
        select d.id, d.member_id, d.credited_amount, d.credited_at,
          floor(d.credited_amount * coalesce((select points_per_real from points_rate where source = 'deposit'), 0) / 100)::bigint as points
        from payments_v_deposit d
        where d.status = 'credited' and d.credited_at > (select at from points_cursor where name = 'deposit') - ${DEPOSIT_OVERLAP}::interval
          and not exists (select 1 from points_deposit p where p.deposit_id = d.id)
        order by d.credited_at, d.id
        limit ${DEPOSIT_BATCH}`.execute(tx);
      if (found.rows.length === 0) return 0;
      await tx
        .insertInto('points_deposit')
        .values(found.rows.map((row) => ({ deposit_id: row.id, member_id: row.member_id, points: row.points })))
        .execute();
      for (const row of found.rows) {
        if (row.points <= 0n) continue;
        await creditMembers(tx, post, [{ member_id: row.member_id, points: row.points, basis: row.credited_amount }], { keyPrefix: `points:deposit:${row.id}`, source: 'deposit', reference: row.id.toString() });
        outcome.members += 1;
        outcome.points += row.points;
      }
      const latest = found.rows.reduce((max, row) => (row.credited_at > max ? row.credited_at : max), found.rows[0]!.credited_at);
      await sql`update points_cursor set at = greatest(at, ${latest}::timestamptz), updated_at = now() where name = 'deposit'`.execute(tx);
      outcome.facts += found.rows.length;
      return found.rows.length;
    });
    if (taken < DEPOSIT_BATCH) return outcome;
  }
}

/**
 * Points another module awards (a mission's reward, a check-in), in the caller's transaction:
 * a journal to the member's points pocket against points_issued keyed by the caller's key, and
 * its movement with the source, exactly as earnings are credited. Once per key: a key already
 * recorded answers created: false and posts nothing.
 */
export async function awardPoints(
  tx: DbExecutor,
  post: Post,
  input: { key: string; memberId: bigint; points: bigint; source: 'mission' | 'checkin'; reference: string },
): Promise<{ created: boolean }> {
  if (input.points <= 0n) throw new Error(`points award ${input.key}: points must be positive`);
  const done = await tx.selectFrom('points_movement').select('id').where('journal_key', '=', input.key).where('member_id', '=', input.memberId).executeTakeFirst();
  if (done) return { created: false };
  await post(tx, {
    key: input.key,
    type: 'points',
    reference: `${input.source} ${input.reference}`,
    legs: [{ house: HOUSE.pointsIssued, currency: 'PTS', amount: -input.points }, { member: input.memberId, pocket: 'points', amount: input.points }],
  });
  await tx.insertInto('points_movement').values({ member_id: input.memberId, amount: input.points, source: input.source, reference: input.reference.slice(0, 120), basis: null, journal_key: input.key }).execute();
  return { created: true };
}
