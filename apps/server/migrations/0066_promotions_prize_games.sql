-- module: promotions
-- Prize games (issue 21): the prize wheel, golden eggs and the raffle. Each game promotion has its
-- ticket rules (free tickets, one per R$ X of credited deposits, one per R$ Y of valid bet, a cap)
-- and a versioned prize table: an edit writes a new version and keeps the old rows, so every
-- recorded draw can still show the table it was drawn from (its version and sha-256 hash). Tickets
-- are never stored: earned (computed from the payments and agents views when asked) − used (draws
-- made, raffle tickets entered). Draws pick a number with node:crypto's randomInt in
-- [0, total weight) and record it with the prize it fell on.
create table promotions_game (
  promotion_id bigint primary key references promotions_promotion (id),
  free_tickets integer not null default 0 check (free_tickets between 0 and 100),
  -- One ticket per this many centavos of deposits credited during the promotion (null: deposits earn none).
  deposit_step bigint check (deposit_step > 0),
  -- One ticket per this many centavos of valid bet during the promotion (rolled-up days; null: none).
  bet_step bigint check (bet_step > 0),
  max_tickets integer check (max_tickets between 1 and 10000),
  -- The prize table in force and its hash (sha-256 of its canonical JSON).
  version integer not null default 0 check (version >= 0),
  table_hash text,
  -- Raffle: when the draw is held, and when it was.
  draw_at timestamptz,
  drawn_at timestamptz,
  updated_at timestamptz not null default now(),
  updated_by text not null
);
create index promotions_game_raffle_due_idx on promotions_game (draw_at) where draw_at is not null and drawn_at is null;

-- A prize row of one version of the table. Wheel and eggs: weight is the chance (weight / total).
-- Raffle: weight is how many winners get this prize (places in row order).
create table promotions_game_prize (
  promotion_id bigint not null references promotions_game (promotion_id),
  version integer not null check (version >= 1),
  seq integer not null check (seq between 1 and 50),
  label_pt text not null check (length(label_pt) between 1 and 60),
  label_en text not null check (length(label_en) between 1 and 60),
  kind text not null check (kind in ('cash', 'bonus', 'nothing')),
  amount bigint not null check (amount >= 0),
  wagering_multiple numeric(6, 2),
  expiry_days integer,
  weight integer not null check (weight between 1 and 1000000),
  primary key (promotion_id, version, seq),
  check ((kind = 'nothing') = (amount = 0)),
  check ((kind = 'bonus') = (wagering_multiple is not null and expiry_days is not null))
);

-- One row per ticket played on a wheel or an egg: ticket_no is the member's n-th ticket, so a
-- replay of the same ticket cannot draw twice; the Idempotency-Key answers a retried request.
create table promotions_game_draw (
  id bigint generated always as identity primary key,
  promotion_id bigint not null references promotions_game (promotion_id),
  member_id bigint not null,
  ticket_no integer not null check (ticket_no >= 1),
  idempotency_key text check (length(idempotency_key) <= 100),
  version integer not null,
  table_hash text not null,
  total_weight integer not null check (total_weight > 0),
  random_value integer not null check (random_value >= 0 and random_value < total_weight),
  prize_seq integer not null,
  -- The egg the member tapped (cosmetic: the prize is the number's, whichever egg).
  choice integer check (choice between 0 and 11),
  reward_id bigint references promotions_reward (id),
  created_at timestamptz not null default now(),
  unique (promotion_id, member_id, ticket_no),
  foreign key (promotion_id, version, prize_seq) references promotions_game_prize (promotion_id, version, seq)
);
create unique index promotions_game_draw_key_idx on promotions_game_draw (promotion_id, member_id, idempotency_key) where idempotency_key is not null;
create index promotions_game_draw_member_idx on promotions_game_draw (member_id, promotion_id, id desc);

-- Raffle tickets a member entered (spec §7 MCS2_claimRafflePromotion: the member claims with tickets).
create table promotions_raffle_entry (
  id bigint generated always as identity primary key,
  promotion_id bigint not null references promotions_game (promotion_id),
  member_id bigint not null,
  tickets integer not null check (tickets between 1 and 10000),
  idempotency_key text not null check (length(idempotency_key) <= 100),
  created_at timestamptz not null default now(),
  unique (promotion_id, member_id, idempotency_key)
);
create index promotions_raffle_entry_member_idx on promotions_raffle_entry (promotion_id, member_id);

-- The raffle's winners: one place per prize unit, a member wins once.
create table promotions_raffle_winner (
  promotion_id bigint not null references promotions_game (promotion_id),
  place integer not null check (place >= 1),
  member_id bigint not null,
  version integer not null,
  prize_seq integer not null,
  -- The ticket drawn: randomInt over the tickets still in the draw (winners' tickets leave it).
  random_value integer not null check (random_value >= 0),
  tickets_in_draw integer not null check (tickets_in_draw > random_value),
  reward_id bigint references promotions_reward (id),
  primary key (promotion_id, place),
  unique (promotion_id, member_id),
  foreign key (promotion_id, version, prize_seq) references promotions_game_prize (promotion_id, version, seq)
);
