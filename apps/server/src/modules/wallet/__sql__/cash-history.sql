-- cash-history (query 1 of 2)
select "j"."id", "j"."type", "e"."amount", "e"."balance_after", "j"."created_at", "j"."reference"
from "wallet_account" as "a"
inner join "wallet_entry" as "e" on "e"."account_id" = "a"."id"
inner join "wallet_journal" as "j" on "j"."id" = "e"."journal_id"
where "a"."member_id" = $1 and "a"."pocket" = $2 and "j"."created_at" >= ($3::date)::timestamp at time zone $4 and "j"."created_at" < ($5::date + 1)::timestamp at time zone $6
order by "e"."journal_id" desc
limit $7
offset $8;
-- tables read:
--   wallet_account: index wallet_account_member_key
--   wallet_entry (partitioned): bitmap heap
--     bitmap index wallet_entry_account_idx
--   wallet_journal: index wallet_journal_pkey

-- cash-history (query 2 of 2)
select count(*) as "n"
from "wallet_account" as "a"
inner join "wallet_entry" as "e" on "e"."account_id" = "a"."id"
inner join "wallet_journal" as "j" on "j"."id" = "e"."journal_id"
where "a"."member_id" = $1 and "a"."pocket" = $2 and "j"."created_at" >= ($3::date)::timestamp at time zone $4 and "j"."created_at" < ($5::date + 1)::timestamp at time zone $6;
-- tables read:
--   wallet_account: index wallet_account_member_key
--   wallet_entry (partitioned): bitmap heap
--     bitmap index wallet_entry_account_idx
--   wallet_journal: index wallet_journal_pkey
