-- module: exclusion
-- Responsible gaming (issue 27, docs/exclusion.md): cool-offs, self-exclusions and account closures
-- chosen by the member, barred persons (the regulator's list of impedidos, checked by CPF), the
-- notices sent when an account is closed for a hit, and what other modules' SQL may read.

-- One row per restriction a member took or was given; never deleted, never shortened.
-- kind: cooloff (24 h, 7 d, 30 d), self_exclusion (1..12 months or indefinite: ends_at null),
-- closure (the member closed the account: indefinite), barred (the barred-persons check hit).
create table exclusion_restriction (
  id bigint generated always as identity primary key,
  member_id bigint not null,
  kind text not null check (kind in ('cooloff', 'self_exclusion', 'closure', 'barred')),
  -- What the member chose: '24h', '7d', '30d', '1m'..'12m', 'indefinite'.
  period text not null check (period ~ '^(24h|7d|30d|([1-9]|1[0-2])m|indefinite)$'),
  starts_at timestamptz not null,
  ends_at timestamptz check (ends_at is null or ends_at > starts_at),
  -- Until when a closed (barred) member may still withdraw the balance through the withdraw-only path.
  withdraw_until timestamptz,
  -- The member's own request id: a double click or replay answers the first restriction.
  request_id text check (request_id is null or request_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  created_at timestamptz not null default now(),
  -- Set once the steps after it (sessions ended, open bets refunded) are done; the job finishes any left.
  applied_at timestamptz,
  unique (member_id, request_id)
);
create index exclusion_restriction_member on exclusion_restriction (member_id, ends_at);
create index exclusion_restriction_unapplied on exclusion_restriction (id) where applied_at is null;
-- One barred restriction per member (a second hit changes nothing).
create unique index exclusion_restriction_barred_once on exclusion_restriction (member_id) where kind = 'barred';

-- The sandbox list of barred CPFs (the regulator's Módulo de Impedidos in production is an adapter).
create table exclusion_barred_cpf (
  cpf text primary key check (cpf ~ '^[0-9]{11}$'),
  imported_at timestamptz not null default now(),
  import_id bigint
);

-- Each operator import: who, when and what it found.
create table exclusion_barred_import (
  id bigint generated always as identity primary key,
  operator_id bigint not null,
  operator_name text not null,
  accepted integer not null,
  invalid integer not null,
  duplicates integer not null,
  created_at timestamptz not null default now()
);

-- When each member's CPF was last checked (registration, first login of the day, the 15-day job).
create table exclusion_barred_check (
  member_id bigint primary key,
  checked_at timestamptz not null,
  outcome text not null check (outcome in ('clear', 'hit', 'unavailable'))
);

-- The notices of a barred closure (the regulation's steps): date and time, channel and content.
create table exclusion_notice (
  id bigint generated always as identity primary key,
  member_id bigint not null,
  restriction_id bigint not null references exclusion_restriction (id),
  channel text not null check (channel in ('platform_message', 'sms')),
  content text not null,
  sent_at timestamptz not null default now(),
  unique (restriction_id, channel)
);
create index exclusion_notice_member on exclusion_notice (member_id);

-- Runs of the whole-base check (every 15 days) and failures of the adapter (retried, never blocking).
create table exclusion_check_run (
  id bigint generated always as identity primary key,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  checked integer not null default 0,
  hits integer not null default 0,
  error text
);

-- Published: the members under a restriction in force now (messages skip them: no marketing and
-- no messages to an excluded member). A member may be listed more than once.
create view exclusion_active_member as
  select member_id, kind, ends_at
  from exclusion_restriction
  where starts_at <= now() and (ends_at is null or ends_at > now());

-- Failed logins on the withdraw-only path (its own throttle: 10 failures in 15 minutes per account).
create table exclusion_withdraw_failure (
  id bigint generated always as identity primary key,
  account text not null,
  failed_at timestamptz not null default now()
);
create index exclusion_withdraw_failure_account on exclusion_withdraw_failure (account, failed_at);
