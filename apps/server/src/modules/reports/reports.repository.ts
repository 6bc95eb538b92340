import { sql, type RawBuilder } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';
import { nextDay, type ReportRange } from './range.ts';

/**
 * The reports' SQL: a read model over the views other modules publish (provider_v_round,
 * agents_v_settled_play, agents_v_member_day, wallet_v_house_movement, payments_v_deposit,
 * payments_v_withdrawal, accounts_v_member, accounts_v_real_member_login; migrations 0045–0049),
 * never their tables, and never written here. Every statement reads one snapshot. Amounts come
 * back as decimal strings of centavos.
 */

/** An instant window [start, end). */
export interface Window {
  start: RawBuilder<Date>;
  end: RawBuilder<Date>;
}

/** The first instant of `day` in `timeZone`. */
const dayStart = (day: string, timeZone: string) => sql<Date>`(${day}::date::timestamp at time zone ${timeZone})`;

export function windowOf(range: ReportRange): Window {
  return { start: dayStart(range.from, range.timeZone), end: dayStart(nextDay(range.to), range.timeZone) };
}

export interface PlayRow {
  key: string;
  rounds: number;
  stake: bigint;
  payout: bigint;
}

export type PlayKey = 'day' | 'productType' | 'vendor' | 'all';

const OTHER = 'OTHER';

/**
 * Settled play in the window grouped by `key`: hours before `frontier` (the rollup's, read just
 * before) from reports_bet_hour, facts from it on live (joined to their round for the product
 * type). Any frontier the rollup ever had gives the same figures: hours before it are complete in
 * the rollup, and it is passed as a value so the planner sizes the live part from the statistics
 * (read from a CTE, it guessed a third of all facts and hashed all of the rounds).
 * Day keys are the calendar days of `timeZone`; the rollup's hours are whole UTC hours, so a zone
 * whose offset is not a whole number of hours would cut its days at the hour.
 */
export async function playBy(db: DbExecutor, window: Window, key: PlayKey, timeZone: string, frontier: Date): Promise<PlayRow[]> {
  const keys = {
    day: [sql`to_char((h.hour at time zone ${timeZone})::date, 'YYYY-MM-DD')`, sql`to_char((f.settled_at at time zone ${timeZone})::date, 'YYYY-MM-DD')`],
    productType: [sql`coalesce(nullif(h.game_type, ''), ${OTHER})`, sql`coalesce(nullif(r.game_type, ''), ${OTHER})`],
    vendor: [sql`h.vendor_code`, sql`f.vendor_code`],
    all: [sql`''`, sql`''`],
  }[key];
  const roundJoin =
    key === 'productType' ? sql`left join provider_v_round r on r.vendor_code = f.vendor_code and r.member_id = f.member_id and r.round_id = f.round_id` : sql``;
  const edge = sql<Date>`${frontier.toISOString()}::timestamptz`;
  const { rows } = await sql<{ key: string; rounds: string; stake: string; payout: string }>`
    select key, sum(rounds)::text as rounds, sum(stake)::text as stake, sum(payout)::text as payout from (
      select ${keys[0]} as key, h.rounds::bigint as rounds, h.stake, h.payout
      from reports_bet_hour h
      where h.hour >= ${window.start} and h.hour < least(${window.end}, ${edge})
      union all
      select ${keys[1]} as key, f.bets::bigint, f.stake, f.payout
      from agents_v_settled_play f ${roundJoin}
      where f.settled_at >= greatest(${window.start}, ${edge}) and f.settled_at < ${window.end}
    ) as play group by key`.execute(db);
  return rows.map((row) => ({ key: row.key, rounds: Number(row.rounds), stake: BigInt(row.stake), payout: BigInt(row.payout) }));
}

export interface GivenRow {
  key: string;
  bonuses: bigint;
  adjustments: bigint;
}

/**
 * What the house gave members in the window, by day (or in all): bonus journals' debits of the
 * bonus_expense account and adjustment journals' debits of the adjustments account (a member
 * debited by an adjustment counts negative), on the journal's day.
 */
export async function givenBy(db: DbExecutor, window: Window, key: 'day' | 'all', timeZone: string): Promise<GivenRow[]> {
  const keyOf = key === 'day' ? sql`to_char((h.created_at at time zone ${timeZone})::date, 'YYYY-MM-DD')` : sql`''`;
  const { rows } = await sql<{ key: string; bonuses: string; adjustments: string }>`
    select ${keyOf} as key,
      coalesce(-sum(h.amount) filter (where h.house_code = 'bonus_expense'), 0)::text as bonuses,
      coalesce(-sum(h.amount) filter (where h.house_code = 'adjustments'), 0)::text as adjustments
    from wallet_v_house_movement h
    where h.journal_type in ('bonus', 'adjustment') and h.house_code in ('bonus_expense', 'adjustments') and h.currency = 'BRL'
      and h.created_at >= ${window.start} and h.created_at < ${window.end}
    group by 1`.execute(db);
  return rows.map((row) => ({ key: row.key, bonuses: BigInt(row.bonuses), adjustments: BigInt(row.adjustments) }));
}

export interface MoneyFlowRow {
  key: string;
  depositCount: number;
  depositSum: bigint;
  withdrawalCount: number;
  withdrawalSum: bigint;
}

/** Deposits credited and withdrawals paid in the window, by day (or in all). */
export async function moneyFlowsBy(db: DbExecutor, window: Window, key: 'day' | 'all', timeZone: string): Promise<MoneyFlowRow[]> {
  const keyOf = (column: RawBuilder<unknown>) => (key === 'day' ? sql`to_char((${column} at time zone ${timeZone})::date, 'YYYY-MM-DD')` : sql`''`);
  const { rows } = await sql<{ key: string; dc: string; ds: string; wc: string; ws: string }>`
    select key, sum(dc)::text as dc, sum(ds)::text as ds, sum(wc)::text as wc, sum(ws)::text as ws from (
      select ${keyOf(sql`d.credited_at`)} as key, 1 as dc, d.credited_amount as ds, 0 as wc, 0::bigint as ws
      from payments_v_deposit d
      where d.status = 'credited' and d.credited_at >= ${window.start} and d.credited_at < ${window.end}
      union all
      select ${keyOf(sql`w.paid_at`)}, 0, 0::bigint, 1, w.amount
      from payments_v_withdrawal w
      where w.status = 'paid' and w.paid_at >= ${window.start} and w.paid_at < ${window.end}
    ) as flows group by key`.execute(db);
  return rows.map((row) => ({ key: row.key, depositCount: Number(row.dc), depositSum: BigInt(row.ds), withdrawalCount: Number(row.wc), withdrawalSum: BigInt(row.ws) }));
}

/** Vendors' display names by code, through the catalogue's published view (migration 0051). */
export async function vendorNames(db: DbExecutor, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const { rows } = await sql<{ code: string; display_name: string }>`select code, display_name from catalogue_v_vendor where code = any(${codes}::text[])`.execute(db);
  return new Map(rows.map((row) => [row.code, row.display_name]));
}

export interface TodayPeople {
  registrations: number;
  active: number;
  bettors: number;
  loggedIn: number;
}

/**
 * Real (not trial) members created in the window; active members: a round settled in the window
 * (the agents module's member days for rolled-up facts plus the facts not rolled up yet; facts
 * never include trial accounts) or a session opened in it.
 */
export async function people(db: DbExecutor, window: Window, day: string): Promise<TodayPeople> {
  const { rows } = await sql<{ registrations: string; active: string; bettors: string; logged_in: string }>`
    with present as (
      select member_id, bool_or(bet) as bet, bool_or(login) as login from (
        select d.member_id, true as bet, false as login from agents_v_member_day d where d.day = ${day}::date
        union all
        select f.member_id, true, false from agents_v_settled_play f
        where not f.rolled_up and f.settled_at >= ${window.start} and f.settled_at < ${window.end}
        union all
        select l.member_id, false, true from accounts_v_real_member_login l
        where l.logged_in_at >= ${window.start} and l.logged_in_at < ${window.end}
      ) as seen group by member_id
    )
    select
      (select count(*) from accounts_v_member where created_at >= ${window.start} and created_at < ${window.end} and not is_trial)::text as registrations,
      count(*)::text as active, count(*) filter (where p.bet)::text as bettors, count(*) filter (where p.login)::text as logged_in
    from present p`.execute(db);
  const row = rows[0]!;
  return { registrations: Number(row.registrations), active: Number(row.active), bettors: Number(row.bettors), loggedIn: Number(row.logged_in) };
}

export interface PendingWithdrawals {
  count: number;
  sum: bigint;
  reviewing: number;
  oldestRequestedAt: Date | null;
}

/** Withdrawals not finished (reviewing, approved, paying), whenever requested. */
export async function pendingWithdrawals(db: DbExecutor): Promise<PendingWithdrawals> {
  const { rows } = await sql<{ count: string; sum: string; reviewing: string; oldest: Date | null }>`
    select count(*)::text as count, coalesce(sum(amount), 0)::text as sum, count(*) filter (where status = 'reviewing')::text as reviewing,
      min(requested_at) as oldest
    from payments_v_withdrawal where status in ('reviewing', 'approved', 'paying')`.execute(db);
  const row = rows[0]!;
  return { count: Number(row.count), sum: BigInt(row.sum), reviewing: Number(row.reviewing), oldestRequestedAt: row.oldest };
}
