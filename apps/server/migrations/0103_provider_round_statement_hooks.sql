-- module: provider
-- The provider's reaction to its rounds' changes (0047, 0063) can also run per statement: the
-- agents' bet facts through agents_record_round_changes (0102) for all the statement's changed
-- rounds at once, then the bonus module's wagering hook for the rounds it counts. The provider's
-- set-based functions (provider_close_rounds, provider_pay_wins, provider_place_bets) set
-- provider.round_hooks = 'per_statement' for their duration: a batch closing 5,000 lottery rounds
-- cost ~0.3 s of row triggers (a row's insert into the partitioned facts, ~56 µs). Every other
-- writer keeps the row trigger, which costs a single callback less than a statement trigger's
-- queries would (bench/README.md, lottery and provider, 2026-11-30). Exactly one of the two reacts
-- to any change: the row trigger's WHEN and the statement triggers' guard read the same setting.
-- Statement triggers with transition tables cannot name columns, so they fire on any update; a
-- row whose bet, win and status did not change made no fact before either.

create function provider_round_results_changed() returns trigger language plpgsql
-- The old and new rows pair up by key: a hash join, whatever the statement's caller turned off.
set enable_hashjoin = on
as $$
declare
  v_row record;
begin
  if current_setting('provider.round_hooks', true) is distinct from 'per_statement' then
    return null;
  end if;
  if tg_op = 'INSERT' then
    perform agents_record_round_changes(array_agg(n.vendor_code), array_agg(n.member_id), array_agg(n.round_id),
      array_agg(null::text), array_agg(0::bigint), array_agg(0::bigint), array_agg(n.status), array_agg(n.bet), array_agg(n.win))
    from new_rows n
    having count(*) > 0;
    for v_row in select n.vendor_code, n.member_id, n.round_id, n.game_type, n.status, n.bet from new_rows n where n.status = 'settled' loop
      perform bonus_record_round_change(v_row.vendor_code, v_row.member_id, v_row.round_id, v_row.game_type, v_row.status, v_row.bet);
    end loop;
    return null;
  end if;

  perform agents_record_round_changes(array_agg(n.vendor_code), array_agg(n.member_id), array_agg(n.round_id),
    array_agg(o.status), array_agg(o.bet), array_agg(o.win), array_agg(n.status), array_agg(n.bet), array_agg(n.win))
  from old_rows o join new_rows n on n.vendor_code = o.vendor_code and n.member_id = o.member_id and n.round_id = o.round_id
  where o.bet <> n.bet or o.win <> n.win or o.status <> n.status
  having count(*) > 0;
  -- Wagering counts the stake of settled rounds only: a round that settles, unsettles or changes
  -- its stake while settled.
  for v_row in
    select n.vendor_code, n.member_id, n.round_id, n.game_type, n.status, n.bet
    from old_rows o join new_rows n on n.vendor_code = o.vendor_code and n.member_id = o.member_id and n.round_id = o.round_id
    where (n.status = 'settled' or o.status = 'settled') and (o.status <> n.status or o.bet <> n.bet)
  loop
    perform bonus_record_round_change(v_row.vendor_code, v_row.member_id, v_row.round_id, v_row.game_type, v_row.status, v_row.bet);
  end loop;
  return null;
end;
$$;

drop trigger provider_round_result_changed on provider_round;
create trigger provider_round_result_changed after insert or update of bet, win, status on provider_round
  for each row when (current_setting('provider.round_hooks', true) is distinct from 'per_statement')
  execute function provider_round_result_changed();
create trigger provider_round_results_inserted after insert on provider_round
  referencing new table as new_rows
  for each statement execute function provider_round_results_changed();
create trigger provider_round_results_updated after update on provider_round
  referencing old table as old_rows new table as new_rows
  for each statement execute function provider_round_results_changed();
