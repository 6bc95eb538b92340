-- Back-office reports (dashboard, GGR/NGR, payments): a read model over other modules' tables
-- (docs/ARCHITECTURE.md, "Reports"). The one table of its own is settled play per UTC hour, vendor
-- and product type, rolled up from agents_bet_fact (one fact per change of a settled round) so a
-- month's report sums a few thousand rows instead of millions of rounds.

create table reports_bet_hour (
  -- The start of a UTC hour.
  hour timestamptz not null,
  vendor_code text not null,
  -- The catalogue game type the round opened with; '' when it had none.
  game_type text not null,
  rounds integer not null,
  stake bigint not null,
  payout bigint not null,
  primary key (hour, vendor_code, game_type)
);

-- Hours before rolled_until are in reports_bet_hour; facts settled from rolled_until on are read
-- live. Starts at the first fact's hour, so the job rolls up the history already recorded.
create table reports_rollup_state (
  id smallint primary key check (id = 1),
  rolled_until timestamptz not null,
  last_run_at timestamptz
);
insert into reports_rollup_state (id, rolled_until)
select 1, date_trunc('hour', coalesce(min(settled_at), now()) at time zone 'UTC') at time zone 'UTC' from agents_bet_fact;

-- NGR: bonus and adjustment journals by time. Partial, so bets and wins pay only the predicate.
create index reports_wallet_journal_given on wallet_journal (created_at) where type in ('bonus', 'adjustment');

-- Active players: sessions opened (logins) by time.
create index reports_accounts_session_created on accounts_session (created_at) include (member_id);
