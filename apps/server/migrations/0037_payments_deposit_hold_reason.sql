-- Why a paid deposit waits for an operator instead of being credited: paid from another CPF
-- (the rule since 0013), or a paid amount that differs from the charge (issue 18: a 10.00 charge
-- notified as paid at 5,000.00 was credited 5,000.00). Nothing is credited while held.
alter table payments_deposit add column hold_reason text check (hold_reason in ('other_payer', 'amount_mismatch'));
update payments_deposit set hold_reason = 'other_payer' where status in ('held', 'refunded') or (status = 'credited' and reviewed_at is not null);
