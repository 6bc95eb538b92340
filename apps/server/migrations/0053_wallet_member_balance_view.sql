-- module: wallet
-- Members' pocket balances as other modules' SQL reads them (issue 19): the provider's money
-- callback answers a vendor with the player's cash balance and reads it here, never from
-- wallet_account. A plain projection: the (member_id, pocket) key still serves the lookup.
create view wallet_v_member_balance as
  select member_id, pocket, balance
  from wallet_account
  where member_id is not null;
