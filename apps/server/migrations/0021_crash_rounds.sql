-- The multiplayer crash game. Crash points come from a SHA-256 hash chain played in reverse
-- (packages/house-games/src/crash/crash-point.ts); the chain's terminating hash and its salt are
-- published before its first round. Rounds are run by one leader process at a time (advisory
-- lock); bets and cash-outs are taken by any API process and decided by this database's clock.

create table crash_chain (
  id integer generated always as identity primary key,
  -- Secret: the chain is SHA-256 applied to it `length - 1` times; never leaves the server.
  seed text not null check (seed ~ '^[0-9a-f]{64}$'),
  length integer not null check (length > 0),
  terminating_hash text not null unique check (terminating_hash ~ '^[0-9a-f]{64}$'),
  salt text not null check (length(salt) between 1 and 200),
  created_at timestamptz not null default now()
);

create table crash_round (
  id bigint generated always as identity primary key,
  chain_id integer not null references crash_chain (id),
  -- Rounds played before this one in its chain; the unique pair means no round is ever played twice.
  position integer not null check (position >= 0),
  hash text not null check (hash ~ '^[0-9a-f]{64}$'),
  -- Hundredths (237 = 2.37×); known from the hash, shown only once the round has crashed.
  crash_point bigint not null check (crash_point >= 100),
  phase text not null default 'betting' check (phase in ('betting', 'running', 'crashed')),
  betting_ends_at timestamptz not null,
  started_at timestamptz,
  crashed_at timestamptz,
  -- Every bet of the round has had its closing call (win, loss or refund) confirmed.
  settled_at timestamptz,
  created_at timestamptz not null default now(),
  unique (chain_id, position),
  check ((phase = 'betting') = (started_at is null)),
  check ((phase = 'crashed') = (crashed_at is not null))
);
-- At most one round is live (betting or running) at any time, whoever thinks it leads.
create unique index crash_round_one_live on crash_round ((true)) where phase <> 'crashed';
create index crash_round_unsettled on crash_round (id) where settled_at is null;

create table crash_bet (
  id bigint generated always as identity primary key,
  round_id bigint not null references crash_round (id),
  member_id bigint not null references accounts_member (id),
  request_id text not null,
  amount bigint not null check (amount > 0),
  -- Hundredths; cash out automatically when the multiplier reaches it.
  auto_cash_out bigint check (auto_cash_out >= 101),
  -- pending: the bet call is in flight; placed: confirmed, in the round; cashed / lost: decided;
  -- refunded: rolled back (the round started before the bet was confirmed, or it was lost on the way);
  -- failed: refused by the wallet (no money moved).
  status text not null default 'pending' check (status in ('pending', 'placed', 'cashed', 'lost', 'refunded', 'failed')),
  cash_out bigint check (cash_out >= 100),
  win bigint check (win >= 0),
  provider_bet_id bigint,
  -- The closing call (the win, 0 for a loss, or the rollback) was confirmed by the provider API.
  closed_at timestamptz,
  created_at timestamptz not null default now(),
  unique (member_id, request_id),
  check ((status = 'cashed') = (cash_out is not null))
);
-- One bet per member per round; a refused or refunded attempt does not count.
create unique index crash_bet_one_per_round on crash_bet (round_id, member_id) where status not in ('failed', 'refunded');
create index crash_bet_member on crash_bet (member_id, id desc);
create index crash_bet_open on crash_bet (round_id) where closed_at is null;
