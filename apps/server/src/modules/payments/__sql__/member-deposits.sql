-- member-deposits (query 1 of 2)
select *
from "payments_deposit"
where "member_id" = $1
order by "id" desc
limit $2
offset $3;
-- tables read:
--   payments_deposit: index payments_deposit_member_idx

-- member-deposits (query 2 of 2)
select count(*) as "count"
from "payments_deposit"
where "member_id" = $1;
-- tables read:
--   payments_deposit: index payments_deposit_member_idx
