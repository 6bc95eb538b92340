-- module: vip
-- VIP levels (issue 22): the operator's levels (rank 0 is where every member starts), each
-- member's level with the figures it was computed from, the VIP bonuses due (upgrade and
-- monthly, paid once each through the bonus module's grant) and the month turns already run.
-- The figures come only from published views: agents_v_member_day (valid bet per day) and
-- payments_v_deposit (credited deposits).

create table vip_level_definition (
  rank integer primary key check (rank between 0 and 30),
  name_pt text not null check (length(name_pt) between 1 and 40),
  name_en text not null check (length(name_en) between 1 and 40),
  -- 'colour:<name>', an image under /media/, or an https URL.
  badge text not null check (length(badge) between 1 and 500),
  min_valid_bet bigint not null check (min_valid_bet >= 0),
  min_deposit bigint not null check (min_deposit >= 0),
  -- Valid bet in the previous calendar month that keeps the level at the month's turn; 0 = kept.
  retention_valid_bet bigint not null check (retention_valid_bet >= 0),
  upgrade_bonus bigint not null check (upgrade_bonus >= 0),
  upgrade_wagering numeric(8, 2) not null check (upgrade_wagering between 0 and 1000),
  monthly_bonus bigint not null check (monthly_bonus >= 0),
  monthly_wagering numeric(8, 2) not null check (monthly_wagering between 0 and 1000),
  bonus_valid_days integer not null check (bonus_valid_days between 1 and 365),
  -- Rebate percent of valid bet per product type: {"live": "0.8", "slots": "0.5", …}.
  rebates jsonb not null,
  withdrawal_limit_per_day bigint check (withdrawal_limit_per_day >= 0),
  updated_at timestamptz not null default now(),
  updated_by text not null,
  -- The base level is free and keeps nobody out.
  check (rank > 0 or (min_valid_bet = 0 and min_deposit = 0 and retention_valid_bet = 0 and upgrade_bonus = 0))
);

-- A member's level. valid_bet and deposits are the cumulative figures from the views; a retention
-- step down sets the offsets so that what counts (figure − offset) restarts at the thresholds of
-- the level kept, and the member climbs again with new play. No row = rank 0, nothing counted yet.
create table vip_member (
  member_id bigint primary key references accounts_member (id),
  rank integer not null default 0 check (rank >= 0),
  since timestamptz not null default now(),
  valid_bet bigint not null default 0,
  deposits bigint not null default 0,
  valid_bet_offset bigint not null default 0,
  deposit_offset bigint not null default 0,
  updated_at timestamptz not null default now()
);
-- Members per level and the console's list of a level's members.
create index vip_member_rank on vip_member (rank, member_id);

-- VIP bonuses owed: written with the level change (same statement), paid by the bonus grant in
-- small transactions. The key is the grant's key (vip:upgrade:<member>:<rank>,
-- vip:monthly:<member>:<yyyy-mm>): a level passed twice, or a month turned twice, owes once.
create table vip_bonus_due (
  key text primary key,
  member_id bigint not null references accounts_member (id),
  kind text not null check (kind in ('upgrade', 'monthly')),
  rank integer not null,
  amount bigint not null check (amount > 0),
  wagering_multiple numeric(8, 2) not null,
  valid_days integer not null,
  created_at timestamptz not null default now(),
  paid_at timestamptz
);
create index vip_bonus_due_open on vip_bonus_due (created_at) where paid_at is null;
create index vip_bonus_due_member on vip_bonus_due (member_id) where paid_at is null;

-- Month turns run (retention and monthly bonuses), by the first day of the new month (site calendar).
create table vip_month_turn (
  month date primary key,
  stepped_down integer not null,
  bonuses integer not null,
  ran_at timestamptz not null default now()
);
