-- member-ledger
select x.journal_id, x.type, a.pocket, x.amount, x.balance_after, x.reference, x.created_at
from wallet_account a
cross join lateral ( select e.journal_id, e.amount, e.balance_after, j.type, j.reference, j.created_at
from wallet_entry e join wallet_journal j on j.id = e.journal_id
where e.account_id = a.id
order by e.journal_id desc
limit $1 ) x
where a.member_id = $2
order by x.journal_id desc, a.pocket
limit $3
offset $4;
-- tables read:
--   wallet_account: bitmap heap
--     bitmap index wallet_account_member_key
--   wallet_entry (partitioned): bitmap heap
--     bitmap index wallet_entry_account_idx
--   wallet_journal: index wallet_journal_pkey
