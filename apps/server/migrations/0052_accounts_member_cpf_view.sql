-- module: accounts
-- The member's CPF for the console's deposit list (payments), which compares it with the CPF that
-- paid a charge (a deposit paid by someone else is held, 0037). Personal data: a view of its own,
-- so accounts_v_member stays free of it and each reader of a CPF is named here. The console route
-- that shows it masks it without the members.pii permission.
create view accounts_v_member_cpf as
  select id, cpf
  from accounts_member;
