-- pending-withdrawals
select count(*)::text as count, coalesce(sum(amount), 0)::text as sum, count(*) filter (where status = 'reviewing')::text as reviewing, min(requested_at) as oldest
from payments_v_withdrawal
where status in ('reviewing', 'approved', 'paying');
-- tables read:
--   payments_withdrawal: bitmap heap
--     bitmap index payments_withdrawal_status_idx
