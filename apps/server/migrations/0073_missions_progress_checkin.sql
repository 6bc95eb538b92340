-- module: missions
-- Missions and the sign-in check-in (issue 22). Progress is computed from facts other modules
-- publish (agents_v_settled_play with provider_v_round, payments_v_deposit,
-- accounts_v_real_member_login) by an incremental job into per-member per-local-day counters; a
-- mission's progress for a period is the sum of its days, so a mission defined mid-period counts
-- the whole period. Days are calendar days in the site's time zone (settings locale.timeZone).

-- The operator's missions. daily: a local day; weekly: an ISO week (Monday 00:00 local);
-- one_off: starts_on through ends_on (local dates, inclusive). target: centavos for valid_bet and
-- deposits, a count for games_played and login_days. reward_amount: centavos of bonus money, or
-- points.
create table missions_definition (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('daily', 'weekly', 'one_off')),
  title_pt text not null check (length(title_pt) between 1 and 120),
  title_en text not null check (length(title_en) between 1 and 120),
  description_pt text not null default '' check (length(description_pt) <= 500),
  description_en text not null default '' check (length(description_en) <= 500),
  goal text not null check (goal in ('valid_bet', 'deposits', 'games_played', 'login_days')),
  product_type text check (product_type in ('live', 'slots', 'sports', 'lottery', 'pvp', 'fish')),
  target bigint not null check (target > 0),
  reward_kind text not null check (reward_kind in ('bonus', 'points')),
  reward_amount bigint not null check (reward_amount > 0),
  reward_wagering numeric(8, 2) not null default 1 check (reward_wagering >= 0 and reward_wagering <= 1000),
  starts_on date,
  ends_on date,
  active boolean not null default true,
  sort integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (product_type is null or goal in ('valid_bet', 'games_played')),
  check ((kind = 'one_off') = (starts_on is not null and ends_on is not null)),
  check (kind = 'one_off' or (starts_on is null and ends_on is null)),
  check (starts_on is null or ends_on >= starts_on)
);
create index missions_definition_active on missions_definition (sort, id) where active;

-- Where the progress job stands: 'play' is the last agents_v_settled_play.seq counted; 'deposit'
-- and 'login' the time of the last deposit credit / login looked at (read again with an overlap).
create table missions_cursor (
  name text primary key check (name in ('play', 'deposit', 'login')),
  position bigint not null default 0,
  at timestamptz not null default '-infinity',
  updated_at timestamptz not null default now()
);
-- Deposits and logins are looked at from eight days before the migration (the longest period a
-- daily or weekly mission needs); settled play from the first fact.
insert into missions_cursor (name, at) values ('play', '-infinity'), ('deposit', now() - interval '8 days'), ('login', now() - interval '8 days');

-- Settled play per member, local day and product type ('other' for a game type without one):
-- valid bet (centavos) and games played (settled rounds; a rollback takes one back).
create table missions_play_day (
  member_id bigint not null,
  day date not null,
  product_type text not null,
  valid_bet bigint not null default 0,
  games integer not null default 0,
  updated_at timestamptz not null default now(),
  primary key (member_id, day, product_type)
);

-- Credited deposits (centavos) and whether the member logged in, per member and local day.
create table missions_activity_day (
  member_id bigint not null,
  day date not null,
  deposits bigint not null default 0,
  logged_in boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (member_id, day)
);

-- Each credited deposit counted once.
create table missions_deposit (
  deposit_id bigint primary key,
  member_id bigint not null,
  created_at timestamptz not null default now()
);

-- A member reached a mission in one period (period_start: the local day, the ISO week's Monday,
-- or a one-off's start date). A completion stays even if a later rollback takes progress back.
-- claimed_at and the reward paid (as it was at the claim) are set together, once.
create table missions_completion (
  mission_id bigint not null references missions_definition (id),
  member_id bigint not null,
  period_start date not null,
  completed_at timestamptz not null default now(),
  seen_at timestamptz,
  claimed_at timestamptz,
  reward_kind text check (reward_kind in ('bonus', 'points')),
  reward_amount bigint,
  reward_wagering numeric(8, 2),
  primary key (mission_id, member_id, period_start),
  check ((claimed_at is null) = (reward_kind is null))
);
create index missions_completion_member on missions_completion (member_id, period_start);
create index missions_completion_time on missions_completion (completed_at) include (member_id);

-- The check-in's rewards for streak days 1…7 (day 8 on pays day 7's). No rows: no check-in.
create table missions_checkin_reward (
  day smallint primary key check (day between 1 and 7),
  reward_kind text not null check (reward_kind in ('bonus', 'points')),
  reward_amount bigint not null check (reward_amount > 0),
  reward_wagering numeric(8, 2) not null default 1 check (reward_wagering >= 0 and reward_wagering <= 1000),
  updated_at timestamptz not null default now()
);

-- One check-in per member and local day; streak counts consecutive days (1 after a missed day).
create table missions_checkin (
  member_id bigint not null,
  day date not null,
  streak integer not null check (streak >= 1),
  reward_kind text not null check (reward_kind in ('bonus', 'points')),
  reward_amount bigint not null check (reward_amount > 0),
  reward_wagering numeric(8, 2) not null,
  created_at timestamptz not null default now(),
  primary key (member_id, day)
);
create index missions_checkin_day on missions_checkin (day);

-- The period a local day falls in: its first day (daily: the day; weekly: the ISO week's Monday;
-- one_off: the mission's start) and its last day.
create function missions_period_start(p_kind text, p_day date, p_starts date) returns date language sql immutable parallel safe as $$
  select case p_kind when 'daily' then p_day when 'weekly' then p_day - (extract(isodow from p_day)::int - 1) else p_starts end
$$;
create function missions_period_end(p_kind text, p_start date, p_ends date) returns date language sql immutable parallel safe as $$
  select case p_kind when 'daily' then p_start when 'weekly' then p_start + 6 else p_ends end
$$;

-- A member's progress on a goal over local days p_from…p_to: centavos of valid bet or credited
-- deposits, settled rounds, or days logged in. p_product narrows valid bet and games to one
-- product type (null: any).
create function missions_progress(p_member bigint, p_goal text, p_product text, p_from date, p_to date) returns bigint language sql stable parallel safe as $$
  select case p_goal
    when 'valid_bet' then (select coalesce(sum(valid_bet), 0)::bigint from missions_play_day
      where member_id = p_member and day between p_from and p_to and (p_product is null or product_type = p_product))
    when 'games_played' then (select coalesce(sum(games), 0)::bigint from missions_play_day
      where member_id = p_member and day between p_from and p_to and (p_product is null or product_type = p_product))
    when 'deposits' then (select coalesce(sum(deposits), 0)::bigint from missions_activity_day
      where member_id = p_member and day between p_from and p_to)
    when 'login_days' then (select count(*)::bigint from missions_activity_day
      where member_id = p_member and day between p_from and p_to and logged_in)
  end
$$;

-- Records the completions that members reached on the given local days (pairs of member and
-- day): each active mission whose period holds the day and whose progress reached its target,
-- once per member and period. Answers how many were new.
create function missions_record_completions(p_members bigint[], p_days date[], p_goals text[]) returns integer language plpgsql as $$
declare
  v_count integer;
begin
  with touched as (
    select distinct t.member_id, t.day from unnest(p_members, p_days) as t(member_id, day)
  ), candidate as (
    select t.member_id, m.id as mission_id, m.goal, m.product_type, m.target,
      missions_period_start(m.kind, t.day, m.starts_on) as p_from,
      missions_period_end(m.kind, missions_period_start(m.kind, t.day, m.starts_on), m.ends_on) as p_to
    from touched t
    join missions_definition m on m.active and m.goal = any(p_goals) and (m.kind <> 'one_off' or t.day between m.starts_on and m.ends_on)
  )
  insert into missions_completion (mission_id, member_id, period_start)
  select distinct c.mission_id, c.member_id, c.p_from from candidate c
  where not exists (select 1 from missions_completion done where done.mission_id = c.mission_id and done.member_id = c.member_id and done.period_start = c.p_from)
    and missions_progress(c.member_id, c.goal, c.product_type, c.p_from, c.p_to) >= c.target
  on conflict do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
