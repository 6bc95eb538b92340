-- module: payments
-- Read views payments publishes for other modules' SQL (issue 19, "each module owns its tables"):
-- reports and the agents' team figures read deposits and withdrawals through these, never
-- payments_deposit or payments_withdrawal themselves. No PIX keys, destinations or proofs.

-- A deposit counts what was credited: the paid amount when an operator credited a different one
-- (a held deposit, 0037), else the charge.
create view payments_v_deposit as
  select id, member_id, status, amount, coalesce(paid_amount, amount) as credited_amount, created_at, credited_at
  from payments_deposit;

create view payments_v_withdrawal as
  select id, member_id, status, amount, requested_at, paid_at
  from payments_withdrawal;
