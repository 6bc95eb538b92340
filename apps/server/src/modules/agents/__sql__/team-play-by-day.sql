-- team-play-by-day
select key, sum(bets)::text as bets, sum(stake)::text as stake, sum(payout)::text as payout, sum(valid_bet)::text as valid_bet
from (select to_char(day, 'YYYY-MM-DD') as key, bets, stake, payout, valid_bet
from agents_team_day
where agent_id = $1 and day between $2::date and $3::date
union all select to_char((settled_at at time zone $4)::date, 'YYYY-MM-DD') as key, bets, stake, payout, valid_bet
from agents_bet_fact
where not rolled_up and (member_id = $5 or chain @> array[$6]::bigint[]) and settled_at >= ($7::date::timestamp at time zone $8) and settled_at < ($9::date::timestamp at time zone $10)) as parts
group by key;
-- tables read:
--   agents_team_day: index agents_team_day_pkey
--   agents_bet_fact (partitioned): bitmap heap
--     bitmap index agents_bet_fact_time
