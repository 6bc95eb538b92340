-- module: bonus
-- bonus_playable as PL/pgSQL, same answer. As a SQL-language function it could not be inlined (it
-- reads a table), so PostgreSQL before 18 parsed and planned its body again in every transaction
-- and subtransaction that called it: every money callback's answer asks it, and it was about a
-- sixth of the database's time per callback (bench/README.md, provider, 2026-11-30). PL/pgSQL
-- keeps the plan for the session.
create or replace function bonus_playable(p_member bigint) returns bigint language plpgsql stable as $$
begin
  return (select coalesce(sum(balance), 0)::bigint from bonus_grant where member_id = p_member and status = 'active');
end;
$$;
