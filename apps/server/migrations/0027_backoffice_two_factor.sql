-- Two-factor authentication of operators (TOTP, RFC 6238): required for every operator session.

-- One TOTP key per operator. The 20-byte seed is stored sealed with AES-256-GCM (version byte,
-- 12-byte nonce, 16-byte tag, 20-byte ciphertext; the operator id is authenticated data, so a
-- sealed seed copied onto another operator does not open). 'pending' from enrolment until the
-- first code confirms it. last_step is the last accepted time step: a code of that step or an
-- earlier one is refused, so each code works once. Wrong codes are counted here like failed
-- logins (5 in 15 minutes lock code entry for 15 minutes); only someone who knows the password
-- can reach this count.
create table backoffice_totp (
  operator_id bigint primary key references backoffice_operator (id),
  secret_sealed bytea not null check (length(secret_sealed) = 49),
  status text not null check (status in ('pending', 'active')),
  last_step bigint,
  created_at timestamptz not null,
  activated_at timestamptz,
  failures integer not null default 0 check (failures >= 0),
  window_started_at timestamptz,
  locked_until timestamptz,
  check ((status = 'active') = (activated_at is not null))
);

-- Ten single-use recovery codes per operator (80 random bits each), stored as HMAC-SHA256 under a
-- key that is not in this table, so the codes cannot be read back or guessed from a dump of it.
create table backoffice_recovery_code (
  operator_id bigint not null references backoffice_operator (id),
  code_hash bytea not null check (length(code_hash) = 32),
  used_at timestamptz,
  primary key (operator_id, code_hash)
);

-- The token a right password gives an operator who has not enrolled yet: good for 5 minutes and
-- only for the enrolment calls (never a session). Only its SHA-256 is stored.
create table backoffice_enrolment (
  token_hash bytea primary key check (length(token_hash) = 32),
  operator_id bigint not null references backoffice_operator (id),
  created_at timestamptz not null,
  expires_at timestamptz not null check (expires_at <= created_at + interval '5 minutes'),
  used_at timestamptz
);
create index backoffice_enrolment_operator_idx on backoffice_enrolment (operator_id) where used_at is null;
