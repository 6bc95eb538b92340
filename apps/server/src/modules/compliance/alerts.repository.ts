import { sql } from 'kysely';
import type { Db, DbExecutor } from '../../platform/db.ts';

export interface ComplianceSettingRow {
  loss_deposit_minutes: number;
  loss_share_bp: number;
  loss_deposit_repeat: number;
  session_hours: number;
  session_gap_minutes: number;
  failed_deposits: number;
  big_win_cents: bigint;
  rapid_withdraw_minutes: number;
  rapid_play_share_bp: number;
  limit_hits: number;
}

export async function readSettings(executor: DbExecutor): Promise<ComplianceSettingRow> {
  const { rows } = await sql<ComplianceSettingRow>`select * from compliance_setting`.execute(executor);
  return rows[0]!;
}

export async function saveSettings(executor: DbExecutor, s: ComplianceSettingRow): Promise<void> {
  await sql`
    update compliance_setting set loss_deposit_minutes = ${s.loss_deposit_minutes}, loss_share_bp = ${s.loss_share_bp},
      loss_deposit_repeat = ${s.loss_deposit_repeat}, session_hours = ${s.session_hours}, session_gap_minutes = ${s.session_gap_minutes},
      failed_deposits = ${s.failed_deposits}, big_win_cents = ${s.big_win_cents}, rapid_withdraw_minutes = ${s.rapid_withdraw_minutes},
      rapid_play_share_bp = ${s.rapid_play_share_bp}, limit_hits = ${s.limit_hits}, updated_at = now()`.execute(executor);
}

/**
 * The pattern queries: each one INSERT … SELECT over other modules' published views
 * (wallet_v_member_cash_entry, payments_v_deposit, payments_v_withdrawal, provider_v_round,
 * accounts_v_member) and our own compliance_limit_hit, from `since` on, one row per member,
 * pattern and day in the site's time zone; ON CONFLICT DO NOTHING makes every pass idempotent.
 * Trial accounts are never watched. Each answers the number of new alerts.
 */
export async function evaluatePatterns(db: Db, input: { since: Date; timeZone: string }): Promise<Record<string, number>> {
  const { since, timeZone: tz } = input;
  const settings = sql`(select * from compliance_setting) s`;
  const real = sql`join accounts_v_member m on m.id = x.member_id and not m.is_trial`;
  const queries = {
    // One win (or jackpot) of at least the threshold on cash.
    big_win: sql`
      insert into compliance_alert (member_id, pattern, window_day, detail)
      select x.member_id, 'big_win', (x.created_at at time zone ${tz})::date,
             jsonb_build_object('biggestWinCents', max(x.amount)::text, 'wins', count(*), 'thresholdCents', min(s.big_win_cents)::text)
      from wallet_v_member_cash_entry x ${real} cross join ${settings}
      where x.created_at >= ${since} and x.type in ('win', 'jackpot') and x.amount >= s.big_win_cents
      group by 1, 3
      on conflict (member_id, pattern, window_day) do nothing`,
    // PIX charges that expired unpaid or failed, counted by the day they were created.
    failed_deposits: sql`
      insert into compliance_alert (member_id, pattern, window_day, detail)
      select x.member_id, 'failed_deposits', (x.created_at at time zone ${tz})::date,
             jsonb_build_object('failed', count(*), 'threshold', min(s.failed_deposits))
      from payments_v_deposit x ${real} cross join ${settings}
      where x.created_at >= ${since} and x.status in ('expired', 'failed')
      group by 1, 3
      having count(*) >= min(s.failed_deposits)
      on conflict (member_id, pattern, window_day) do nothing`,
    // A deposit made when the cash had fallen to at most loss_share_bp of its peak in the minutes
    // before, with bets in those minutes (chasing losses); repeated loss_deposit_repeat times a day.
    deposit_after_loss: sql`
      insert into compliance_alert (member_id, pattern, window_day, detail)
      select d.member_id, 'deposit_after_loss', d.day,
             jsonb_build_object('deposits', count(*), 'threshold', min(d.repeat), 'lastDepositCents', (array_agg(d.amount order by d.created_at desc))[1]::text)
      from (
        select x.member_id, x.amount, x.created_at, (x.created_at at time zone ${tz})::date as day, s.loss_deposit_repeat as repeat,
               x.balance_after - x.amount as before, peak.balance as peak, peak.bets
        from wallet_v_member_cash_entry x ${real} cross join ${settings}
        cross join lateral (
          select max(p.balance_after) as balance, count(*) filter (where p.type = 'bet') as bets
          from wallet_v_member_cash_entry p
          where p.member_id = x.member_id and p.created_at >= x.created_at - make_interval(mins => s.loss_deposit_minutes) and p.journal_id < x.journal_id
        ) peak
        where x.created_at >= ${since} and x.type = 'deposit'
      ) d
      where d.bets > 0 and d.peak > 0 and d.before * 10000 <= d.peak * (select loss_share_bp from compliance_setting)
      group by d.member_id, d.day
      having count(*) >= min(d.repeat)
      on conflict (member_id, pattern, window_day) do nothing`,
    // Uninterrupted play: rounds opened less than session_gap_minutes apart, spanning more than session_hours.
    long_session: sql`
      insert into compliance_alert (member_id, pattern, window_day, detail)
      select g.member_id, 'long_session', (max(g.opened_at) at time zone ${tz})::date,
             jsonb_build_object('minutes', floor(extract(epoch from max(g.opened_at) - min(g.opened_at)) / 60)::int, 'rounds', count(*),
                                'startedAt', min(g.opened_at)::text, 'thresholdHours', min(g.hours))
      from (
        select r.member_id, r.opened_at, r.hours,
               sum(r.starts) over (partition by r.member_id order by r.opened_at rows unbounded preceding) as session
        from (
          select x.member_id, x.opened_at, s.session_hours as hours,
                 case when lag(x.opened_at) over (partition by x.member_id order by x.opened_at) > x.opened_at - make_interval(mins => s.session_gap_minutes) then 0 else 1 end as starts
          from provider_v_round x ${real} cross join ${settings}
          where x.opened_at >= ${since}::timestamptz - make_interval(hours => s.session_hours)
        ) r
      ) g
      group by g.member_id, g.session
      having max(g.opened_at) - min(g.opened_at) > make_interval(hours => min(g.hours)) and max(g.opened_at) >= ${since}
      on conflict (member_id, pattern, window_day) do nothing`,
    // A withdrawal asked within N minutes of a credited deposit with bets under rapid_play_share_bp of it in between.
    rapid_withdraw: sql`
      insert into compliance_alert (member_id, pattern, window_day, detail)
      select w.member_id, 'rapid_withdraw', (w.requested_at at time zone ${tz})::date,
             jsonb_build_object('withdrawalCents', max(w.amount)::text, 'depositCents', max(d.credited_amount)::text,
                                'minutes', min(floor(extract(epoch from w.requested_at - d.credited_at) / 60))::int)
      from payments_v_withdrawal w
      join accounts_v_member m on m.id = w.member_id and not m.is_trial
      cross join ${settings}
      join payments_v_deposit d on d.member_id = w.member_id and d.status = 'credited' and d.credited_at <= w.requested_at
        and d.credited_at > w.requested_at - make_interval(mins => s.rapid_withdraw_minutes)
      where w.requested_at >= ${since} and w.status <> 'rejected'
        and coalesce((select sum(r.bet) from provider_v_round r where r.member_id = w.member_id and r.opened_at between d.credited_at and w.requested_at), 0) * 10000
            < d.credited_amount * s.rapid_play_share_bp
      group by 1, 3
      on conflict (member_id, pattern, window_day) do nothing`,
    // Limit hits the limits module reported (recordLimitHit), counted by day.
    limit_hits: sql`
      insert into compliance_alert (member_id, pattern, window_day, detail)
      select x.member_id, 'limit_hits', (x.at at time zone ${tz})::date,
             jsonb_build_object('hits', count(*), 'threshold', min(s.limit_hits), 'kinds', string_agg(distinct x.kind, ','))
      from compliance_limit_hit x ${real} cross join ${settings}
      where x.at >= ${since}
      group by 1, 3
      having count(*) >= min(s.limit_hits)
      on conflict (member_id, pattern, window_day) do nothing`,
  };
  const created: Record<string, number> = {};
  for (const [pattern, query] of Object.entries(queries)) {
    const result = await query.execute(db);
    created[pattern] = Number(result.numAffectedRows ?? 0n);
  }
  return created;
}

export interface AlertRow {
  id: bigint;
  member_id: bigint;
  pattern: string;
  window_day: string;
  detail: Record<string, string | number | null>;
  status: string;
  created_at: Date;
  acknowledged_by_name: string | null;
  acknowledged_at: Date | null;
  note: string | null;
}

export async function listAlerts(db: Db, filter: { status?: string; pattern?: string; memberId?: bigint; from?: string; to?: string; limit: number; offset: number }) {
  const where = sql.join(
    [
      sql`true`,
      ...(filter.status ? [sql`status = ${filter.status}`] : []),
      ...(filter.pattern ? [sql`pattern = ${filter.pattern}`] : []),
      ...(filter.memberId !== undefined ? [sql`member_id = ${filter.memberId}`] : []),
      ...(filter.from ? [sql`window_day >= ${filter.from}::date`] : []),
      ...(filter.to ? [sql`window_day <= ${filter.to}::date`] : []),
    ],
    sql` and `,
  );
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<AlertRow>`
      select id, member_id, pattern, to_char(window_day, 'YYYY-MM-DD') as window_day, detail, status, created_at, acknowledged_by_name, acknowledged_at, note
      from compliance_alert where ${where} order by created_at desc, id desc limit ${filter.limit} offset ${filter.offset}`.execute(db),
    sql<{ total: string }>`select count(*) as total from compliance_alert where ${where}`.execute(db),
  ]);
  return { rows, total: Number(count[0]!.total) };
}

/** Marks an open alert acknowledged; answers undefined when it is missing or already acknowledged (caller tells which). */
export async function acknowledge(tx: DbExecutor, id: bigint, by: { id: bigint; name: string; note: string }) {
  const { rows } = await sql<{ id: bigint; member_id: bigint; pattern: string }>`
    update compliance_alert set status = 'acknowledged', acknowledged_by = ${by.id}, acknowledged_by_name = ${by.name}, acknowledged_at = now(), note = ${by.note}
    where id = ${id} and status = 'open' returning id, member_id, pattern`.execute(tx);
  return rows[0];
}

export async function alertExists(executor: DbExecutor, id: bigint): Promise<boolean> {
  const { rows } = await sql`select 1 from compliance_alert where id = ${id}`.execute(executor);
  return rows.length > 0;
}

export async function recordLimitHit(executor: DbExecutor, memberId: bigint, kind: string): Promise<void> {
  await sql`insert into compliance_limit_hit (member_id, kind) values (${memberId}, ${kind.slice(0, 40)})`.execute(executor);
}

/**
 * Records a member's export unless one of that kind was made in the last `minutes`: the member's
 * advisory lock makes two requests at once one export and one refusal. Answers whether it may go.
 */
export async function claimExport(tx: DbExecutor, memberId: bigint, kind: 'lgpd' | 'history', ip: string, minutes: number): Promise<boolean> {
  await sql`select pg_advisory_xact_lock(hashtext('compliance.export'), ${Number(memberId % 2147483647n)}::int)`.execute(tx);
  const { rows } = await sql`
    select 1 from compliance_member_export where member_id = ${memberId} and kind = ${kind} and created_at > now() - make_interval(mins => ${minutes})`.execute(tx);
  if (rows.length > 0) return false;
  await sql`insert into compliance_member_export (member_id, kind, ip) values (${memberId}, ${kind}, ${ip})`.execute(tx);
  return true;
}

export async function exportsOf(executor: DbExecutor, memberId: bigint) {
  const { rows } = await sql<{ kind: string; ip: string | null; created_at: Date }>`
    select kind, ip, created_at from compliance_member_export where member_id = ${memberId} order by id`.execute(executor);
  return rows;
}
