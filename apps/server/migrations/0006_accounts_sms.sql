-- One-time codes sent by SMS (registration, SMS login, password reset, new-device checks).
-- Only a keyed hash of the code is stored; a code is single use and tried at most 5 times.
create table accounts_sms_code (
  id bigint generated always as identity primary key,
  mobile text not null check (mobile ~ '^\+55[0-9]{11}$'),
  purpose text not null check (purpose in ('register', 'login', 'reset_password', 'new_device')),
  code_hash bytea not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  attempts integer not null default 0 check (attempts >= 0),
  consumed_at timestamptz,
  ip inet
);
create index accounts_sms_code_lookup_idx on accounts_sms_code (mobile, purpose, created_at desc);

-- The development SMS provider delivers here instead of to a phone; operators and tests read it.
create table accounts_sms_outbox (
  id bigint generated always as identity primary key,
  mobile text not null,
  body text not null,
  created_at timestamptz not null default now()
);
create index accounts_sms_outbox_mobile_idx on accounts_sms_outbox (mobile, created_at desc);
