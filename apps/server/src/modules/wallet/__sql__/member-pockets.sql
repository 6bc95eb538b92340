-- member-pockets
select "id", "pocket", "balance"
from "wallet_account"
where "member_id" = $1;
-- tables read:
--   wallet_account: bitmap heap
--     bitmap index wallet_account_member_key
