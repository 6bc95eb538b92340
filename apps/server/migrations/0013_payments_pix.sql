-- Deposits and withdrawals by PIX. Amounts are bigint centavos; money itself moves only through
-- the wallet ledger, in the same transaction as the state change recorded here.

create table payments_deposit (
  id bigint generated always as identity primary key,
  member_id bigint not null references accounts_member (id),
  -- The client's id for one intent: a double click or a retry finds the same deposit.
  request_id text not null check (request_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  amount bigint not null check (amount > 0),
  status text not null default 'pending'
    check (status in ('pending', 'paid', 'credited', 'held', 'refunded', 'expired', 'failed')),
  provider text not null,
  -- Our charge id at the provider (BCB TxId: 26-35 alphanumerics, unique per receiver).
  txid text not null check (txid ~ '^[A-Za-z0-9]{26,35}$'),
  br_code text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  paid_amount bigint check (paid_amount > 0),
  end_to_end_id text,
  payer_cpf text,
  -- Paid after the charge had expired: still credited (money received is never lost).
  paid_late boolean not null default false,
  credited_at timestamptz,
  review_note text,
  reviewed_by bigint,
  reviewed_at timestamptz,
  unique (member_id, request_id)
);
create unique index payments_deposit_txid_key on payments_deposit (provider, txid);
create unique index payments_deposit_e2e_key on payments_deposit (end_to_end_id) where end_to_end_id is not null;
create index payments_deposit_member_idx on payments_deposit (member_id, created_at desc);
create index payments_deposit_open_idx on payments_deposit (expires_at) where status = 'pending';
create index payments_deposit_status_idx on payments_deposit (status, created_at desc);

-- Where a member's withdrawals go: one PIX key or bank account, always in the member's own name and CPF.
create table payments_payout_account (
  member_id bigint primary key references accounts_member (id),
  kind text not null check (kind in ('pix', 'bank')),
  key_type text check (key_type in ('cpf', 'phone', 'email', 'evp')),
  pix_key text check (length(pix_key) <= 100),
  bank_code text check (bank_code ~ '^[0-9]{3}$'),
  branch text check (branch ~ '^[0-9]{1,5}$'),
  account_number text check (account_number ~ '^[0-9]{1,13}-?[0-9X]?$'),
  account_type text check (account_type in ('checking', 'savings', 'payment')),
  holder_name text not null,
  holder_cpf text not null check (holder_cpf ~ '^[0-9]{11}$'),
  updated_at timestamptz not null default now(),
  check ((kind = 'pix' and key_type is not null and pix_key is not null)
      or (kind = 'bank' and bank_code is not null and branch is not null and account_number is not null and account_type is not null))
);

-- Every change of a payout account, kept (who, when, from where, what it became).
create table payments_payout_account_log (
  id bigint generated always as identity primary key,
  member_id bigint not null references accounts_member (id),
  account jsonb not null,
  ip inet,
  created_at timestamptz not null default now()
);
create index payments_payout_account_log_member_idx on payments_payout_account_log (member_id, created_at desc);

create table payments_withdrawal (
  id bigint generated always as identity primary key,
  member_id bigint not null references accounts_member (id),
  request_id text not null check (request_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  amount bigint not null check (amount > 0),
  status text not null
    check (status in ('reviewing', 'approved', 'paying', 'paid', 'rejected', 'failed')),
  -- The payout account as it was when requested (a later change does not redirect this one).
  destination jsonb not null,
  destination_display text not null,
  requested_at timestamptz not null default now(),
  auto_approved boolean not null default false,
  reviewed_by bigint,
  reviewed_at timestamptz,
  reject_reason text check (length(reject_reason) <= 500),
  provider text not null,
  provider_payout_id text,
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  last_error text,
  paid_at timestamptz,
  failed_at timestamptz,
  failure_reason text,
  receipt text check (receipt in ('received', 'partial', 'not_received', 'auto_received')),
  received_amount bigint check (received_amount >= 0),
  receipt_at timestamptz,
  proof bytea check (octet_length(proof) <= 5242880),
  proof_type text check (proof_type in ('image/png', 'image/jpeg')),
  unique (member_id, request_id)
);
create index payments_withdrawal_member_idx on payments_withdrawal (member_id, requested_at desc);
create index payments_withdrawal_work_idx on payments_withdrawal (next_attempt_at) where status in ('approved', 'paying');
create index payments_withdrawal_status_idx on payments_withdrawal (status, requested_at desc);
create index payments_withdrawal_receipt_idx on payments_withdrawal (paid_at) where status = 'paid' and receipt is null;

-- Every webhook the providers sent us, once per provider event id (a replay is recognised here).
create table payments_provider_event (
  id bigint generated always as identity primary key,
  provider text not null,
  event_id text not null,
  event_type text not null,
  reference text,
  payload jsonb not null,
  outcome text not null,
  received_at timestamptz not null default now(),
  unique (provider, event_id)
);
create index payments_provider_event_reference_idx on payments_provider_event (reference);

-- The built-in sandbox PSP's own books: what a real provider keeps on its side.
create table payments_sandbox_charge (
  txid text primary key,
  amount bigint not null check (amount > 0),
  receiver_name text not null,
  expires_at timestamptz not null,
  status text not null default 'active' check (status in ('active', 'paid', 'refunded')),
  paid_at timestamptz,
  refunded_at timestamptz,
  end_to_end_id text unique,
  payer_cpf text,
  created_at timestamptz not null default now()
);

create table payments_sandbox_payout (
  -- Our withdrawal's payout id: the provider's idempotency key, so a retried request never pays twice.
  payout_id text primary key,
  amount bigint not null check (amount > 0),
  destination jsonb not null,
  status text not null default 'processing' check (status in ('processing', 'paid', 'failed')),
  failure_reason text,
  end_to_end_id text,
  created_at timestamptz not null default now(),
  settled_at timestamptz
);
