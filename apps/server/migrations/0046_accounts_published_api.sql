-- module: accounts
-- The accounts module's published SQL API (issue 19, "each module owns its tables"): the
-- trial-account rule, the read views other modules' SQL uses instead of accounts_member and
-- accounts_session, and the members' hooks as accounts' own triggers (0024 had agents put its
-- triggers on accounts_member).

-- Trial accounts (type 4) never bet real money and count in no report or commission. The one
-- place the rule is written in SQL; TypeScript has TRIAL_ACCOUNT_TYPE in @app/contracts.
create function accounts_type_is_trial(p_type smallint) returns boolean
language sql immutable as $$ select p_type = 4 $$;

-- Unknown members are not trial members (false), so callers decide what an unknown id means.
create function accounts_member_is_trial(p_member bigint) returns boolean
language sql stable as $$ select coalesce((select accounts_type_is_trial(type) from accounts_member where id = p_member), false) $$;

-- Members as other modules may read them: no credentials and no personal data.
create view accounts_v_member as
  select id, account, nickname, type, accounts_type_is_trial(type) as is_trial, status, upline_member_id, created_at
  from accounts_member;

-- Logins (sessions opened) of real members, by time: reports' active players.
create view accounts_v_real_member_login as
  select s.member_id, s.created_at as logged_in_at
  from accounts_session s
  join accounts_member m on m.id = s.member_id and not accounts_type_is_trial(m.type);

-- The members' hooks: whoever creates a member or changes its upline (registration, the back
-- office, a data repair in SQL) keeps the agents' tree right in the same transaction. A trigger of
-- the owner, so no writer can forget it; each step calls the agents module's published hook.
create function accounts_member_placed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform agents_tree_add_member(new.id, new.upline_member_id);
  else
    perform agents_tree_move_member(new.id, new.upline_member_id);
  end if;
  return null;
end;
$$;

create trigger accounts_member_placed_insert after insert on accounts_member
  for each row execute function accounts_member_placed();
create trigger accounts_member_placed_move after update of upline_member_id on accounts_member
  for each row when (old.upline_member_id is distinct from new.upline_member_id)
  execute function accounts_member_placed();

-- The triggers the agents module had put here (0024) do the same through its old functions.
drop trigger accounts_member_tree_insert on accounts_member;
drop trigger accounts_member_tree_move on accounts_member;
