-- Provider API (seamless wallet callbacks from game vendors): per-vendor secrets and switches,
-- the player sessions opened by authenticate, the answer stored per vendor transaction (so a
-- replay returns it unchanged) and a small request log with timings (no bodies).

create table provider_vendor_secret (
  vendor_code text primary key references catalogue_vendor (code) on update cascade,
  secret text not null check (length(secret) between 16 and 200),
  enabled boolean not null default true,
  -- Null: any address. Otherwise request.ip must fall in one of these networks.
  ip_allow cidr[],
  created_at timestamptz not null default now(),
  rotated_at timestamptz
);

-- One row per (vendor, member) once the vendor authenticated a launch token for the member.
create table provider_player_session (
  vendor_code text not null references catalogue_vendor (code) on update cascade,
  member_id bigint not null references accounts_member (id),
  demo boolean not null,
  authenticated_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (vendor_code, member_id)
);

-- The answer given for each applied bet / win / rollback; operatorTransactionId is the id.
create table provider_transaction (
  id bigint generated always as identity primary key,
  vendor_code text not null,
  action text not null check (action in ('bet', 'win', 'rollback')),
  transaction_id text not null,
  member_id bigint not null,
  round_id text not null,
  -- SHA-256 of the request's canonical content: same id with other content is a conflict.
  content_hash bytea not null check (length(content_hash) = 32),
  response jsonb not null,
  created_at timestamptz not null default now(),
  unique (vendor_code, action, transaction_id)
);

create table provider_request_log (
  id bigint generated always as identity primary key,
  vendor_code text,
  action text,
  transaction_id text,
  status_code smallint not null,
  error_code text,
  duration_ms numeric(10, 3) not null,
  ip inet,
  created_at timestamptz not null default now()
);
create index provider_request_log_created_at on provider_request_log (created_at);
