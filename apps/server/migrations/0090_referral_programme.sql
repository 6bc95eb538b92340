-- module: referral
-- The member referral programme (issue 26, spec §1 "referral/invite programme"): each member's code,
-- the referees their codes brought, the operator's rules (one row per version, the latest in force)
-- and the rewards paid. docs/referral.md tells the rules, the qualification and the abuse checks.

-- The rules, versioned: a change inserts a row (who and when), nothing is updated; the latest id is in force.
create table referral_rules (
  id bigserial primary key,
  enabled boolean not null,
  -- The referee's first credited deposit must be at least this, and their valid bet reach this (centavos).
  min_first_deposit bigint not null check (min_first_deposit >= 0),
  min_valid_bet bigint not null check (min_valid_bet >= 0),
  reward_amount bigint not null check (reward_amount > 0),
  reward_type text not null check (reward_type in ('cash', 'bonus')),
  -- Bonus money only: stake to wager before it turns to cash = amount × this; days it lasts.
  wagering_multiple numeric(8, 2) not null default 0 check (wagering_multiple >= 0 and wagering_multiple <= 1000),
  bonus_valid_days integer not null default 30 check (bonus_valid_days between 1 and 365),
  -- Per referrer: at most this many rewarded referees and/or this much paid in all (null = no cap).
  max_referees integer check (max_referees > 0),
  max_amount bigint check (max_amount > 0),
  -- A referee qualifies within this many days of registering (null = no window).
  window_days integer check (window_days between 1 and 3650),
  created_by text not null,
  created_at timestamptz not null default now()
);

-- Member codes are 'R-' and 8 of the alphabet below (10 characters, no I, O, 0 or 1): the hyphen never
-- appears in agents' codes (accounts_member.referral_code: 4–20 letters and digits), so the
-- two sets never overlap and a code is one or the other, never both (docs/referral.md).
create table referral_member_code (
  member_id bigint primary key,
  code text not null unique check (code ~ '^R-[A-HJ-NP-Z2-9]{8}$'),
  created_at timestamptz not null default now()
);

-- A referee: recorded in the registration's transaction. status: pending (not yet qualified), paid,
-- flagged (an abuse check matched: waits for review), rejected (reviewed: never paid), capped
-- (qualified after the referrer's cap was reached), expired (the window passed before qualifying).
create table referral_referee (
  referee_id bigint primary key,
  referrer_id bigint not null references referral_member_code (member_id),
  code text not null,
  registered_at timestamptz not null,
  registration_ip text not null,
  user_agent text,
  status text not null default 'pending' check (status in ('pending', 'paid', 'flagged', 'rejected', 'capped', 'expired')),
  flag_reasons text[] not null default '{}',
  qualified_at timestamptz,
  decided_at timestamptz,
  decided_by text,
  check (referee_id <> referrer_id)
);
create index referral_referee_referrer on referral_referee (referrer_id, registered_at desc);
create index referral_referee_open on referral_referee (status) where status in ('pending', 'flagged');

-- One reward per referee, ever: the primary key makes a second payment impossible whatever replays
-- or runs at the same time; the ledger posting in the same transaction is keyed on the referee too.
create table referral_reward (
  referee_id bigint primary key references referral_referee (referee_id),
  referrer_id bigint not null,
  amount bigint not null check (amount > 0),
  reward_type text not null check (reward_type in ('cash', 'bonus')),
  rules_id bigint not null references referral_rules (id),
  ledger_key text not null unique,
  paid_at timestamptz not null default now()
);
create index referral_reward_referrer on referral_reward (referrer_id);
