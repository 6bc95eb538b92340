-- module: compliance
-- Issue 27 (responsible gaming): the compliance module's tables (docs/compliance.md).
-- Thresholds of the risk-alert patterns: one row, changed by an operator (settings.manage) or SQL.
create table compliance_setting (
  id boolean primary key default true check (id),
  -- deposit after losses: a deposit within N minutes after the cash fell to at most loss_share_bp
  -- (basis points) of its peak in those minutes, at least repeat times in a day.
  loss_deposit_minutes integer not null default 30 check (loss_deposit_minutes between 1 and 1440),
  loss_share_bp integer not null default 1000 check (loss_share_bp between 0 and 10000),
  loss_deposit_repeat integer not null default 2 check (loss_deposit_repeat between 1 and 100),
  -- long sessions: uninterrupted play (bets less than session_gap_minutes apart) longer than session_hours.
  session_hours integer not null default 6 check (session_hours between 1 and 48),
  session_gap_minutes integer not null default 30 check (session_gap_minutes between 1 and 240),
  -- many failed deposits: PIX charges expired or failed in a day.
  failed_deposits integer not null default 5 check (failed_deposits between 1 and 1000),
  -- big wins: one win of at least big_win_cents.
  big_win_cents bigint not null default 1000000 check (big_win_cents > 0),
  -- rapid deposit-withdraw: a withdrawal within N minutes of a deposit with bets under play_share_bp of it.
  rapid_withdraw_minutes integer not null default 60 check (rapid_withdraw_minutes between 1 and 1440),
  rapid_play_share_bp integer not null default 2000 check (rapid_play_share_bp between 0 and 10000),
  -- limit hits (published by the limits module) in a day before an alert.
  limit_hits integer not null default 3 check (limit_hits between 1 and 1000),
  updated_at timestamptz not null default now()
);
insert into compliance_setting default values;

-- One alert per member, pattern and window (a day in the site's time zone): the job's insert is idempotent.
create table compliance_alert (
  id bigint generated always as identity primary key,
  member_id bigint not null,
  pattern text not null check (pattern in ('deposit_after_loss', 'limit_hits', 'long_session', 'failed_deposits', 'big_win', 'rapid_withdraw')),
  window_day date not null,
  detail jsonb not null default '{}',
  status text not null default 'open' check (status in ('open', 'acknowledged')),
  created_at timestamptz not null default now(),
  acknowledged_by bigint,
  acknowledged_by_name text,
  acknowledged_at timestamptz,
  note text,
  unique (member_id, pattern, window_day)
);
create index compliance_alert_status_created on compliance_alert (status, created_at desc);

-- Limit hits as the limits module reports them (its bus event or port, wired in compose.ts): the
-- limit_hits pattern counts these rows.
create table compliance_limit_hit (
  id bigint generated always as identity primary key,
  member_id bigint not null,
  kind text not null,
  at timestamptz not null default now()
);
create index compliance_limit_hit_at on compliance_limit_hit (at);

-- Data exports asked by members (LGPD): the rate limit reads the last one; kept as the audit of who got what when.
create table compliance_member_export (
  id bigint generated always as identity primary key,
  member_id bigint not null,
  kind text not null check (kind in ('lgpd', 'history')),
  ip text,
  created_at timestamptz not null default now()
);
create index compliance_member_export_member on compliance_member_export (member_id, kind, created_at desc);
