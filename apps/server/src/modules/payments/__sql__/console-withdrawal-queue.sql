-- console-withdrawal-queue (query 1 of 2)
select "w".*, "m"."account"
from "payments_withdrawal" as "w"
inner join "accounts_v_member" as "m" on "m"."id" = "w"."member_id"
where "w"."status" = $1
order by "w"."id" desc
limit $2
offset $3;
-- tables read:
--   payments_withdrawal: index payments_withdrawal_status_idx
--   accounts_member: index accounts_member_pkey

-- console-withdrawal-queue (query 2 of 2)
select count(*) as "count"
from "payments_withdrawal" as "w"
inner join "accounts_v_member" as "m" on "m"."id" = "w"."member_id"
where "w"."status" = $1;
-- tables read:
--   payments_withdrawal: index payments_withdrawal_status_idx
--   accounts_member: index accounts_member_pkey
