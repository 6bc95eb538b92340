-- console-withdrawals (query 1 of 2)
select "w".*, "m"."account"
from "payments_withdrawal" as "w"
inner join "accounts_v_member" as "m" on "m"."id" = "w"."member_id"
order by "w"."id" desc
limit $1
offset $2;
-- tables read:
--   payments_withdrawal: index payments_withdrawal_pkey
--   accounts_member: index accounts_member_pkey

-- console-withdrawals (query 2 of 2)
select count(*) as "count"
from "payments_withdrawal" as "w"
inner join "accounts_v_member" as "m" on "m"."id" = "w"."member_id";
-- tables read:
--   payments_withdrawal: index payments_withdrawal_member_idx
--   accounts_member: index accounts_member_pkey
