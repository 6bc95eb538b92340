-- children-play
select key, sum(bets)::text as bets, sum(stake)::text as stake, sum(payout)::text as payout, sum(valid_bet)::text as valid_bet
from (select child.descendant_id::text as key, d.bets, d.stake, d.payout, d.valid_bet
from agents_tree child join agents_team_day d on d.agent_id = child.descendant_id
where child.ancestor_id = $1 and child.depth = 1 and d.day between $2::date and $3::date
union all select (case when array_position(chain, $4) = 1 then member_id else chain[array_position(chain, $5) - 1] end)::text as key, bets, stake, payout, valid_bet
from agents_bet_fact
where not rolled_up and chain @> array[$6]::bigint[] and settled_at >= ($7::date::timestamp at time zone $8) and settled_at < ($9::date::timestamp at time zone $10)) as parts
group by key;
-- tables read:
--   agents_tree: index agents_tree_team
--   agents_team_day: index agents_team_day_pkey
--   agents_bet_fact (partitioned): bitmap heap
--     bitmap index agents_bet_fact_time
