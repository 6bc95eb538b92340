-- module: agents
-- The agents module's published SQL API (issue 19, "each module owns its tables"): the hooks other
-- modules call, in their own transaction, when something agents react to changes, and the read
-- views reports use. Until now 0024 and 0025 put agents' own triggers on accounts_member and
-- provider_round and a column on provider_round; 0046 (accounts) and 0047 (provider) replace
-- those with triggers of their own that call the hooks below by name.

-- The upline chain (nearest first) a settled round is attributed to, snapshotted when the round
-- first settles so later moves in the tree never re-attribute it (was provider_round.agent_chain).
-- Only non-empty chains are kept: a round without a row was settled by a member with no upline,
-- so players outside any team cost the bet path no extra row.
create table agents_round_chain (
  vendor_code text not null,
  member_id bigint not null,
  round_id text not null,
  chain bigint[] not null check (cardinality(chain) > 0),
  primary key (vendor_code, member_id, round_id)
);
insert into agents_round_chain (vendor_code, member_id, round_id, chain)
select vendor_code, member_id, round_id, agent_chain from provider_round where cardinality(agent_chain) > 0;

-- Hook: a round's result changed (the provider calls it for every change of a round's stake,
-- winnings or status). Writes one agents_bet_fact per change of a settled result, as deltas, with
-- the chain snapshotted at the first settlement. Trial accounts count in no metric (the accounts
-- module's rule). A round that was not there before passes null as its old status.
create function agents_record_round_change(
  p_vendor text, p_member bigint, p_round text,
  p_old_status text, p_old_bet bigint, p_old_win bigint,
  p_new_status text, p_new_bet bigint, p_new_win bigint
) returns void language plpgsql as $$
declare
  v_old_settled boolean := coalesce(p_old_status = 'settled', false);
  v_new_settled boolean := p_new_status = 'settled';
  v_old_stake bigint := case when v_old_settled then p_old_bet else 0 end;
  v_old_payout bigint := case when v_old_settled then p_old_win else 0 end;
  v_new_stake bigint := case when v_new_settled then p_new_bet else 0 end;
  v_new_payout bigint := case when v_new_settled then p_new_win else 0 end;
  v_chain bigint[];
begin
  if not v_old_settled and not v_new_settled then
    return;
  end if;
  if v_old_settled = v_new_settled and v_old_stake = v_new_stake and v_old_payout = v_new_payout then
    return;
  end if;
  if accounts_member_is_trial(p_member) then
    return;
  end if;
  if v_new_settled and not v_old_settled then
    select coalesce(array_agg(ancestor_id order by depth), '{}') into v_chain
    from agents_tree where descendant_id = p_member and depth > 0;
    -- A round settles once (a settled round is never reopened, only rolled back), so the first
    -- settlement's chain stands; do nothing keeps it if it was somehow written before.
    if cardinality(v_chain) > 0 then
      insert into agents_round_chain (vendor_code, member_id, round_id, chain)
      values (p_vendor, p_member, p_round, v_chain)
      on conflict do nothing;
    end if;
  end if;
  select chain into v_chain from agents_round_chain where vendor_code = p_vendor and member_id = p_member and round_id = p_round;
  insert into agents_bet_fact (member_id, chain, vendor_code, round_id, round_stake, member_won, stake, payout, valid_bet, bets)
  values (p_member, coalesce(v_chain, '{}'), p_vendor, p_round, p_new_bet, v_new_payout > v_new_stake,
          v_new_stake - v_old_stake, v_new_payout - v_old_payout,
          agents_valid_bet(v_new_stake, v_new_payout) - agents_valid_bet(v_old_stake, v_old_payout),
          (case when v_new_settled then 1 else 0 end) - (case when v_old_settled then 1 else 0 end));
end;
$$;

-- Hook: a member was created (the accounts module calls it for every new member). The closure
-- table gets the member's self row and one row per upline.
create function agents_tree_add_member(p_member bigint, p_upline bigint) returns void language plpgsql as $$
begin
  insert into agents_tree (ancestor_id, descendant_id, depth) values (p_member, p_member, 0);
  if p_upline is not null then
    insert into agents_tree (ancestor_id, descendant_id, depth)
    select ancestor_id, p_member, depth + 1 from agents_tree where descendant_id = p_upline;
  end if;
end;
$$;

-- Hook: a member's upline changed (the accounts module calls it). The whole team moves: the links
-- from the old chain into the subtree go, the new chain's links into it come, the subtree's own
-- links stay. A move under one's own team would make a loop and is refused (SQLSTATE 23514).
create function agents_tree_move_member(p_member bigint, p_upline bigint) returns void language plpgsql as $$
begin
  if p_upline is not null and exists (
    select 1 from agents_tree where ancestor_id = p_member and descendant_id = p_upline
  ) then
    raise exception 'member % cannot be placed under its own team', p_member using errcode = '23514';
  end if;
  delete from agents_tree link
  using agents_tree team, agents_tree chain
  where team.ancestor_id = p_member
    and link.descendant_id = team.descendant_id
    and chain.descendant_id = p_member and chain.depth > 0
    and link.ancestor_id = chain.ancestor_id;
  if p_upline is not null then
    insert into agents_tree (ancestor_id, descendant_id, depth)
    select chain.ancestor_id, team.descendant_id, chain.depth + team.depth + 1
    from agents_tree chain, agents_tree team
    where chain.descendant_id = p_upline and team.ancestor_id = p_member;
  end if;
end;
$$;

-- Until 0047 swaps provider_round's triggers, rounds settling meanwhile (another process still on
-- the old code during a deploy) keep their chain in the new table too, so none is missing after.
create or replace function agents_round_before() returns trigger language plpgsql as $$
begin
  if new.status = 'settled' and new.agent_chain is null then
    select coalesce(array_agg(ancestor_id order by depth), '{}') into new.agent_chain
    from agents_tree where descendant_id = new.member_id and depth > 0;
    if cardinality(new.agent_chain) > 0 then
      insert into agents_round_chain (vendor_code, member_id, round_id, chain)
      values (new.vendor_code, new.member_id, new.round_id, new.agent_chain)
      on conflict do nothing;
    end if;
  end if;
  if tg_op = 'UPDATE' then
    perform agents_write_fact(new, old.status = 'settled',
      case when old.status = 'settled' then old.bet else 0 end, case when old.status = 'settled' then old.win else 0 end);
  end if;
  return new;
end;
$$;

-- Read views for reports: settled play as facts (one row per change of a settled round, deltas)
-- and members' own play per day as rolled up. `rolled_up` tells a reader which facts the member
-- days already hold.
create view agents_v_settled_play as
  select seq, member_id, vendor_code, round_id, bets, stake, payout, settled_at, rolled_up from agents_bet_fact;
create view agents_v_member_day as
  select day, member_id, bets, stake, payout, valid_bet from agents_member_day;
