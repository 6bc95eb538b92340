-- module: accounts
-- accounts_member_is_trial as PL/pgSQL, same answer (unknown members are not trial members). As a
-- SQL-language function with a subquery it was never inlined, so PostgreSQL before 18 parsed and
-- planned it again in every transaction and subtransaction that called it — every money
-- callback and every settled round's facts do. PL/pgSQL keeps the plan for the session.
create or replace function accounts_member_is_trial(p_member bigint) returns boolean language plpgsql stable as $$
begin
  return coalesce((select accounts_type_is_trial(type) from accounts_member where id = p_member), false);
end;
$$;
