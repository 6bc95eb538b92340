import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';

/** The limits module's tables (migration 0091), read and written with SQL: they are not in the shared Database type. */
export type Kind = 'deposit' | 'loss' | 'wager' | 'session';
export type Period = 'day' | 'week' | 'month' | 'session';
export interface LimitRow {
  kind: Kind;
  period: Period;
  amount: bigint;
}
export interface PendingRow {
  id: bigint;
  kind: Kind;
  period: Period;
  amount: bigint | null;
  requested_at: Date;
  effective_at: Date;
}
export interface HistoryRow {
  id: bigint;
  kind: Kind;
  period: Period;
  action: string;
  source: string;
  old_amount: bigint | null;
  new_amount: bigint | null;
  at: Date;
}

const big = (value: unknown): bigint => BigInt(value as string | number);
const bigOrNull = (value: unknown): bigint | null => (value === null || value === undefined ? null : BigInt(value as string | number));

/** Serialises changes of one member's limits (one transaction at a time). */
export async function lockMember(tx: DbExecutor, memberId: bigint): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`limits:${memberId}`}, 0))`.execute(tx);
}

/** The member's limits and open pending changes in one round trip (the cache's cold read). */
export async function findState(db: DbExecutor, memberId: bigint): Promise<{ limits: LimitRow[]; pending: PendingRow[] }> {
  return (await findStates(db, [memberId])).get(memberId)!;
}

/** Many members' limits and open pending changes in one statement (findState, and the bet path's prefetch for a batch of bets). */
export async function findStates(db: DbExecutor, memberIds: readonly bigint[]): Promise<Map<bigint, { limits: LimitRow[]; pending: PendingRow[] }>> {
  const states = new Map(memberIds.map((memberId) => [memberId, { limits: [] as LimitRow[], pending: [] as PendingRow[] }]));
  if (memberIds.length === 0) return states;
  const ids = memberIds.map(String);
  const { rows } = await sql<{ member_id: string; src: string; id: string | null; kind: Kind; period: Period; amount: string | null; requested_at: Date | null; effective_at: Date | null }>`
    select member_id::text, 'limit' as src, null::bigint as id, kind, period, amount, null::timestamptz as requested_at, null::timestamptz as effective_at from limits_limit where member_id = any(${ids}::bigint[])
    union all
    select member_id::text, 'pending', id, kind, period, amount, requested_at, effective_at from limits_pending where member_id = any(${ids}::bigint[]) and status = 'pending'`.execute(db);
  for (const row of rows) {
    const state = states.get(BigInt(row.member_id));
    if (!state) continue;
    if (row.src === 'limit') state.limits.push({ kind: row.kind, period: row.period, amount: big(row.amount) });
    else state.pending.push({ id: big(row.id), kind: row.kind, period: row.period, amount: bigOrNull(row.amount), requested_at: row.requested_at!, effective_at: row.effective_at! });
  }
  return states;
}

export async function upsertLimit(tx: DbExecutor, memberId: bigint, kind: Kind, period: Period, amount: bigint, now: Date): Promise<void> {
  await sql`insert into limits_limit (member_id, kind, period, amount, updated_at) values (${memberId}, ${kind}, ${period}, ${amount}, ${now})
    on conflict (member_id, kind, period) do update set amount = excluded.amount, updated_at = excluded.updated_at`.execute(tx);
}

export async function deleteLimit(tx: DbExecutor, memberId: bigint, kind: Kind, period: Period): Promise<void> {
  await sql`delete from limits_limit where member_id = ${memberId} and kind = ${kind} and period = ${period}`.execute(tx);
}

export async function closePending(tx: DbExecutor, id: bigint, status: 'applied' | 'cancelled' | 'superseded', now: Date): Promise<boolean> {
  const { rows } = await sql`update limits_pending set status = ${status}, closed_at = ${now} where id = ${id} and status = 'pending' returning id`.execute(tx);
  return rows.length > 0;
}

export async function insertPending(tx: DbExecutor, row: { memberId: bigint; kind: Kind; period: Period; amount: bigint | null; requestedAt: Date; effectiveAt: Date }): Promise<bigint> {
  const { rows } = await sql<{ id: string }>`insert into limits_pending (member_id, kind, period, amount, requested_at, effective_at)
    values (${row.memberId}, ${row.kind}, ${row.period}, ${row.amount}, ${row.requestedAt}, ${row.effectiveAt}) returning id`.execute(tx);
  return big(rows[0]!.id);
}

export async function insertHistory(
  tx: DbExecutor,
  row: { memberId: bigint; kind: Kind; period: Period; action: string; source: 'registration' | 'member' | 'cooling_off'; oldAmount: bigint | null; newAmount: bigint | null; at: Date },
): Promise<void> {
  await sql`insert into limits_history (member_id, kind, period, action, source, old_amount, new_amount, at)
    values (${row.memberId}, ${row.kind}, ${row.period}, ${row.action}, ${row.source}, ${row.oldAmount}, ${row.newAmount}, ${row.at})`.execute(tx);
}

export async function listHistory(db: DbExecutor, memberId: bigint, limit: number): Promise<HistoryRow[]> {
  const { rows } = await sql<HistoryRow & { id: string; old_amount: string | null; new_amount: string | null }>`
    select id, kind, period, action, source, old_amount, new_amount, at from limits_history where member_id = ${memberId} order by id desc limit ${limit}`.execute(db);
  return rows.map((row) => ({ ...row, id: big(row.id), old_amount: bigOrNull(row.old_amount), new_amount: bigOrNull(row.new_amount) }));
}

/** Members with a pending change due at `now` (the job's pass). */
export async function membersWithDuePending(db: DbExecutor, now: Date, limit: number): Promise<bigint[]> {
  const { rows } = await sql<{ member_id: string }>`select distinct member_id from limits_pending where status = 'pending' and effective_at <= ${now} limit ${limit}`.execute(db);
  return rows.map((row) => big(row.member_id));
}

export async function duePendingForUpdate(tx: DbExecutor, memberId: bigint, now: Date): Promise<PendingRow[]> {
  const { rows } = await sql<PendingRow & { id: string; amount: string | null }>`
    select id, kind, period, amount, requested_at, effective_at from limits_pending
    where member_id = ${memberId} and status = 'pending' and effective_at <= ${now} order by id for update`.execute(tx);
  return rows.map((row) => ({ ...row, id: big(row.id), amount: bigOrNull(row.amount) }));
}

/** Session-time limits in force: member and minutes (the session job). */
export async function sessionLimits(db: DbExecutor): Promise<Array<{ memberId: bigint; minutes: number }>> {
  const { rows } = await sql<{ member_id: string; amount: string }>`select member_id, amount from limits_limit where kind = 'session'`.execute(db);
  return rows.map((row) => ({ memberId: big(row.member_id), minutes: Number(row.amount) }));
}

export interface PeriodBounds {
  day: { start: Date; end: Date };
  week: { start: Date; end: Date };
  month: { start: Date; end: Date };
}

/** Calendar periods around `now` in the site's time zone: the day, the ISO week (Monday) and the month. */
export async function periodBounds(db: DbExecutor, now: Date, timeZone: string): Promise<PeriodBounds> {
  const { rows } = await sql<{ ds: Date; de: Date; ws: Date; we: Date; ms: Date; me: Date }>`
    select (date_trunc('day', l) at time zone ${timeZone}) as ds, ((date_trunc('day', l) + interval '1 day') at time zone ${timeZone}) as de,
           (date_trunc('week', l) at time zone ${timeZone}) as ws, ((date_trunc('week', l) + interval '1 week') at time zone ${timeZone}) as we,
           (date_trunc('month', l) at time zone ${timeZone}) as ms, ((date_trunc('month', l) + interval '1 month') at time zone ${timeZone}) as me
    from (select (${now}::timestamptz at time zone ${timeZone}) as l) t`.execute(db);
  const row = rows[0]!;
  return { day: { start: row.ds, end: row.de }, week: { start: row.ws, end: row.we }, month: { start: row.ms, end: row.me } };
}

export interface PlayTotals {
  /** Stakes taken less stakes given back by rollbacks. */
  wagered: bigint;
  /** Stakes less wins and refunds (negative: the member is ahead). */
  netLoss: bigint;
}

/**
 * The member's cash play since each start, from the wallet's published view of member cash
 * entries (bets, wins, rollbacks): one indexed read of the member's cash account's entries.
 */
export async function playSince(db: DbExecutor, memberId: bigint, starts: readonly Date[]): Promise<PlayTotals[]> {
  if (starts.length === 0) return [];
  const earliest = new Date(Math.min(...starts.map((start) => start.getTime())));
  const { rows } = await sql<{ created_at: Date; type: string; amount: string }>`
    select created_at, type, amount from wallet_v_member_cash_entry
    where member_id = ${memberId} and type in ('bet', 'win', 'rollback') and created_at >= ${earliest}`.execute(db);
  return starts.map((start) => {
    let wagered = 0n;
    let netLoss = 0n;
    for (const row of rows) {
      if (row.created_at.getTime() < start.getTime()) continue;
      const amount = BigInt(row.amount);
      netLoss -= amount;
      if (row.type === 'bet') wagered -= amount;
      else if (row.type === 'rollback' && amount > 0n) wagered -= amount;
    }
    return { wagered, netLoss };
  });
}

/** Deposits asked since each start that are not expired, failed or refunded (a pending charge may still be paid). */
export async function depositsSince(db: DbExecutor, memberId: bigint, starts: readonly Date[]): Promise<bigint[]> {
  if (starts.length === 0) return [];
  const earliest = new Date(Math.min(...starts.map((start) => start.getTime())));
  const { rows } = await sql<{ created_at: Date; amount: string }>`
    select created_at, amount from payments_v_deposit
    where member_id = ${memberId} and status in ('pending', 'paid', 'credited', 'held') and created_at >= ${earliest}`.execute(db);
  return starts.map((start) => rows.reduce((sum, row) => (row.created_at.getTime() >= start.getTime() ? sum + BigInt(row.amount) : sum), 0n));
}

/** Records the alert once; true when this call recorded it. */
export async function recordAlert(db: DbExecutor, memberId: bigint, kind: Kind, period: Period, periodStart: Date): Promise<boolean> {
  const { rows } = await sql`insert into limits_alert (member_id, kind, period, period_start) values (${memberId}, ${kind}, ${period}, ${periodStart})
    on conflict do nothing returning member_id`.execute(db);
  return rows.length > 0;
}

export async function realityCheckMinutes(db: DbExecutor, memberId: bigint): Promise<number | undefined> {
  const { rows } = await sql<{ reality_check_minutes: number }>`select reality_check_minutes from limits_preference where member_id = ${memberId}`.execute(db);
  return rows[0]?.reality_check_minutes;
}

export async function saveRealityCheckMinutes(db: DbExecutor, memberId: bigint, minutes: number, now: Date): Promise<void> {
  await sql`insert into limits_preference (member_id, reality_check_minutes, updated_at) values (${memberId}, ${minutes}, ${now})
    on conflict (member_id) do update set reality_check_minutes = excluded.reality_check_minutes, updated_at = excluded.updated_at`.execute(db);
}
