-- module: agents
-- agents_record_round_changes (0102) asked the accounts module's trial rule once per round through
-- accounts_member_is_trial, a plpgsql call each (~4.6 µs; a lottery draw settles a million rounds,
-- bench/README.md, lottery, 2026-12-01). It now reads the same rule from the accounts module's
-- published view accounts_v_member (its is_trial column is accounts_type_is_trial(type), the rule
-- accounts_member_is_trial applies) with one index probe per round inside the statement. An
-- unknown member counts as not trial, as before. Everything else is unchanged.
create or replace function agents_record_round_changes(
  p_vendor text[], p_member bigint[], p_round text[],
  p_old_status text[], p_old_bet bigint[], p_old_win bigint[],
  p_new_status text[], p_new_bet bigint[], p_new_win bigint[]
) returns void language plpgsql as $$
begin
  with changes as (
    select u.*, coalesce(u.old_status = 'settled', false) as old_settled, coalesce(u.new_status = 'settled', false) as new_settled
    from unnest(p_vendor, p_member, p_round, p_old_status, p_old_bet, p_old_win, p_new_status, p_new_bet, p_new_win)
      with ordinality as u(vendor, member, round, old_status, old_bet, old_win, new_status, new_bet, new_win, ord)
  ), amounts as (
    select c.*,
      case when c.old_settled then c.old_bet else 0 end as old_stake,
      case when c.old_settled then c.old_win else 0 end as old_payout,
      case when c.new_settled then c.new_bet else 0 end as new_stake,
      case when c.new_settled then c.new_win else 0 end as new_payout
    from changes c
  ), counted as (
    select a.*,
      -- The upline at the first settlement (index probes per round, never a join of the batch).
      case when a.new_settled and not a.old_settled then
        (select coalesce(array_agg(t.ancestor_id order by t.depth), '{}') from agents_tree t where t.descendant_id = a.member and t.depth > 0)
      end as upline
    from amounts a
    left join lateral (select m.is_trial from accounts_v_member m where m.id = a.member limit 1) member on true
    where (a.old_settled or a.new_settled)
      and not (a.old_settled = a.new_settled and a.old_stake = a.new_stake and a.old_payout = a.new_payout)
      and not coalesce(member.is_trial, false)
  ), chained as (
    insert into agents_round_chain (vendor_code, member_id, round_id, chain)
    select c.vendor, c.member, c.round, c.upline from counted c
    where cardinality(c.upline) > 0
    order by c.ord
    on conflict do nothing
  )
  -- A chain stored before this statement stands; else the one stored now; else none.
  insert into agents_bet_fact (member_id, chain, vendor_code, round_id, round_stake, member_won, stake, payout, valid_bet, bets)
  select c.member, coalesce(stored.chain, case when cardinality(c.upline) > 0 then c.upline end, '{}'), c.vendor, c.round, c.new_bet,
         c.new_payout > c.new_stake, c.new_stake - c.old_stake, c.new_payout - c.old_payout,
         agents_valid_bet(c.new_stake, c.new_payout) - agents_valid_bet(c.old_stake, c.old_payout),
         (case when c.new_settled then 1 else 0 end) - (case when c.old_settled then 1 else 0 end)
  from counted c
  left join lateral (
    select r.chain from agents_round_chain r where r.vendor_code = c.vendor and r.member_id = c.member and r.round_id = c.round limit 1
  ) stored on true
  order by c.ord;
end;
$$;
