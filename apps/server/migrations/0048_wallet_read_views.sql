-- module: wallet
-- Read views the wallet publishes for other modules' SQL (issue 19, "each module owns its
-- tables"): reports read the ledger through these, never wallet_journal, wallet_entry or
-- wallet_account themselves, so the ledger's tables can change behind them.

-- What applied journals moved on house accounts, one row per leg, with the journal's type and
-- time (reports' NGR: what bonus and adjustment journals took from bonus_expense and
-- adjustments). Shards are summed by the reader; rejected and cancelled journals moved nothing.
create view wallet_v_house_movement as
  select j.id as journal_id, j.type as journal_type, j.created_at, a.house_code, a.currency, e.amount
  from wallet_journal j
  join wallet_entry e on e.journal_id = j.id
  join wallet_account a on a.id = e.account_id and a.house_code is not null
  where j.status = 'applied';
