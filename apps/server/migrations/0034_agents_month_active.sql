-- Members active over a calendar month, kept as the rollup runs (like agents_team_day's
-- active_members for a day): a member is active in a month when its own valid bet over the month
-- reaches the threshold, which a sum of daily counts cannot tell. The agent centre's "this month"
-- overview reads the kept count instead of grouping every member-day of a 100,000-member team.

-- A member's valid bet per month (the site's calendar, as agents_member_day's days).
create table agents_member_month (
  month date not null check (extract(day from month) = 1),
  member_id bigint not null,
  valid_bet bigint not null default 0,
  primary key (month, member_id)
);

-- Team members (the agent included) whose month total reached the threshold.
create table agents_team_month (
  agent_id bigint not null,
  month date not null check (extract(day from month) = 1),
  active_members integer not null default 0,
  primary key (agent_id, month)
);

-- From what the rollup already holds, with the threshold as it is set now (default R$ 100,00).
insert into agents_member_month (month, member_id, valid_bet)
select date_trunc('month', day)::date, member_id, sum(valid_bet) from agents_member_day group by 1, 2;

insert into agents_team_month (agent_id, month, active_members)
select t.ancestor_id, m.month, count(*)::int
from agents_member_month m
join agents_tree t on t.descendant_id = m.member_id
where m.valid_bet >= coalesce(
  (select round((value ->> 'activeMemberValidBet')::numeric * 100)::bigint from system_setting where key = 'agents' and value ? 'activeMemberValidBet'),
  10000)
group by 1, 2;
