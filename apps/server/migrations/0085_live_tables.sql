-- module: live-tables
-- Live tables (issue 25): tables, baccarat shoes, rounds shared by every player, and bets.

create table live_table (
  code text primary key check (code ~ '^[a-z0-9-]{2,40}$'),
  game text not null check (game in ('baccarat', 'roulette')),
  name_pt text not null,
  name_en text not null,
  status text not null default 'open' check (status in ('open', 'closed')),
  -- { perType: { <spot or bet type>: { min, max } (centavos as strings) }, roundMax } — see live-tables/tables.
  limits jsonb not null,
  chips bigint[] not null,
  betting_ms integer not null check (betting_ms between 5000 and 60000),
  sort_order integer not null default 0,
  rounds_played integer not null default 0,
  updated_at timestamptz not null default now()
);

-- A baccarat shoe: its order is the shuffle of `seed` (secret until the shoe ends); `hash` = SHA-256(seed) is published first.
create table live_shoe (
  id bigint generated always as identity primary key,
  table_code text not null references live_table (code),
  -- The shoe's number at its table (the verifier's nonce).
  number integer not null,
  seed text not null,
  hash text not null,
  -- Index of the next card to deal (after the burn).
  position integer not null,
  -- Dealing stops once position reaches this (the cut card).
  cut_at integer not null,
  hands_played integer not null default 0,
  -- Set by an operator (new shoe) or when the cut card comes out: no hand starts from this shoe afterwards.
  ending boolean not null default false,
  ended_at timestamptz,
  created_at timestamptz not null default now(),
  unique (table_code, number)
);
create unique index live_shoe_current on live_shoe (table_code) where ended_at is null;

create table live_round (
  id bigint generated always as identity primary key,
  table_code text not null references live_table (code),
  number integer not null,
  phase text not null check (phase in ('betting', 'dealing', 'result')),
  betting_ends_at timestamptz not null,
  -- Roulette: the round's server seed (secret until the result) and its SHA-256.
  seed text,
  seed_hash text,
  -- Baccarat: the shoe, the hand's number in it, the index of its first card and how many it took.
  shoe_id bigint references live_shoe (id),
  hand_in_shoe integer,
  first_card integer,
  cards_used integer,
  -- Decided when betting closes (LiveResult as JSON), written with the phase change to dealing.
  result jsonb,
  dealing_at timestamptz,
  result_at timestamptz,
  -- Every bet's money call answered.
  settled_at timestamptz,
  created_at timestamptz not null default now(),
  unique (table_code, number)
);
create index live_round_table on live_round (table_code, id desc);
create unique index live_round_live on live_round (table_code) where phase <> 'result';
create index live_round_unsettled on live_round (id) where settled_at is null;

-- One bet request: the chips a member confirmed together for a round.
create table live_bet (
  id bigint generated always as identity primary key,
  round_id bigint not null references live_round (id),
  table_code text not null,
  member_id bigint not null,
  request_id text not null check (request_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  -- [{ spot, amount (centavos as string), win (centavos as string, after the result) }]
  chips jsonb not null,
  amount bigint not null check (amount > 0),
  status text not null check (status in ('pending', 'placed', 'settled', 'refunded', 'failed')),
  win bigint,
  provider_bet_id bigint,
  created_at timestamptz not null default now(),
  -- The closing money call (win of the member's round, or rollback of this bet) answered.
  closed_at timestamptz,
  unique (member_id, request_id)
);
create index live_bet_round on live_bet (round_id, member_id);
create index live_bet_member on live_bet (member_id, id desc);
create index live_bet_unclosed on live_bet (created_at) where closed_at is null and status in ('settled', 'refunded');
create index live_bet_pending on live_bet (round_id) where status = 'pending';
