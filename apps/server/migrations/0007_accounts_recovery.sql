-- Password reset by e-mail: a single-use link whose token is stored only as its SHA-256.
create table accounts_password_reset (
  token_hash bytea primary key check (length(token_hash) = 32),
  member_id bigint not null references accounts_member (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index accounts_password_reset_member_idx on accounts_password_reset (member_id, created_at desc);

-- The development e-mail provider delivers here; operators and tests read it.
create table accounts_email_outbox (
  id bigint generated always as identity primary key,
  email text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);
