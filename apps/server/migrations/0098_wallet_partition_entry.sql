-- module: wallet
-- wallet_entry partitioned by month (docs/scaling.md, "Partitions"). Entries had no time of their
-- own: they get created_at, the time of the transaction that posted them, which is their
-- journal's created_at (both take now() in the posting transaction; the posting functions name
-- neither column), and existing entries copy their journal's. wallet_journal stays one table: its
-- idempotency key must be unique across all time, which a partitioned table cannot promise.
-- The key is (journal_id, account_id, created_at): all legs of a journal are written in one
-- transaction, so they share created_at and the key still refuses a second leg on one account.
-- A DEFAULT partition: an entry is money and a missing month must never refuse a post; the job
-- `platform.partitions` moves such rows into their month. Entries are never detached by
-- default (no retention): the ledger check reads attached partitions only, and a detached month
-- would make balances differ from their entries.
-- Reads by journal (a rollback's legs, a replay's balances) probe each partition's key index;
-- reads by account (histories) merge each partition's (account_id, journal_id) index.
lock table wallet_entry in access exclusive mode;
drop view wallet_v_house_movement;
drop view wallet_v_member_cash_entry;
alter table wallet_entry rename to wallet_entry_unpartitioned;
alter index wallet_entry_pkey rename to wallet_entry_unpartitioned_pkey;
alter index wallet_entry_account_idx rename to wallet_entry_unpartitioned_account_idx;

create table wallet_entry (
  journal_id bigint not null,
  account_id bigint not null,
  amount bigint not null check (amount <> 0),
  balance_after bigint not null,
  created_at timestamptz not null default now(),
  primary key (journal_id, account_id, created_at)
) partition by range (created_at);
create index wallet_entry_account_idx on wallet_entry (account_id, journal_id);
create table wallet_entry_pdefault partition of wallet_entry default;

-- One partition per UTC month from the oldest journal's month through three months ahead, named
-- <table>_pYYYYMM (the job recognises its partitions by that name).
do $$
declare
  v_month timestamp;
begin
  -- Month arithmetic on UTC wall-clock timestamps: the session's time zone never moves a bound.
  for v_month in
    select generate_series(
      date_trunc('month', coalesce((select min(j.created_at) from wallet_journal j where exists (select 1 from wallet_entry_unpartitioned e where e.journal_id = j.id)), now()) at time zone 'UTC'),
      date_trunc('month', now() at time zone 'UTC') + interval '3 months', interval '1 month')
  loop
    execute format('create table %I partition of wallet_entry for values from (%L) to (%L)',
      'wallet_entry_p' || to_char(v_month, 'YYYYMM'), v_month::text || '+00', (v_month + interval '1 month')::text || '+00');
  end loop;
end $$;

-- An entry without a journal (the ledger check reports those) keeps the migration's time.
insert into wallet_entry (journal_id, account_id, amount, balance_after, created_at)
select e.journal_id, e.account_id, e.amount, e.balance_after, coalesce(j.created_at, now())
from wallet_entry_unpartitioned e left join wallet_journal j on j.id = e.journal_id;
drop table wallet_entry_unpartitioned;

-- The published views, as 0048 and 0059 left them (same columns, same order).
create view wallet_v_house_movement as
  select j.id as journal_id, j.type as journal_type, j.created_at, a.house_code, a.currency, e.amount
  from wallet_journal j
  join wallet_entry e on e.journal_id = j.id
  join wallet_account a on a.id = e.account_id and a.house_code is not null
  where j.status = 'applied';
create view wallet_v_member_cash_entry as
  select a.member_id, e.journal_id, j.type, e.amount, e.balance_after, j.reference, j.created_at, j.vendor
  from wallet_account a
  join wallet_entry e on e.account_id = a.id
  join wallet_journal j on j.id = e.journal_id
  where a.member_id is not null and a.pocket = 'cash';
