-- Agent commissions (docs/agent-commissions.md): bet facts with the upline chain snapshotted at
-- settlement, their daily and hourly rollups, contracts with their versions, and settlement runs
-- and lines. Amounts are bigint centavos, rates parts per million.

-- The chain of uplines (nearest first) as it was when the round first settled: later moves in the
-- tree never re-attribute a closed period.
alter table provider_round add column agent_chain bigint[];

-- One row per change of a settled round's result: a first settlement, a later win or bet on it,
-- a rollback. Amounts are deltas, so sums over any set of facts are the truth for those rounds.
-- The rollups and the real-time salary mark the facts they took (not a seq watermark: a fact with
-- a lower seq can commit after one with a higher seq, and would be skipped).
create table agents_bet_fact (
  seq bigint generated always as identity primary key,
  member_id bigint not null,
  chain bigint[] not null,
  vendor_code text not null,
  round_id text not null,
  -- The round's whole stake after this change: real-time salary picks its single-bet tier by it.
  round_stake bigint not null,
  -- Whether the member is ahead on the round after this change (real-time profit or loss rate).
  member_won boolean not null,
  stake bigint not null,
  payout bigint not null,
  valid_bet bigint not null,
  -- +1 for a first settlement, −1 for a rollback of a settled round, 0 for a correction.
  bets integer not null,
  settled_at timestamptz not null default now(),
  rolled_up boolean not null default false,
  realtime_run_id bigint
);
create index agents_bet_fact_pending_rollup on agents_bet_fact (seq) where not rolled_up;
create index agents_bet_fact_pending_realtime on agents_bet_fact (seq) where realtime_run_id is null;
create index agents_bet_fact_member on agents_bet_fact (member_id, settled_at);
create index agents_bet_fact_time on agents_bet_fact (settled_at);

-- Valid bet of a settled round (reference §3.1): the smaller of the amount won or lost and the stake.
create function agents_valid_bet(p_stake bigint, p_payout bigint) returns bigint
language sql immutable as $$ select least(abs(p_payout - p_stake), p_stake) $$;

-- One fact for a change of a round's settled result (nothing when neither side was settled or
-- nothing changed). Trial accounts count in no metric (reference §2).
create function agents_write_fact(p_round provider_round, p_old_settled boolean, p_old_stake bigint, p_old_payout bigint)
returns void language plpgsql as $$
declare
  v_new_settled boolean := p_round.status = 'settled';
  v_new_stake bigint := case when v_new_settled then p_round.bet else 0 end;
  v_new_payout bigint := case when v_new_settled then p_round.win else 0 end;
begin
  if not p_old_settled and not v_new_settled then
    return;
  end if;
  if p_old_settled = v_new_settled and p_old_stake = v_new_stake and p_old_payout = v_new_payout then
    return;
  end if;
  if exists (select 1 from accounts_member where id = p_round.member_id and type = 4) then
    return;
  end if;
  insert into agents_bet_fact (member_id, chain, vendor_code, round_id, round_stake, member_won, stake, payout, valid_bet, bets)
  values (p_round.member_id, coalesce(p_round.agent_chain, '{}'), p_round.vendor_code, p_round.round_id, p_round.bet, v_new_payout > v_new_stake,
          v_new_stake - p_old_stake, v_new_payout - p_old_payout,
          agents_valid_bet(v_new_stake, v_new_payout) - agents_valid_bet(p_old_stake, p_old_payout),
          (case when v_new_settled then 1 else 0 end) - (case when p_old_settled then 1 else 0 end));
end;
$$;

-- Before a write: snapshot the chain when the round is settled without one; on an update, write
-- the fact of the change. An insert's fact is written after it (below): PostgreSQL fires BEFORE
-- INSERT triggers even for an INSERT … ON CONFLICT that turns into an UPDATE (the provider's
-- callback function writes rounds that way), and that proposed row never exists.
create function agents_round_before() returns trigger language plpgsql as $$
begin
  if new.status = 'settled' and new.agent_chain is null then
    select coalesce(array_agg(ancestor_id order by depth), '{}') into new.agent_chain
    from agents_tree where descendant_id = new.member_id and depth > 0;
  end if;
  if tg_op = 'UPDATE' then
    perform agents_write_fact(new, old.status = 'settled',
      case when old.status = 'settled' then old.bet else 0 end, case when old.status = 'settled' then old.win else 0 end);
  end if;
  return new;
end;
$$;

create function agents_round_inserted() returns trigger language plpgsql as $$
begin
  perform agents_write_fact(new, false, 0, 0);
  return null;
end;
$$;

create trigger provider_round_agents_before before insert or update of bet, win, status on provider_round
  for each row execute function agents_round_before();
create trigger provider_round_agents_inserted after insert on provider_round
  for each row execute function agents_round_inserted();

-- Rollups, fed from the facts by the worker (agents.rollup, every minute). Reports add the facts
-- not rolled up yet, so they are live. Days are the operator's time zone.
create table agents_rollup_state (
  id smallint primary key check (id = 1),
  last_run_at timestamptz not null default now()
);
insert into agents_rollup_state (id) values (1);

-- A member's own play per day: active members and per-member statements.
create table agents_member_day (
  day date not null,
  member_id bigint not null,
  bets integer not null default 0,
  stake bigint not null default 0,
  payout bigint not null default 0,
  valid_bet bigint not null default 0,
  primary key (day, member_id)
);
-- "Members active in a period" sums each team member's days: by member (a small team, a long
-- period) or by day (a big team, one day), reading only the index (bench/README.md, agents).
create index agents_member_day_member on agents_member_day (member_id, day) include (valid_bet);
create index agents_member_day_day on agents_member_day (day, member_id) include (valid_bet);

-- A whole team (the agent's own play included) per day and per hour: overviews and wages.
create table agents_team_day (
  agent_id bigint not null,
  day date not null,
  bets integer not null default 0,
  stake bigint not null default 0,
  payout bigint not null default 0,
  valid_bet bigint not null default 0,
  -- Team members whose own valid bet that day reached the active threshold, kept by the rollup as
  -- members cross it (a one-day overview reads it instead of summing 100,000 members' days).
  active_members integer not null default 0,
  primary key (agent_id, day)
);
create table agents_team_hour (
  agent_id bigint not null,
  hour timestamptz not null,
  bets integer not null default 0,
  stake bigint not null default 0,
  payout bigint not null default 0,
  valid_bet bigint not null default 0,
  primary key (agent_id, hour)
);

-- Contracts: offered by an upline to a direct downline (or granted by an operator to a top
-- agent, upline_id null). Each offer is a new version; acceptance supersedes the one in force.
create table agents_contract (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('dividend', 'daily', 'hourly', 'realtime')),
  upline_id bigint references accounts_member (id),
  downline_id bigint not null references accounts_member (id),
  version integer not null check (version >= 1),
  status text not null check (status in ('offered', 'active', 'rejected', 'terminated', 'superseded', 'withdrawn')),
  -- Normalised tiers: thresholds in centavos and counts, rates in parts per million.
  tiers jsonb not null check (jsonb_typeof(tiers) = 'array'),
  max_rate_ppm integer not null check (max_rate_ppm between 0 and 1000000),
  replaces_id bigint references agents_contract (id),
  request_key text not null,
  offered_by_operator bigint,
  offered_at timestamptz not null default now(),
  decided_at timestamptz,
  ended_at timestamptz,
  ended_by text check (length(ended_by) <= 80),
  check (upline_id is distinct from downline_id)
);
create unique index agents_contract_request on agents_contract (request_key);
create unique index agents_contract_version on agents_contract (downline_id, kind, version);
create unique index agents_contract_one_active on agents_contract (downline_id, kind) where status = 'active';
create unique index agents_contract_one_offer on agents_contract (downline_id, kind) where status = 'offered';
create index agents_contract_upline on agents_contract (upline_id, kind, status);

-- A settlement run: one period of one kind (or one real-time window of facts), versioned so a
-- delta run for late bets never touches what an earlier version paid.
create table agents_settlement_run (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('dividend', 'daily', 'hourly', 'realtime')),
  period_start timestamptz not null,
  period_end timestamptz not null,
  version integer not null check (version >= 1),
  -- The facts counted: seq ≤ to_seq (and > from_seq for a real-time window).
  from_seq bigint not null default 0,
  to_seq bigint not null,
  created_at timestamptz not null default now(),
  unique (kind, period_start, version)
);

create table agents_settlement_line (
  id bigint generated always as identity primary key,
  run_id bigint not null references agents_settlement_run (id),
  kind text not null,
  period_start timestamptz not null,
  period_end timestamptz not null,
  agent_id bigint not null references accounts_member (id),
  contract_id bigint not null references agents_contract (id),
  -- Null: the platform pays (the top contracted agent).
  payer_id bigint references accounts_member (id),
  base bigint not null,
  active_members integer not null default 0,
  tier_index integer,
  rate_ppm integer not null,
  gross bigint not null,
  children_gross bigint not null,
  net bigint not null,
  -- What this line posts: net less what earlier versions of the period already posted.
  amount bigint not null check (amount >= 0),
  -- A negative net floored at zero (docs/agent-commissions.md): recorded, never clawed back.
  deficit bigint not null default 0,
  status text not null check (status in ('calculated', 'paid', 'insufficient', 'not_qualified')),
  -- The ledger journal that paid it. A refused post keeps its key as refused in the ledger, so
  -- each attempt has its own key (commission:<line>:<attempt>) and the paid one is kept here.
  attempts integer not null default 0,
  journal_key text,
  created_at timestamptz not null default now(),
  paid_at timestamptz
);
-- One line per agent and payer in a run (a real-time window can hold two payers after a move).
create unique index agents_settlement_line_key on agents_settlement_line (run_id, agent_id, coalesce(payer_id, 0));
create unique index agents_settlement_line_journal on agents_settlement_line (journal_key) where journal_key is not null;
create index agents_settlement_line_agent on agents_settlement_line (agent_id, kind, period_start);
create index agents_settlement_line_payer on agents_settlement_line (payer_id, kind, period_start);
create index agents_settlement_line_retry on agents_settlement_line (status) where status in ('calculated', 'insufficient');

-- Agent announcements (spec agentAnnouncement) are content items of their own kind.
alter table content_item drop constraint content_item_kind_check;
alter table content_item add constraint content_item_kind_check
  check (kind in ('banner', 'notice', 'promotion', 'popup', 'announcement', 'help', 'agent_notice'));

-- Team size (an index-only count of a team) and new members by period.
create index agents_tree_team on agents_tree (ancestor_id, depth) include (descendant_id);
create index accounts_member_created on accounts_member (created_at);

-- Team deposits and withdrawals by period (overview, statements).
create index payments_deposit_credited on payments_deposit (credited_at) where status = 'credited';
create index payments_withdrawal_paid on payments_withdrawal (paid_at) where status = 'paid';
