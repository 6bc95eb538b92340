-- member-withdrawals (query 1 of 2)
select *
from "payments_withdrawal"
where "member_id" = $1
order by "id" desc
limit $2
offset $3;
-- tables read:
--   payments_withdrawal: index payments_withdrawal_member_idx

-- member-withdrawals (query 2 of 2)
select count(*) as "count"
from "payments_withdrawal"
where "member_id" = $1;
-- tables read:
--   payments_withdrawal: index payments_withdrawal_member_idx
