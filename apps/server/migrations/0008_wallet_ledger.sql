-- Double-entry ledger. Amounts are bigint minor units: centavos for BRL, whole points for PTS.
--
-- wallet_account: one row per member pocket (cash, bonus, points, vendor:<code> for money held by
-- a transfer-mode vendor) and per house account shard. House rows are sharded (64 rows per code)
-- so that all players do not queue on one row. Member balances may never go negative.
create table wallet_account (
  id bigint generated always as identity primary key,
  member_id bigint references accounts_member (id),
  house_code text check (house_code ~ '^[a-z_]{3,40}(:[a-z0-9_-]{1,40})?$'),
  shard smallint not null default 0 check (shard between 0 and 63),
  pocket text not null check (pocket ~ '^(cash|bonus|points|vendor:[a-z0-9_-]{1,40}|house)$'),
  currency text not null check (currency in ('BRL', 'PTS')),
  balance bigint not null default 0,
  check ((member_id is null) <> (house_code is null)),
  check (member_id is null or balance >= 0),
  check (member_id is null or shard = 0),
  check ((pocket = 'points') = (currency = 'PTS') or house_code is not null)
) with (fillfactor = 80);
create unique index wallet_account_member_key on wallet_account (member_id, pocket) where member_id is not null;
create unique index wallet_account_house_key on wallet_account (house_code, currency, shard) where house_code is not null;

-- wallet_journal: one row per operation, under a unique idempotency key. Rejected operations
-- (insufficient funds) are stored too, so a retry gets the same answer; a rollback that arrives
-- before its bet leaves a 'cancelled' tombstone under the bet's key so the late bet cannot debit.
create table wallet_journal (
  id bigint generated always as identity primary key,
  idempotency_key text not null check (length(idempotency_key) between 1 and 200),
  type text not null check (type in (
    'bet', 'win', 'rollback', 'deposit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout',
    'vendor_transfer_in', 'vendor_transfer_out', 'agent_transfer_downline', 'agent_transfer_upline',
    'bonus', 'commission', 'adjustment', 'points')),
  status text not null check (status in ('applied', 'rejected', 'cancelled')),
  reject_code text,
  -- SHA-256 of the canonical content; a replay with other content is an idempotency conflict.
  content_hash bytea check (content_hash is null or length(content_hash) = 32),
  -- The journal this one reverses (rollback); unique: money is never refunded twice.
  reverses_id bigint,
  reference text check (length(reference) <= 200),
  product text check (length(product) <= 40),
  vendor text check (length(vendor) <= 40),
  created_at timestamptz not null default now()
);
create unique index wallet_journal_key on wallet_journal (idempotency_key);
create unique index wallet_journal_reverses_key on wallet_journal (reverses_id) where reverses_id is not null;

-- wallet_entry: the legs. balance_after chains each account's history (checkable end to end).
-- No foreign keys here on purpose: they cost a lookup and a row lock per leg on the hottest
-- insert path; `npm run ledger:check` verifies that every entry points at a journal and account.
create table wallet_entry (
  journal_id bigint not null,
  account_id bigint not null,
  amount bigint not null check (amount <> 0),
  balance_after bigint not null,
  primary key (journal_id, account_id)
);
create index wallet_entry_account_idx on wallet_entry (account_id, journal_id);

-- Results of the invariant check (scheduled job and `npm run ledger:check`).
create table wallet_check_run (
  id bigint generated always as identity primary key,
  started_at timestamptz not null,
  finished_at timestamptz not null,
  ok boolean not null,
  journals bigint not null,
  entries bigint not null,
  problems jsonb not null default '[]'::jsonb
);
