-- module: sportsbook
-- Tickets (issue 23; reference igaming-integration.md §7): a member's slip as accepted, its legs
-- with the odds locked at acceptance (integer thousandths, never changed afterwards — Brazil,
-- Portaria SPA/MF 1.231/2024 art. 27) and the market's odds_version then. The stake moves through
-- the provider protocol as vendor SPORTSBOOK, one provider round per ticket ('sportsbook-<id>').
-- Status: pending_delay (live acceptance delay running) → pending_debit (accepted, the debit not yet
-- confirmed) → open; or refused with a reason code. won/lost/void/cashed_out come with settlement.

create table sportsbook_ticket (
  id bigint generated always as identity primary key,
  member_id bigint not null,
  request_id text not null check (length(request_id) between 8 and 64),
  bet_type text not null check (bet_type in ('single', 'accumulator', 'system', 'system_preset')),
  system_sizes integer[],
  system_preset text check (system_preset ~ '^[a-z0-9_]{1,20}$'),
  stake_mode text not null check (stake_mode in ('unit', 'total')),
  stake_cents bigint not null check (stake_cents > 0),
  total_stake_cents bigint not null check (total_stake_cents > 0),
  bet_count integer not null check (bet_count between 1 and 2000),
  odds_policy text not null check (odds_policy in ('none', 'any', 'higher')),
  max_payout_cents bigint not null check (max_payout_cents > 0),
  potential_return_cents bigint not null check (potential_return_cents >= 0),
  is_live boolean not null default false,
  status text not null check (status in ('pending_delay', 'pending_debit', 'open', 'refused', 'won', 'partially_won', 'lost', 'void', 'cashed_out')),
  refusal_code text check (refusal_code ~ '^sportsbook\.[a-z_]{1,60}$'),
  bet_transaction_id text,
  provider_bet_id bigint,
  created_at timestamptz not null default now(),
  accepted_at timestamptz,
  decided_at timestamptz,
  updated_at timestamptz not null default now(),
  unique (member_id, request_id),
  check ((status = 'refused') = (refusal_code is not null))
);
create index sportsbook_ticket_member on sportsbook_ticket (member_id, created_at desc);
create index sportsbook_ticket_pending on sportsbook_ticket (created_at) where status in ('pending_delay', 'pending_debit');

create table sportsbook_ticket_leg (
  ticket_id bigint not null references sportsbook_ticket (id),
  leg_index integer not null check (leg_index between 0 and 19),
  event_id text not null,
  market_key text not null,
  outcome_id text not null,
  slip_odds bigint not null check (slip_odds between 1001 and 1000000000),
  locked_odds bigint not null check (locked_odds between 1001 and 1000000000),
  odds_version bigint not null check (odds_version >= 1),
  primary key (ticket_id, leg_index),
  unique (ticket_id, event_id, market_key),
  foreign key (event_id, market_key) references sportsbook_market (event_id, market_key)
);
-- Liability of a market / event: the potential returns of its live (not yet decided) tickets.
create index sportsbook_ticket_leg_market on sportsbook_ticket_leg (event_id, market_key);

-- The ticket rules an operator may change (one row). Defaults: stake R$ 1,00 to R$ 5.000,00 per
-- ticket; a ticket pays at most R$ 250.000,00; at most R$ 100.000,00 of potential returns open on
-- one market and R$ 250.000,00 on one event; a live ticket waits 5 s before it stands.
create table sportsbook_ticket_setting (
  id integer primary key default 1 check (id = 1),
  min_stake_cents bigint not null default 100 check (min_stake_cents > 0),
  max_stake_cents bigint not null default 500000 check (max_stake_cents >= min_stake_cents),
  max_payout_cents bigint not null default 25000000 check (max_payout_cents > 0),
  market_liability_cents bigint not null default 10000000 check (market_liability_cents > 0),
  event_liability_cents bigint not null default 25000000 check (event_liability_cents > 0),
  live_delay_ms integer not null default 5000 check (live_delay_ms between 0 and 30000),
  updated_at timestamptz not null default now()
);
insert into sportsbook_ticket_setting (id) values (1);
