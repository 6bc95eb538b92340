-- Manual balance adjustments with two operators (maker-checker): one requests a signed amount of
-- a member's cash with a reason, another approves (the ledger posts an 'adjustment' journal
-- against the house account `adjustments` in the same transaction) or rejects.
create table wallet_adjustment_request (
  id bigint generated always as identity primary key,
  member_id bigint not null references accounts_member (id),
  -- Signed centavos: credit > 0, debit < 0; at most R$ 1.000.000.000,00 either way.
  amount bigint not null check (amount <> 0 and amount between -100000000000 and 100000000000),
  reason text not null check (length(reason) between 1 and 500),
  -- The requester's Idempotency-Key: a retried request answers the first one.
  request_key text not null check (length(request_key) between 1 and 100),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  requested_by bigint not null,
  requested_by_name text not null check (length(requested_by_name) between 1 and 64),
  requested_at timestamptz not null default now(),
  decided_by bigint,
  decided_by_name text check (length(decided_by_name) between 1 and 64),
  decided_at timestamptz,
  decision_note text check (length(decision_note) <= 500),
  -- The ledger journal an approval posted.
  journal_id bigint,
  unique (requested_by, request_key),
  check ((status = 'pending') = (decided_at is null)),
  check ((status = 'pending') = (decided_by is null)),
  check ((status = 'approved') = (journal_id is not null)),
  -- The checker is never the maker.
  check (status <> 'approved' or decided_by <> requested_by)
);
create index wallet_adjustment_request_pending_idx on wallet_adjustment_request (id) where status = 'pending';
create index wallet_adjustment_request_member_idx on wallet_adjustment_request (member_id, id desc);
