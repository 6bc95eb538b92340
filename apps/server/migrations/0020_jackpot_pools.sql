-- Progressive jackpot. The pool's money is in the ledger (house account jackpot:<code>): a share
-- of every eligible bet moves there from game revenue (journal type 'jackpot'), a hit pays the
-- player through the provider API like any win and moves the pool back to game revenue, and the
-- pool is seeded again. This table keeps each pool's settings and serialises hits (row lock).
alter table wallet_journal drop constraint wallet_journal_type_check;
alter table wallet_journal add constraint wallet_journal_type_check check (type in (
  'bet', 'win', 'rollback', 'deposit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout',
  'vendor_transfer_in', 'vendor_transfer_out', 'agent_transfer_downline', 'agent_transfer_upline',
  'bonus', 'commission', 'adjustment', 'points', 'jackpot'));

create table jackpot_pool (
  code text primary key check (code ~ '^[a-z0-9_-]{1,40}$'),
  names jsonb not null,
  -- Centavos put in at creation and after every hit.
  seed bigint not null check (seed >= 0),
  -- Share of each eligible bet, in basis points (100 = 1 %).
  contribution_bp integer not null check (contribution_bp between 0 and 1000),
  -- A bet of b centavos hits with probability b / odds_cents (drawn provably fair).
  odds_cents bigint not null check (odds_cents > 0),
  created_at timestamptz not null default now()
);

create table jackpot_win (
  id bigint generated always as identity primary key,
  pool_code text not null references jackpot_pool (code),
  member_id bigint not null references accounts_member (id),
  -- The house round whose bet hit (house-<id>): one hit per round.
  round_ref text not null unique,
  vendor_code text not null,
  game_code text not null,
  amount bigint not null check (amount > 0),
  -- pending: the pool is taken, the player's win not yet confirmed by the provider API.
  status text not null default 'pending' check (status in ('pending', 'paid')),
  created_at timestamptz not null default now(),
  paid_at timestamptz
);
create index jackpot_win_pending on jackpot_win (created_at) where status = 'pending';
