-- module: bonus
-- bonus_record_round_changes: the published wagering hook bonus_record_round_change (0062) for
-- many rounds at once, for the provider's statement-level round triggers (0103). Most members
-- have no active grant, and the single hook's first step is to find that out: one plpgsql call
-- per round (~5 µs; a lottery draw settles a million rounds, bench/README.md, lottery,
-- 2026-12-01). Here one statement keeps the rounds whose member has an active grant (an index
-- probe each), and only those go through the single hook, in the given order, exactly as before.
-- Each array holds one value per round change, in the same order.
create function bonus_record_round_changes(
  p_vendor text[], p_member bigint[], p_round text[], p_game_type text[], p_status text[], p_bet bigint[]
) returns void language plpgsql as $$
declare
  v_row record;
begin
  for v_row in
    select u.vendor, u.member, u.round, u.game_type, u.status, u.bet
    from unnest(p_vendor, p_member, p_round, p_game_type, p_status, p_bet) with ordinality as u (vendor, member, round, game_type, status, bet, ord)
    where exists (select 1 from bonus_grant g where g.member_id = u.member and g.status = 'active')
    order by u.ord
  loop
    perform bonus_record_round_change(v_row.vendor, v_row.member, v_row.round, v_row.game_type, v_row.status, v_row.bet);
  end loop;
end;
$$;
