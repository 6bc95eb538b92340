-- module: points
-- Points and the points mall (issue 22). Points are an asset of the wallet's ledger (member pocket
-- 'points', currency PTS, against the house account points_issued): every earning and spending is a
-- journal there, and the tables below only say why (source) and hold the mall's business records.
-- Points never expire.

-- The exchange-rate table: points per R$ 1,00 of credited deposit ('deposit') or of valid bet on a
-- product type. A rate of 0 earns nothing.
create table points_rate (
  source text primary key check (source in ('deposit', 'live', 'lottery', 'pvp', 'slots', 'sports', 'fish')),
  points_per_real numeric(12, 4) not null check (points_per_real >= 0 and points_per_real <= 100000),
  updated_at timestamptz not null default now()
);
insert into points_rate (source, points_per_real) values
  ('deposit', 1), ('live', 0.5), ('lottery', 0.5), ('pvp', 0.5), ('slots', 1), ('sports', 0.5), ('fish', 1);

-- Conversion of points to cash: convert_points points are worth convert_cents centavos; at least
-- min_points per conversion. One row.
create table points_config (
  id smallint primary key default 1 check (id = 1),
  convert_points bigint not null default 100 check (convert_points > 0),
  convert_cents bigint not null default 100 check (convert_cents >= 0),
  min_points bigint not null default 100 check (min_points > 0),
  convert_enabled boolean not null default true,
  updated_at timestamptz not null default now()
);
insert into points_config (id) values (1);

-- Where the earning job stands: 'play' is the last agents_v_settled_play.seq credited, 'deposit'
-- the credit time of the last deposit credited (deposits are also kept one by one below).
create table points_cursor (
  name text primary key check (name in ('play', 'deposit')),
  position bigint not null default 0,
  at timestamptz not null default '-infinity',
  updated_at timestamptz not null default now()
);
insert into points_cursor (name) values ('play'), ('deposit');

-- Each credited deposit once (its points may be 0 when the rate was 0).
create table points_deposit (
  deposit_id bigint primary key,
  member_id bigint not null,
  points bigint not null check (points >= 0),
  created_at timestamptz not null default now()
);

-- Every earning and spending of a member's points with its source: the points-details page. The
-- ledger holds the same amounts (journal_key); the sum of a member's rows equals their pocket.
create table points_movement (
  id bigint generated always as identity primary key,
  member_id bigint not null,
  amount bigint not null check (amount <> 0),
  source text not null check (source in ('deposit', 'play', 'redeem', 'redeem_return', 'convert')),
  -- What it came from: a deposit id, a seq range, a redemption or conversion reference.
  reference text not null check (length(reference) between 1 and 120),
  -- The R$ amount (centavos) the points came from or went to, where there is one.
  basis bigint,
  journal_key text not null,
  created_at timestamptz not null default now(),
  unique (journal_key, member_id)
);
create index points_movement_member on points_movement (member_id, id desc);

-- The mall's items. Requirements: points per unit, and (optionally) an amount the member must
-- have deposited or bet in all (centavos). Stock null = unlimited; limit null = no per-member limit.
create table points_item (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('cash', 'bonus', 'physical')),
  name_pt text not null check (length(name_pt) between 1 and 120),
  name_en text not null check (length(name_en) between 1 and 120),
  description_pt text not null default '' check (length(description_pt) <= 1000),
  description_en text not null default '' check (length(description_en) <= 1000),
  image_url text check (length(image_url) <= 500),
  points_cost bigint not null check (points_cost > 0),
  requirement_kind text not null default 'none' check (requirement_kind in ('none', 'deposits', 'valid_bet')),
  requirement_amount bigint not null default 0 check (requirement_amount >= 0),
  -- What one unit pays: cash or bonus money (centavos), with the bonus's wagering multiple.
  value_cents bigint not null default 0 check (value_cents >= 0),
  bonus_wagering numeric(8, 2) not null default 1 check (bonus_wagering >= 0 and bonus_wagering <= 1000),
  stock integer check (stock >= 0),
  per_member_limit integer check (per_member_limit > 0),
  active boolean not null default true,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (kind = 'physical' or value_cents > 0)
);

create table points_redemption (
  id bigint generated always as identity primary key,
  member_id bigint not null,
  item_id bigint not null references points_item (id),
  kind text not null check (kind in ('cash', 'bonus', 'physical')),
  name_pt text not null,
  name_en text not null,
  quantity integer not null check (quantity between 1 and 100),
  points bigint not null check (points > 0),
  value_cents bigint not null default 0,
  status text not null default 'in_process' check (status in ('in_process', 'approved', 'rejected')),
  reason text check (length(reason) <= 500),
  -- The member's Idempotency-Key: a double click redeems once.
  request_key text not null check (length(request_key) between 8 and 100),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by bigint,
  unique (member_id, request_key),
  check ((status = 'in_process') = (decided_at is null)),
  check (status <> 'rejected' or reason is not null)
);
create index points_redemption_member on points_redemption (member_id, id desc);
create index points_redemption_queue on points_redemption (status, id);
create index points_redemption_item on points_redemption (item_id, member_id) where status <> 'rejected';

create table points_conversion (
  id bigint generated always as identity primary key,
  member_id bigint not null,
  points bigint not null check (points > 0),
  amount bigint not null check (amount > 0),
  request_key text not null check (length(request_key) between 8 and 100),
  created_at timestamptz not null default now(),
  unique (member_id, request_key)
);

-- The product type a catalogue game type earns points as (the exchange-rate table's sources).
create function points_product_type(p_game_type text) returns text language sql immutable parallel safe as $$
  select case upper(p_game_type)
    when 'LIVE' then 'live'
    when 'RNG' then 'slots'
    when 'CRASH' then 'slots'
    when 'FISH' then 'fish'
    when 'PVP' then 'pvp'
    when 'SPORTS' then 'sports'
    when 'ESPORTS' then 'sports'
    when 'COCKFIGHT' then 'sports'
    when 'LOTT' then 'lottery'
    when 'ELOTT' then 'lottery'
  end
$$;
