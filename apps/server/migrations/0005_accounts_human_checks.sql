-- Secrets every API process must share (HMAC keys for stateless challenges), generated once
-- by whichever process needs one first.
create table system_secret (
  name text primary key check (name ~ '^[a-z][a-z0-9_.]{0,63}$'),
  value bytea not null check (length(value) >= 32),
  created_at timestamptz not null default now()
);

-- Captcha answers, hashed; single use: answering (rightly or wrongly) spends it.
create table accounts_captcha (
  id uuid primary key,
  answer_hash bytea not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  ip inet
);
create index accounts_captcha_expires_idx on accounts_captcha (expires_at);

-- Proof-of-work challenges are stateless until spent; a spent one can never be replayed.
create table accounts_pow_spent (
  challenge_id text primary key check (length(challenge_id) <= 64),
  spent_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index accounts_pow_spent_expires_idx on accounts_pow_spent (expires_at);
