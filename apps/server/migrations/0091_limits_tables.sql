-- module: limits
-- Responsible-gaming limits (issue 27, docs/limits.md): deposit, loss and wager limits per calendar
-- day, week (Monday) and month of the site's time zone, and a session-time limit; changes that
-- loosen a limit wait 24 hours (limits_pending); every change is kept (limits_history).

-- The limits in force. amount: centavos for money limits, minutes for the session limit.
create table limits_limit (
  member_id bigint not null,
  kind text not null check (kind in ('deposit', 'loss', 'wager', 'session')),
  period text not null check (period in ('day', 'week', 'month', 'session')),
  amount bigint not null check (amount > 0 and amount <= 1000000000),
  updated_at timestamptz not null default now(),
  primary key (member_id, kind, period),
  check ((kind = 'session') = (period = 'session'))
);

-- An increase or a removal waiting out its cooling-off; at most one open per limit.
-- amount null: the limit is removed when it applies.
create table limits_pending (
  id bigint generated always as identity primary key,
  member_id bigint not null,
  kind text not null check (kind in ('deposit', 'loss', 'wager', 'session')),
  period text not null check (period in ('day', 'week', 'month', 'session')),
  amount bigint check (amount is null or (amount > 0 and amount <= 1000000000)),
  requested_at timestamptz not null,
  effective_at timestamptz not null check (effective_at > requested_at),
  status text not null default 'pending' check (status in ('pending', 'applied', 'cancelled', 'superseded')),
  closed_at timestamptz
);
create unique index limits_pending_open_key on limits_pending (member_id, kind, period) where status = 'pending';
create index limits_pending_due_idx on limits_pending (effective_at) where status = 'pending';

-- Every change, as asked and as applied (the console's history; kept like the account).
create table limits_history (
  id bigint generated always as identity primary key,
  member_id bigint not null,
  kind text not null check (kind in ('deposit', 'loss', 'wager', 'session')),
  period text not null check (period in ('day', 'week', 'month', 'session')),
  action text not null check (action in ('set', 'decreased', 'declined', 'increase_requested', 'removal_requested', 'applied', 'cancelled', 'superseded')),
  source text not null check (source in ('registration', 'member', 'cooling_off')),
  old_amount bigint,
  new_amount bigint,
  at timestamptz not null
);
create index limits_history_member_idx on limits_history (member_id, id desc);

-- The 80 % alert, told once per limit and period (period_start: where the calendar period began).
create table limits_alert (
  member_id bigint not null,
  kind text not null,
  period text not null,
  period_start timestamptz not null,
  at timestamptz not null default now(),
  primary key (member_id, kind, period, period_start)
);

-- The member's reality-check interval (minutes; no row: 60).
create table limits_preference (
  member_id bigint primary key,
  reality_check_minutes integer not null check (reality_check_minutes between 1 and 240),
  updated_at timestamptz not null default now()
);
