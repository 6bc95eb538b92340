-- module: provider
-- The provider's statement-level round hook (0103) called the bonus module's wagering hook once per
-- round; it now hands the statement's rounds to bonus_record_round_changes (0105) in one call, which
-- runs the single hook only for members with an active grant (most have none), in the same order.
-- The agents' facts part is unchanged.
create or replace function provider_round_results_changed() returns trigger language plpgsql
-- The old and new rows pair up by key: a hash join, whatever the statement's caller turned off.
set enable_hashjoin = on
as $$
begin
  if current_setting('provider.round_hooks', true) is distinct from 'per_statement' then
    return null;
  end if;
  if tg_op = 'INSERT' then
    perform agents_record_round_changes(array_agg(n.vendor_code), array_agg(n.member_id), array_agg(n.round_id),
      array_agg(null::text), array_agg(0::bigint), array_agg(0::bigint), array_agg(n.status), array_agg(n.bet), array_agg(n.win))
    from new_rows n
    having count(*) > 0;
    perform bonus_record_round_changes(array_agg(n.vendor_code), array_agg(n.member_id), array_agg(n.round_id),
      array_agg(n.game_type), array_agg(n.status), array_agg(n.bet))
    from new_rows n
    where n.status = 'settled'
    having count(*) > 0;
    return null;
  end if;

  perform agents_record_round_changes(array_agg(n.vendor_code), array_agg(n.member_id), array_agg(n.round_id),
    array_agg(o.status), array_agg(o.bet), array_agg(o.win), array_agg(n.status), array_agg(n.bet), array_agg(n.win))
  from old_rows o join new_rows n on n.vendor_code = o.vendor_code and n.member_id = o.member_id and n.round_id = o.round_id
  where o.bet <> n.bet or o.win <> n.win or o.status <> n.status
  having count(*) > 0;
  -- Wagering counts the stake of settled rounds only: a round that settles, unsettles or changes
  -- its stake while settled.
  perform bonus_record_round_changes(array_agg(n.vendor_code), array_agg(n.member_id), array_agg(n.round_id),
    array_agg(n.game_type), array_agg(n.status), array_agg(n.bet))
  from old_rows o join new_rows n on n.vendor_code = o.vendor_code and n.member_id = o.member_id and n.round_id = o.round_id
  where (n.status = 'settled' or o.status = 'settled') and (o.status <> n.status or o.bet <> n.bet)
  having count(*) > 0;
  return null;
end;
$$;
