-- stored-answer
select "id"
from "provider_transaction"
where "vendor_code" = $1 and "action" = $2 and "transaction_id" = $3;
-- tables read:
--   provider_transaction: index provider_transaction_vendor_code_action_transaction_id_key
