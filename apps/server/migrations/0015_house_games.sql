-- House game server: per-member provably fair seed pairs (the active one and every revealed one)
-- and the rounds played through the provider API as vendor HOUSE.

create table house_fairness (
  member_id bigint primary key references accounts_member (id),
  server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text not null check (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed text not null check (client_seed ~ '^[\x20-\x7e]{1,64}$'),
  -- The nonce the next bet takes.
  nonce integer not null default 0 check (nonce >= 0),
  created_at timestamptz not null default now()
);

create table house_fairness_revealed (
  member_id bigint not null references accounts_member (id),
  server_seed text not null,
  server_seed_hash text not null,
  client_seed text not null,
  -- Bets used nonces 0 … last_nonce − 1 (the nonce the pair had reached when it was revealed).
  last_nonce integer not null check (last_nonce >= 0),
  revealed_at timestamptz not null default now(),
  primary key (member_id, server_seed_hash)
);
create index house_fairness_revealed_member on house_fairness_revealed (member_id, revealed_at desc);

create table house_round (
  id bigint generated always as identity primary key,
  member_id bigint not null references accounts_member (id),
  request_id text not null,
  game_code text not null,
  bet bigint not null check (bet > 0),
  win bigint not null check (win >= 0),
  server_seed_hash text not null,
  client_seed text not null,
  nonce integer not null check (nonce >= 0),
  outcome jsonb not null,
  -- Our transactionIds at the provider API and the operatorTransactionIds it answered.
  bet_transaction_id text,
  win_transaction_id text,
  provider_bet_id bigint,
  provider_win_id bigint,
  status text not null default 'open' check (status in ('open', 'settled', 'failed')),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (member_id, request_id),
  unique (member_id, server_seed_hash, nonce)
);
create index house_round_member on house_round (member_id, created_at desc);
