-- module: sportsbook
-- The operator console of the book (issue 23). Operators act on the book through feed messages of
-- the event's producer ('manual' for the events they create), applied by the same apply service as
-- any feed; these tables hold only what the console itself needs:
--   * sportsbook_backoffice_setting: the thresholds above which a result (by the stake at risk on
--     the market) or a manual void (by the ticket's stake) needs a second operator's approval, and
--     the big-bet alert thresholds (a ticket's total stake or potential return);
--   * sportsbook_backoffice_action: one row per operator request id, so a double click or a retry
--     answers the first outcome and never applies an action twice (a result correction is a
--     rollback and a new settlement: replayed, it would roll back again);
--   * sportsbook_big_bet_ack: who acknowledged a big-bet alert and when (once per ticket);
--   * sportsbook_feed_refusal: the messages the apply service refused (a refusal leaves no other
--     trace), for the feed's health; pruned with the feed keys' retention.

create table sportsbook_backoffice_setting (
  id integer primary key default 1 check (id = 1),
  result_approval_cents bigint not null default 1000000 check (result_approval_cents >= 0),
  void_approval_cents bigint not null default 100000 check (void_approval_cents >= 0),
  big_bet_stake_cents bigint not null default 100000 check (big_bet_stake_cents > 0),
  big_bet_return_cents bigint not null default 1000000 check (big_bet_return_cents > 0),
  updated_at timestamptz not null default now()
);
insert into sportsbook_backoffice_setting (id) values (1);

create table sportsbook_backoffice_action (
  request_id uuid primary key,
  operator_id bigint not null,
  action text not null check (action ~ '^[a-z_.]{1,40}$'),
  target text not null check (length(target) between 1 and 300),
  status text not null check (status in ('applying', 'done')),
  result jsonb,
  created_at timestamptz not null default now()
);
create index sportsbook_backoffice_action_created on sportsbook_backoffice_action (created_at);

create table sportsbook_big_bet_ack (
  ticket_id bigint primary key references sportsbook_ticket (id),
  operator_id bigint not null,
  operator_name text not null,
  acknowledged_at timestamptz not null default now()
);

create table sportsbook_feed_refusal (
  id bigint generated always as identity primary key,
  producer text not null check (length(producer) between 1 and 40),
  event_id text check (length(event_id) <= 120),
  code text not null check (length(code) between 1 and 40),
  detail text not null check (length(detail) <= 500),
  refused_at timestamptz not null default now()
);
create index sportsbook_feed_refusal_recent on sportsbook_feed_refusal (refused_at);

