-- Member profile fields used by registration and the security centre.
alter table accounts_member
  add column mobile text check (mobile ~ '^\+55[0-9]{11}$'),
  add column email text check (email = lower(email) and length(email) <= 254),
  add column cpf text check (cpf ~ '^[0-9]{11}$'),
  add column birthday date,
  add column payee_name text check (length(payee_name) <= 100),
  add column payment_password_hash text,
  -- The agent whose referral link or code brought the member (the agent tree comes later).
  add column upline_member_id bigint references accounts_member (id),
  -- The code other members use to register under this one (agents share it as a link).
  add column referral_code text check (referral_code ~ '^[A-Za-z0-9]{4,20}$'),
  add column registration_ip inet,
  add column password_changed_at timestamptz not null default now(),
  add column must_change_password boolean not null default false,
  add column last_login_at timestamptz;

-- One account per CPF and per mobile number (brazil-compliance §2.2).
create unique index accounts_member_cpf_key on accounts_member (cpf) where cpf is not null;
create unique index accounts_member_mobile_key on accounts_member (mobile) where mobile is not null;
create unique index accounts_member_email_key on accounts_member (email) where email is not null;
create unique index accounts_member_referral_code_key on accounts_member (lower(referral_code)) where referral_code is not null;
create index accounts_member_upline_idx on accounts_member (upline_member_id) where upline_member_id is not null;

-- Sessions: only SHA-256 of the opaque token is stored, so a database leak yields no usable token.
create table accounts_session (
  token_hash bytea primary key check (length(token_hash) = 32),
  member_id bigint not null references accounts_member (id),
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  absolute_expires_at timestamptz not null,
  revoked_at timestamptz,
  ip inet,
  user_agent text check (length(user_agent) <= 512)
);
create index accounts_session_member_idx on accounts_session (member_id) where revoked_at is null;

-- Failed-login counters per account and per IP in fixed windows (anti-automation without a
-- permanent lockout: a window simply expires).
create table accounts_login_throttle (
  key text primary key check (length(key) <= 300),
  window_started_at timestamptz not null,
  failures integer not null default 0 check (failures >= 0),
  locked_until timestamptz
);

-- Addresses a member has logged in from; a new one asks for extra verification.
create table accounts_known_ip (
  member_id bigint not null references accounts_member (id),
  ip inet not null,
  first_seen_at timestamptz not null default now(),
  primary key (member_id, ip)
);
