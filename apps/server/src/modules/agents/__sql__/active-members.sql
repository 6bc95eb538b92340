-- active-members
select count(*)::text as count
from ( select member_id
from ( select d.member_id, d.valid_bet
from agents_member_day d join agents_tree t on t.descendant_id = d.member_id and t.ancestor_id = $1
where d.day between $2::date and $3::date
union all select member_id, valid_bet
from agents_bet_fact
where not rolled_up and (member_id = $4 or chain @> array[$5]::bigint[]) and settled_at >= ($6::date::timestamp at time zone $7) and settled_at < ($8::date::timestamp at time zone $9) ) as play
group by member_id
having sum(valid_bet) >= $10 ) as active;
-- tables read:
--   agents_tree: bitmap heap
--     bitmap index agents_tree_team
--   agents_member_day: bitmap heap
--     bitmap index agents_member_day_day
--   agents_bet_fact (partitioned): bitmap heap
--     bitmap index agents_bet_fact_time
