import { sql, type RawBuilder } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

/** A vip_level_definition row as stored (amounts in centavos; numeric multiples as decimal strings). */
export interface LevelRow {
  rank: number;
  name_pt: string;
  name_en: string;
  badge: string;
  min_valid_bet: bigint;
  min_deposit: bigint;
  retention_valid_bet: bigint;
  upgrade_bonus: bigint;
  upgrade_wagering: string;
  monthly_bonus: bigint;
  monthly_wagering: string;
  bonus_valid_days: number;
  rebates: Record<string, string>;
  withdrawal_limit_per_day: bigint | null;
  updated_at: Date;
  updated_by: string;
}

export interface MemberRow {
  member_id: bigint;
  rank: number;
  since: Date;
  valid_bet: bigint;
  deposits: bigint;
  valid_bet_offset: bigint;
  deposit_offset: bigint;
}

export interface DueRow {
  key: string;
  member_id: bigint;
  kind: 'upgrade' | 'monthly';
  rank: number;
  amount: bigint;
  wagering_multiple: string;
  valid_days: number;
}

export async function listLevels(db: DbExecutor): Promise<LevelRow[]> {
  return (await sql<LevelRow>`select * from vip_level_definition order by rank`.execute(db)).rows;
}

export async function findLevel(db: DbExecutor, rank: number): Promise<LevelRow | undefined> {
  return (await sql<LevelRow>`select * from vip_level_definition where rank = ${rank}`.execute(db)).rows[0];
}

export type LevelWrite = Omit<LevelRow, 'updated_at'>;

/** Levels are edited one at a time under a table lock so the order rules hold across editors. */
export async function lockLevels(tx: DbExecutor): Promise<void> {
  await sql`lock table vip_level_definition in share row exclusive mode`.execute(tx);
}

export async function upsertLevel(tx: DbExecutor, level: LevelWrite): Promise<LevelRow> {
  const result = await sql<LevelRow>`
    insert into vip_level_definition (rank, name_pt, name_en, badge, min_valid_bet, min_deposit, retention_valid_bet, upgrade_bonus, upgrade_wagering,
      monthly_bonus, monthly_wagering, bonus_valid_days, rebates, withdrawal_limit_per_day, updated_by, updated_at)
    values (${level.rank}, ${level.name_pt}, ${level.name_en}, ${level.badge}, ${level.min_valid_bet}, ${level.min_deposit}, ${level.retention_valid_bet},
      ${level.upgrade_bonus}, ${level.upgrade_wagering}, ${level.monthly_bonus}, ${level.monthly_wagering}, ${level.bonus_valid_days},
      ${JSON.stringify(level.rebates)}::jsonb, ${level.withdrawal_limit_per_day}, ${level.updated_by}, now())
    on conflict (rank) do update set name_pt = excluded.name_pt, name_en = excluded.name_en, badge = excluded.badge,
      min_valid_bet = excluded.min_valid_bet, min_deposit = excluded.min_deposit, retention_valid_bet = excluded.retention_valid_bet,
      upgrade_bonus = excluded.upgrade_bonus, upgrade_wagering = excluded.upgrade_wagering, monthly_bonus = excluded.monthly_bonus,
      monthly_wagering = excluded.monthly_wagering, bonus_valid_days = excluded.bonus_valid_days, rebates = excluded.rebates,
      withdrawal_limit_per_day = excluded.withdrawal_limit_per_day, updated_by = excluded.updated_by, updated_at = now()
    returning *`.execute(tx);
  return result.rows[0]!;
}

export async function findMember(db: DbExecutor, memberId: bigint): Promise<MemberRow | undefined> {
  return (await sql<MemberRow>`select member_id, rank, since, valid_bet, deposits, valid_bet_offset, deposit_offset from vip_member where member_id = ${memberId}`.execute(db)).rows[0];
}

export async function countByRank(db: DbExecutor): Promise<Map<number, number>> {
  const rows = (await sql<{ rank: number; members: string }>`select rank, count(*)::text as members from vip_member group by rank`.execute(db)).rows;
  return new Map(rows.map((row) => [row.rank, Number(row.members)]));
}

export async function listMembersAt(db: DbExecutor, rank: number, page: { limit: number; offset: number }): Promise<{ rows: MemberRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    sql<MemberRow>`select member_id, rank, since, valid_bet, deposits, valid_bet_offset, deposit_offset from vip_member where rank = ${rank} order by member_id limit ${page.limit} offset ${page.offset}`.execute(db),
    sql<{ total: string }>`select count(*)::text as total from vip_member where rank = ${rank}`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(total.rows[0]?.total ?? 0) };
}

/** Which members a recompute looks at. */
export type Candidates = { kind: 'members'; ids: readonly bigint[] } | { kind: 'recent'; since: string; depositsSince: Date } | { kind: 'all' };

/**
 * Settled play the agents' rollup has not added to agents_v_member_day yet (it runs once a minute):
 * counted on top of the member days so a member's progress moves with each settled round. The
 * rollup marks a fact and adds it to its member day in one transaction, and the figures are read
 * in one statement (one snapshot), so a fact counts exactly once whichever side it is on. Facts
 * of the last two days only: the index on (member_id, settled_at) bounds a member's scan, and a
 * rollup that is days behind is an outage the page does not paper over.
 */
function pendingPlay(ids: RawBuilder<unknown> | null): RawBuilder<unknown> {
  const members = ids === null ? sql`` : sql`and member_id in (${ids})`;
  return sql`select member_id, sum(valid_bet) as valid_bet from agents_v_settled_play
    where not rolled_up and settled_at >= now() - interval '2 days' ${members} group by member_id`;
}

/** The cumulative figures of the candidates, from the published views only. */
function figuresOf(candidates: Candidates): RawBuilder<unknown> {
  if (candidates.kind === 'all') {
    // Every member with play or credited deposits: one pass over each view, grouped.
    return sql`
      select coalesce(b.member_id, d.member_id) as member_id, coalesce(b.valid_bet, 0)::bigint as valid_bet, coalesce(d.deposits, 0)::bigint as deposits
      from (select member_id, sum(valid_bet) as valid_bet from (
              select member_id, valid_bet from agents_v_member_day
              union all select member_id, valid_bet from (${pendingPlay(null)}) p) play group by member_id) b
      full join (select member_id, sum(credited_amount) as deposits from payments_v_deposit where status = 'credited' group by member_id) d using (member_id)`;
  }
  const ids =
    candidates.kind === 'members'
      ? sql`select unnest(${candidates.ids.map(String)}::bigint[]) as member_id`
      : // Members who played on the site's yesterday or today (rolled up or not yet), or had a deposit credited lately.
        sql`select member_id from agents_v_member_day where day >= ${candidates.since}::date
            union select member_id from agents_v_settled_play where not rolled_up and settled_at >= now() - interval '2 days'
            union select member_id from payments_v_deposit where status = 'credited' and credited_at >= ${candidates.depositsSince}`;
  // Grouped sums over the candidates (a hash join for thousands of members, index look-ups for one).
  return sql`
    select c.member_id, (coalesce(b.valid_bet, 0) + coalesce(p.valid_bet, 0))::bigint as valid_bet, coalesce(d.deposits, 0)::bigint as deposits
    from (${ids}) c
    left join (select member_id, sum(valid_bet) as valid_bet from agents_v_member_day where member_id in (${ids}) group by member_id) b using (member_id)
    left join (${pendingPlay(ids)}) p using (member_id)
    left join (select member_id, sum(credited_amount) as deposits from payments_v_deposit where status = 'credited' and member_id in (${ids}) group by member_id) d using (member_id)`;
}

/**
 * One statement: the candidates' figures, the highest level both thresholds reach (never below the
 * level held: levels step down only at the month's turn), the member rows written where anything
 * changed, and an upgrade bonus owed for every level passed (keyed, so owed once per member and
 * rank whatever runs at the same time). Answers the members who went up.
 */
export async function recompute(tx: DbExecutor, candidates: Candidates): Promise<{ member_id: bigint; old_rank: number; new_rank: number }[]> {
  const result = await sql<{ member_id: bigint; old_rank: number; new_rank: number }>`
    with figures as (${figuresOf(candidates)}),
    held as (
      select f.member_id, f.valid_bet, f.deposits, coalesce(m.rank, 0) as old_rank,
        coalesce(m.valid_bet_offset, 0) as valid_bet_offset, coalesce(m.deposit_offset, 0) as deposit_offset,
        m.valid_bet as stored_valid_bet, m.deposits as stored_deposits
      from figures f left join vip_member m using (member_id)
    ),
    computed as (
      select h.*, greatest(h.old_rank, coalesce((
        select max(l.rank) from vip_level_definition l
        where l.min_valid_bet <= h.valid_bet - h.valid_bet_offset and l.min_deposit <= h.deposits - h.deposit_offset), 0)) as new_rank
      from held h
    ),
    written as (
      insert into vip_member as m (member_id, rank, since, valid_bet, deposits, updated_at)
      select member_id, new_rank, now(), valid_bet, deposits, now() from computed
      where stored_valid_bet is null or stored_valid_bet <> valid_bet or stored_deposits <> deposits or new_rank <> old_rank
      on conflict (member_id) do update set
        rank = greatest(m.rank, excluded.rank),
        since = case when excluded.rank > m.rank then now() else m.since end,
        valid_bet = excluded.valid_bet, deposits = excluded.deposits, updated_at = now()
      returning member_id
    ),
    owed as (
      insert into vip_bonus_due (key, member_id, kind, rank, amount, wagering_multiple, valid_days)
      select 'vip:upgrade:' || c.member_id || ':' || l.rank, c.member_id, 'upgrade', l.rank, l.upgrade_bonus, l.upgrade_wagering, l.bonus_valid_days
      from computed c join vip_level_definition l on l.rank > c.old_rank and l.rank <= c.new_rank and l.upgrade_bonus > 0
      on conflict (key) do nothing
    )
    select member_id, old_rank, new_rank from computed where new_rank > old_rank`.execute(tx);
  return result.rows;
}

/**
 * The month's turn for `month` (first day of the new month, site calendar): a member whose valid
 * bet in the previous month fell short of the level's retention steps down one level (unless the
 * level was reached during that month), with offsets that restart the counted figures at the
 * thresholds of the level kept; then every member above the base owes the monthly bonus of the
 * level held. Run once per month (vip_month_turn's key).
 */
export async function runMonthTurn(tx: DbExecutor, month: string, monthStartsAt: Date): Promise<{ steppedDown: number; bonuses: number } | null> {
  const claimed = await sql`insert into vip_month_turn (month, stepped_down, bonuses) values (${month}::date, 0, 0) on conflict (month) do nothing returning month`.execute(tx);
  if (claimed.rows.length === 0) return null;
  const stepped = await sql<{ n: string }>`
    with played as (
      select member_id, sum(valid_bet) as valid_bet from agents_v_member_day
      where day >= (${month}::date - interval '1 month')::date and day < ${month}::date group by member_id
    ),
    short as (
      select m.member_id, m.rank - 1 as new_rank
      from vip_member m join vip_level_definition l on l.rank = m.rank
      left join played p using (member_id)
      where m.rank > 0 and l.retention_valid_bet > 0 and coalesce(p.valid_bet, 0) < l.retention_valid_bet
        and m.since < (${monthStartsAt}::timestamptz - interval '1 month')
    ),
    stepped as (
      update vip_member m set rank = s.new_rank, since = now(), updated_at = now(),
        valid_bet_offset = greatest(m.valid_bet - kept.min_valid_bet, 0),
        deposit_offset = greatest(m.deposits - kept.min_deposit, 0)
      from short s join vip_level_definition kept on kept.rank = s.new_rank
      where m.member_id = s.member_id
      returning 1
    )
    select count(*)::text as n from stepped`.execute(tx);
  // The monthly bonus reads the levels after the step downs (a later statement sees them).
  const owed = await sql<{ n: string }>`
    with owed as (
      insert into vip_bonus_due (key, member_id, kind, rank, amount, wagering_multiple, valid_days)
      select 'vip:monthly:' || m.member_id || ':' || to_char(${month}::date, 'YYYY-MM'), m.member_id, 'monthly', m.rank, l.monthly_bonus, l.monthly_wagering, l.bonus_valid_days
      from vip_member m join vip_level_definition l on l.rank = m.rank
      where m.rank > 0 and l.monthly_bonus > 0
      on conflict (key) do nothing
      returning 1
    )
    select count(*)::text as n from owed`.execute(tx);
  const result = { steppedDown: Number(stepped.rows[0]?.n ?? 0), bonuses: Number(owed.rows[0]?.n ?? 0) };
  await sql`update vip_month_turn set stepped_down = ${result.steppedDown}, bonuses = ${result.bonuses} where month = ${month}::date`.execute(tx);
  return result;
}

/** Open dues, oldest first, locked for this transaction (others skip them). */
export async function lockOpenDues(tx: DbExecutor, limit: number, memberId?: bigint): Promise<DueRow[]> {
  const filter = memberId === undefined ? sql`` : sql`and member_id = ${memberId}`;
  return (
    await sql<DueRow>`
      select key, member_id, kind, rank, amount, wagering_multiple::text as wagering_multiple, valid_days from vip_bonus_due
      where paid_at is null ${filter} order by created_at, key limit ${limit} for update skip locked`.execute(tx)
  ).rows;
}

export async function markPaid(tx: DbExecutor, key: string): Promise<void> {
  await sql`update vip_bonus_due set paid_at = now() where key = ${key}`.execute(tx);
}

/**
 * Valid bet in [from, to) by the site's days in `timeZone`, for one member (the VIP page's month so
 * far): the member days plus the settled play not rolled up yet, in one snapshot.
 */
export async function validBetBetween(db: DbExecutor, memberId: bigint, from: string, to: string, timeZone: string): Promise<bigint> {
  const row = (
    await sql<{ total: bigint | null }>`
      select (coalesce((select sum(valid_bet) from agents_v_member_day where member_id = ${memberId} and day >= ${from}::date and day < ${to}::date), 0)
        + coalesce((select sum(valid_bet) from agents_v_settled_play where member_id = ${memberId} and not rolled_up and settled_at >= now() - interval '2 days'
            and (settled_at at time zone ${timeZone})::date >= ${from}::date and (settled_at at time zone ${timeZone})::date < ${to}::date), 0))::bigint as total`.execute(db)
  ).rows[0];
  return row?.total ?? 0n;
}
