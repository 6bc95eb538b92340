-- module: wallet
-- More read views the wallet publishes for other modules' SQL (issue 19, "each module owns its
-- tables"; 0048 has the first): the agents' team transactions and the catalogue's vendor
-- funds read these, never wallet_account, wallet_entry or wallet_journal themselves.

-- A member's cash entries with their journals: the player's account record as a team sees it.
-- Inlined by the planner, so a reader filtering on member_id and created_at keeps the
-- (member_id, pocket) and (account_id, journal_id) indexes.
create view wallet_v_member_cash_entry as
  select a.member_id, e.journal_id, j.type, e.amount, e.balance_after, j.reference, j.created_at
  from wallet_account a
  join wallet_entry e on e.account_id = a.id
  join wallet_journal j on j.id = e.journal_id
  where a.member_id is not null and a.pocket = 'cash';

-- Money members hold at a transfer-mode vendor (their `vendor:<code>` pockets with a balance):
-- the catalogue refuses a wallet-mode change while any is held. vendor_code is lower case.
create view wallet_v_vendor_funds as
  select member_id, substr(pocket, length('vendor:') + 1) as vendor_code, balance
  from wallet_account
  where member_id is not null and pocket like 'vendor:%' and balance > 0;
