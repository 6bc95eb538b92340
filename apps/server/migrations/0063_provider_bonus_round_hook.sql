-- module: provider
-- Issue 21, bonus money: the provider's trigger on its rounds (0047) also calls the bonus module's
-- published hook bonus_record_round_change (0062) in the same transaction, so wagering progress
-- commits with the round that made it, for every writer of rounds, the way the agents' bet facts
-- do. The round's game type (the catalogue's, kept on the round) picks the contribution.

create or replace function provider_round_result_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform agents_record_round_change(new.vendor_code, new.member_id, new.round_id, null, 0, 0, new.status, new.bet, new.win);
  else
    perform agents_record_round_change(new.vendor_code, new.member_id, new.round_id, old.status, old.bet, old.win, new.status, new.bet, new.win);
  end if;
  -- Wagering counts the stake of settled rounds only; an open round or an unchanged stake and
  -- status is skipped here, before the hook's own index probe.
  if new.status = 'settled' or (tg_op = 'UPDATE' and old.status = 'settled') then
    if tg_op = 'INSERT' or old.status is distinct from new.status or old.bet is distinct from new.bet then
      perform bonus_record_round_change(new.vendor_code, new.member_id, new.round_id, new.game_type, new.status, new.bet);
    end if;
  end if;
  return null;
end;
$$;
