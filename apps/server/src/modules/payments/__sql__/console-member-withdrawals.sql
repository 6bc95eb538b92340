-- console-member-withdrawals (query 1 of 2)
select "w".*, "m"."account"
from "payments_withdrawal" as "w"
inner join "accounts_v_member" as "m" on "m"."id" = "w"."member_id"
where "m"."account" = $1
order by "w"."id" desc
limit $2
offset $3;
-- tables read:
--   accounts_member: index accounts_member_account_key
--   payments_withdrawal: index payments_withdrawal_member_idx

-- console-member-withdrawals (query 2 of 2)
select count(*) as "count"
from "payments_withdrawal" as "w"
inner join "accounts_v_member" as "m" on "m"."id" = "w"."member_id"
where "m"."account" = $1;
-- tables read:
--   accounts_member: index accounts_member_account_key
--   payments_withdrawal: index payments_withdrawal_member_idx
