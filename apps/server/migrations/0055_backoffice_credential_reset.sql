-- module: backoffice
-- One-time links an owner creates to reset an operator's password and two-factor (issue 20).
-- Creating one replaces the password with a random one nobody knows, removes the key and the
-- recovery codes and ends the sessions; the operator opens the link, chooses a password and
-- enrols two-factor again. The token has 256 random bits and only its SHA-256 is stored; it works
-- once (used_at) and for at most 24 hours. created_by names the owner (the audit row says it too).
create table backoffice_credential_reset (
  token_hash bytea primary key check (length(token_hash) = 32),
  operator_id bigint not null references backoffice_operator (id),
  created_by bigint not null references backoffice_operator (id),
  created_at timestamptz not null,
  expires_at timestamptz not null check (expires_at > created_at and expires_at <= created_at + interval '24 hours'),
  used_at timestamptz
);
create index backoffice_credential_reset_operator_idx on backoffice_credential_reset (operator_id) where used_at is null;
