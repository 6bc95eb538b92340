-- play-by-day
select key, sum(rounds)::text as rounds, sum(stake)::text as stake, sum(payout)::text as payout
from ( select to_char((h.hour at time zone $1)::date, 'YYYY-MM-DD') as key, h.rounds::bigint as rounds, h.stake, h.payout
from reports_bet_hour h
where h.hour >= ($2::date::timestamp at time zone $3) and h.hour < least(($4::date::timestamp at time zone $5), $6::timestamptz)
union all select to_char((f.settled_at at time zone $7)::date, 'YYYY-MM-DD') as key, f.bets::bigint, f.stake, f.payout
from agents_v_settled_play f
where f.settled_at >= greatest(($8::date::timestamp at time zone $9), $10::timestamptz) and f.settled_at < ($11::date::timestamp at time zone $12) ) as play
group by key;
-- tables read:
--   reports_bet_hour: bitmap heap
--     bitmap index reports_bet_hour_pkey
--   agents_bet_fact (partitioned): bitmap heap
--     bitmap index agents_bet_fact_time
