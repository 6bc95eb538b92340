-- The agent tree as a closure table (docs/agent-commissions.md): one row per (ancestor, descendant)
-- pair with its distance, and one row per member for itself (depth 0). "The whole team under X" is
-- ancestor_id = X, "totals per direct child" joins depth = 1: single indexed queries, where the
-- upline column alone needs a recursive walk per report.
-- accounts_member.upline_member_id stays the truth. Triggers keep this table right on insert and
-- when an upline changes, in the same transaction, so no code path can forget it.
create table agents_tree (
  ancestor_id bigint not null references accounts_member (id),
  descendant_id bigint not null references accounts_member (id),
  depth integer not null check (depth >= 0),
  primary key (ancestor_id, descendant_id),
  check ((depth = 0) = (ancestor_id = descendant_id))
);
-- A member's chain of uplines, nearest first (ancestor lookups, bet snapshots).
create index agents_tree_descendant on agents_tree (descendant_id, depth);

create function agents_tree_on_insert() returns trigger language plpgsql as $$
begin
  insert into agents_tree (ancestor_id, descendant_id, depth) values (new.id, new.id, 0);
  if new.upline_member_id is not null then
    insert into agents_tree (ancestor_id, descendant_id, depth)
    select ancestor_id, new.id, depth + 1 from agents_tree where descendant_id = new.upline_member_id;
  end if;
  return null;
end;
$$;

-- Moving a member moves its whole team: the links from the old chain into the subtree go, the
-- new chain's links into it come, the subtree's own links stay. A move under one's own team would
-- make a loop and is refused.
create function agents_tree_on_move() returns trigger language plpgsql as $$
begin
  if new.upline_member_id is not null and exists (
    select 1 from agents_tree where ancestor_id = new.id and descendant_id = new.upline_member_id
  ) then
    raise exception 'member % cannot be placed under its own team', new.id using errcode = '23514';
  end if;
  delete from agents_tree link
  using agents_tree team, agents_tree chain
  where team.ancestor_id = new.id
    and link.descendant_id = team.descendant_id
    and chain.descendant_id = new.id and chain.depth > 0
    and link.ancestor_id = chain.ancestor_id;
  if new.upline_member_id is not null then
    insert into agents_tree (ancestor_id, descendant_id, depth)
    select chain.ancestor_id, team.descendant_id, chain.depth + team.depth + 1
    from agents_tree chain, agents_tree team
    where chain.descendant_id = new.upline_member_id and team.ancestor_id = new.id;
  end if;
  return null;
end;
$$;

create trigger accounts_member_tree_insert after insert on accounts_member
  for each row execute function agents_tree_on_insert();
create trigger accounts_member_tree_move after update of upline_member_id on accounts_member
  for each row when (old.upline_member_id is distinct from new.upline_member_id)
  execute function agents_tree_on_move();

-- Members who exist already.
insert into agents_tree (ancestor_id, descendant_id, depth)
with recursive chain (ancestor_id, descendant_id, depth) as (
  select id, id, 0 from accounts_member
  union all
  select m.upline_member_id, chain.descendant_id, chain.depth + 1
  from chain join accounts_member m on m.id = chain.ancestor_id
  where m.upline_member_id is not null
)
select ancestor_id, descendant_id, depth from chain;
