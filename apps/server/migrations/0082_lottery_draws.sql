-- module: lottery
-- Lottery (issue 24): games, their weekly schedules, odds tables per prize mode, draws and their result sets.

-- A game: one family of results and bet types, its vendor in the catalogue, its limits.
create table lottery_game (
  code text primary key check (code ~ '^[A-Z0-9_]{2,40}$'),
  family text not null check (family in ('vn_north', 'vn_central', 'vn_south', 'sea_4d', 'fast_5d')),
  area text not null check (area in ('VN', 'SEA', 'ELOTT')),
  region text check (region in ('north', 'central', 'south')),
  name_pt text not null check (length(name_pt) between 1 and 80),
  name_en text not null check (length(name_en) between 1 and 80),
  -- The in-house vendor its stakes go through (LOTT, ELOTT), its catalogue game is the game's code.
  vendor_code text not null,
  -- Fast draws: minutes between draws; null for weekly scheduled draws.
  interval_minutes integer check (interval_minutes between 1 and 60),
  prize_modes text[] not null check (cardinality(prize_modes) >= 1),
  -- Bets are refused from draw_at - close_before_ms on.
  close_before_ms integer not null check (close_before_ms between 0 and 86400000),
  min_stake_cents bigint not null default 100 check (min_stake_cents > 0),
  max_stake_cents bigint not null default 5000000 check (max_stake_cents >= min_stake_cents),
  -- Liability cap: the most the house may pay on one number (selection) of one draw.
  number_liability_cents bigint not null default 500000000 check (number_liability_cents > 0),
  enabled boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Weekly draw times in the game's zone (weekday 0 = Sunday … 6 = Saturday).
create table lottery_schedule (
  game_code text not null references lottery_game (code),
  weekday smallint not null check (weekday between 0 and 6),
  draw_time time not null,
  time_zone text not null,
  primary key (game_code, weekday)
);

-- Odds tables: prize key → payout per unit staked per hit (integer thousandths), per prize mode, game and bet type.
create table lottery_odds (
  prize_mode text not null check (prize_mode in ('LOTT', 'ZY', 'ELOTT', 'SEA')),
  game_code text not null references lottery_game (code),
  bet_type text not null check (bet_type ~ '^[a-z0-9_]{1,32}$'),
  odds jsonb not null check (jsonb_typeof(odds) = 'object'),
  enabled boolean not null default true,
  updated_by text,
  updated_at timestamptz not null default now(),
  primary key (game_code, prize_mode, bet_type)
);

-- A draw: scheduled → open → closed → drawn → settled, or cancelled; each move a conditional update.
create table lottery_draw (
  id bigint generated always as identity primary key,
  game_code text not null references lottery_game (code),
  draw_no text not null check (length(draw_no) between 1 and 40),
  status text not null default 'scheduled' check (status in ('scheduled', 'open', 'closed', 'drawn', 'settled', 'cancelled')),
  closes_at timestamptz not null,
  draw_at timestamptz not null check (draw_at >= closes_at),
  -- Fast draws: the secret (kept private until drawn) and its SHA-256, published when the draw opens.
  secret text,
  commit_hash text,
  -- How many result sets this draw has had (1 = first, 2+ = corrections).
  result_version integer not null default 0,
  -- The result version the tickets were last planned for (settlement and resettlement's progress).
  planned_version integer not null default 0,
  cancel_reason text,
  cancelled_by text,
  opened_at timestamptz,
  closed_at timestamptz,
  drawn_at timestamptz,
  settled_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  unique (game_code, draw_no)
);
create index lottery_draw_game_time on lottery_draw (game_code, draw_at desc);
create index lottery_draw_active on lottery_draw (status, closes_at) where status in ('scheduled', 'open', 'closed', 'drawn');

-- Result sets: every one kept (corrections as history), exactly one in force per draw.
create table lottery_result (
  draw_id bigint not null references lottery_draw (id),
  version integer not null check (version >= 1),
  result jsonb not null,
  source text not null check (source in ('feed', 'manual', 'commit_reveal')),
  entered_by text,
  reason text,
  in_force boolean not null,
  created_at timestamptz not null default now(),
  primary key (draw_id, version)
);
create unique index lottery_result_one_in_force on lottery_result (draw_id) where in_force;
