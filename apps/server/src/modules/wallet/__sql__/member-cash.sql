-- member-cash
select "balance"
from "wallet_account"
where "member_id" = $1 and "pocket" = $2;
-- tables read:
--   wallet_account: index wallet_account_member_key
