-- module: agents
-- agents_bet_fact partitioned by month of settled_at (docs/scaling.md, "Partitions"). Facts are
-- appended by the provider's round trigger inside the money callback and later only marked
-- (rolled_up, realtime_run_id); every reader but the rollup's "not yet taken" scan reads a time
-- window, which now touches only that window's months.
-- A DEFAULT partition catches a fact whose month has no partition yet: the fact is written in the
-- bet's own transaction, and a missing partition must never refuse a bet. The job
-- `platform.partitions` moves such rows into their month and keeps the default empty.
-- Unique keys must hold the partition column: the key is (seq, settled_at); seq stays the one
-- identity sequence, so it is still unique and increasing on its own.
lock table agents_bet_fact in access exclusive mode;
drop view agents_v_settled_play;
alter table agents_bet_fact rename to agents_bet_fact_unpartitioned;
alter index agents_bet_fact_pkey rename to agents_bet_fact_unpartitioned_pkey;
alter index agents_bet_fact_pending_rollup rename to agents_bet_fact_unpartitioned_pending_rollup;
alter index agents_bet_fact_pending_realtime rename to agents_bet_fact_unpartitioned_pending_realtime;
alter index agents_bet_fact_member rename to agents_bet_fact_unpartitioned_member;
alter index agents_bet_fact_time rename to agents_bet_fact_unpartitioned_time;

create table agents_bet_fact (
  seq bigint generated always as identity,
  member_id bigint not null,
  chain bigint[] not null,
  vendor_code text not null,
  round_id text not null,
  round_stake bigint not null,
  member_won boolean not null,
  stake bigint not null,
  payout bigint not null,
  valid_bet bigint not null,
  bets integer not null,
  settled_at timestamptz not null default now(),
  rolled_up boolean not null default false,
  realtime_run_id bigint,
  primary key (seq, settled_at)
) partition by range (settled_at);
create index agents_bet_fact_pending_rollup on agents_bet_fact (seq) where not rolled_up;
create index agents_bet_fact_pending_realtime on agents_bet_fact (seq) where realtime_run_id is null;
create index agents_bet_fact_member on agents_bet_fact (member_id, settled_at);
create index agents_bet_fact_time on agents_bet_fact (settled_at);
create table agents_bet_fact_pdefault partition of agents_bet_fact default;

-- One partition per UTC month from the oldest fact's month through three months ahead, named
-- <table>_pYYYYMM (the job recognises its partitions by that name).
do $$
declare
  v_month timestamp;
begin
  -- Month arithmetic on UTC wall-clock timestamps: the session's time zone never moves a bound.
  for v_month in
    select generate_series(
      date_trunc('month', coalesce((select min(settled_at) from agents_bet_fact_unpartitioned), now()) at time zone 'UTC'),
      date_trunc('month', now() at time zone 'UTC') + interval '3 months', interval '1 month')
  loop
    execute format('create table %I partition of agents_bet_fact for values from (%L) to (%L)',
      'agents_bet_fact_p' || to_char(v_month, 'YYYYMM'), v_month::text || '+00', (v_month + interval '1 month')::text || '+00');
  end loop;
end $$;

insert into agents_bet_fact (seq, member_id, chain, vendor_code, round_id, round_stake, member_won, stake, payout, valid_bet, bets, settled_at, rolled_up, realtime_run_id)
overriding system value
select seq, member_id, chain, vendor_code, round_id, round_stake, member_won, stake, payout, valid_bet, bets, settled_at, rolled_up, realtime_run_id
from agents_bet_fact_unpartitioned;
select setval(pg_get_serial_sequence('agents_bet_fact', 'seq'), coalesce((select max(seq) from agents_bet_fact), 0) + 1, false);
drop table agents_bet_fact_unpartitioned;

-- The published view, as 0065 left it (same columns, same order).
create view agents_v_settled_play as
  select seq, member_id, vendor_code, round_id, bets, stake, payout, settled_at, rolled_up, valid_bet from agents_bet_fact;
