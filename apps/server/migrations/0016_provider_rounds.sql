-- One row per game round a vendor reported (the betting record, spec personalHistoryCopy), kept
-- in the same transaction as the callback that changes it. game_type is the catalogue's type
-- when the round opened (the betting record filters by product type).
create table provider_round (
  vendor_code text not null,
  member_id bigint not null references accounts_member (id),
  round_id text not null check (length(round_id) between 1 and 100),
  game_code text not null,
  game_type text,
  bet bigint not null default 0 check (bet >= 0),
  win bigint not null default 0 check (win >= 0),
  status text not null default 'open' check (status in ('open', 'settled', 'rolled_back')),
  opened_at timestamptz not null default now(),
  closed_at timestamptz,
  primary key (vendor_code, member_id, round_id)
);
create index provider_round_member_idx on provider_round (member_id, opened_at desc);
