-- module: wallet
-- The vendor a member's cash entry was posted for (bets and wins carry it), added last to the
-- view 0050 publishes (issue 20): the agents' team transactions name the game through the
-- catalogue's API from (vendor, game code) and must not read wallet_journal for it. Appending a
-- column keeps create or replace valid and the view inlined as before.
create or replace view wallet_v_member_cash_entry as
  select a.member_id, e.journal_id, j.type, e.amount, e.balance_after, j.reference, j.created_at, j.vendor
  from wallet_account a
  join wallet_entry e on e.account_id = a.id
  join wallet_journal j on j.id = e.journal_id
  where a.member_id is not null and a.pocket = 'cash';
