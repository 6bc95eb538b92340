-- module: promotions
-- Periodic rewards (issue 21): the daily rebate on valid bet by product type and the weekly
-- cashback on net loss, computed by the promotions jobs from the agents' published bet facts
-- (agents_v_settled_play, with provider_v_round for the product type) and issued into
-- promotions_reward with a key per promotion, period and member (`rebate:<promotion>:<day>:<member>`,
-- `cashback:<promotion>:<monday>:<member>`): a re-run issues nothing twice. Budget and cap hold at
-- claim time, as for every reward.

-- A rebate or cashback promotion's rule. Cashback: percent of the week's net loss (stake − payout)
-- once it reaches the minimum. Rebate: its rates are promotions_rebate_rate.
create table promotions_periodic_config (
  promotion_id bigint primary key references promotions_promotion (id),
  kind text not null check (kind in ('rebate', 'cashback')),
  cashback_percent numeric(6, 3) check (cashback_percent > 0 and cashback_percent <= 100),
  cashback_min_net_loss bigint check (cashback_min_net_loss >= 0),
  updated_at timestamptz not null default now(),
  updated_by text not null,
  check ((kind = 'cashback') = (cashback_percent is not null and cashback_min_net_loss is not null))
);

-- Rebate rates in percent of valid bet, per product type and VIP level. Level 0 is everyone; the
-- levels above wait for VIP levels (issue 22) and are kept but not applied until then.
create table promotions_rebate_rate (
  promotion_id bigint not null references promotions_periodic_config (promotion_id) on delete cascade,
  vip_level integer not null default 0 check (vip_level between 0 and 100),
  product_type text not null check (product_type in ('live', 'slots', 'sports', 'lottery', 'pvp', 'fish')),
  rate_percent numeric(6, 3) not null check (rate_percent >= 0 and rate_percent <= 100),
  primary key (promotion_id, vip_level, product_type)
);

-- The product type of a catalogue game type: RNG slots and CRASH instant games count as slots;
-- a round of unknown type (none recorded) earns no rebate.
create function promotions_product_type(p_game_type text) returns text language sql immutable parallel safe as $$
  select case upper(p_game_type)
    when 'LIVE' then 'live'
    when 'RNG' then 'slots'
    when 'CRASH' then 'slots'
    when 'SPORTS' then 'sports'
    when 'ESPORTS' then 'sports'
    when 'COCKFIGHT' then 'sports'
    when 'LOTT' then 'lottery'
    when 'ELOTT' then 'lottery'
    when 'PVP' then 'pvp'
    when 'FISH' then 'fish'
  end
$$;

-- One run of a period (the schedule's or an operator's re-run). Members are worked in batches of
-- ascending member id, each batch one transaction that also moves last_member_id and the totals:
-- a run that dies leaves rewards for exactly the members up to last_member_id, and a re-run of the
-- period pays only the members missing. heartbeat_at moves with every batch; a 'running' run
-- whose heartbeat is old is taken as dead by the next run of its period.
create table promotions_periodic_run (
  id bigint generated always as identity primary key,
  promotion_id bigint not null references promotions_promotion (id),
  kind text not null check (kind in ('rebate', 'cashback')),
  -- The period's days in the site's time zone, both included (one day, or Monday to Sunday).
  period_from date not null,
  period_to date not null,
  started_by text not null check (length(started_by) <= 100),
  status text not null default 'running' check (status in ('running', 'finished', 'failed')),
  started_at timestamptz not null default now(),
  heartbeat_at timestamptz not null default now(),
  finished_at timestamptz,
  batches integer not null default 0,
  last_member_id bigint not null default 0,
  members_rewarded integer not null default 0,
  total bigint not null default 0,
  error text check (length(error) <= 1000),
  check (period_to >= period_from),
  check ((status = 'running') = (finished_at is null))
);
create index promotions_periodic_run_promotion_idx on promotions_periodic_run (promotion_id, id desc);
create index promotions_periodic_run_period_idx on promotions_periodic_run (promotion_id, period_from, status);
