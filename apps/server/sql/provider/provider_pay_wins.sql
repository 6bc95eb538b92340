-- module: provider
-- provider_pay_wins(calls, shard): many plain wins of one vendor set-based, for our own products
-- paying settled rounds at once (a sportsbook event's winning tickets, a lottery draw's, a live
-- table's round: the provider's moneyBatch). Each win it takes leaves exactly what
-- provider_money_callback leaves for it: the wallet's journal, entries and balances (through the
-- wallet's set-based wallet_post_rounds), the round's winnings and status by the callback's own
-- UPDATE expression (one row per round, so the round's trigger sees the same change), and the
-- stored answer {balance, transactionId, amount} a replay answers. A re-appliable definition
-- (migrate applies it when this text changes); added by issue 23.
--
-- It takes a member's wins only when every one of them in the batch is plain: a win of the
-- batch's vendor, of 0.00 (no op: nothing to post) or more with the provider's win journal as its
-- op (the member's cash leg +amount, one house leg −amount); a transaction id that appears once in the batch and has no
-- stored answer; a known member; a round of theirs at the vendor with a stake, not paid by another
-- win of the batch, and staked with no bonus money (bonus_win_share gives nothing back as bonus).
-- Every other member's wins are not answered here: the caller sends them through
-- provider_money_callback (replays, tombstones, jackpots, bonus shares, refusals). If anything
-- moves between the checks and the writes, the function raises SQLSTATE PB001 and the statement
-- changes nothing: the caller then sends the whole batch the ordinary way.
--
-- calls:  [provider_money_callback's calls, action 'win', each with its "op"], in the caller's order.
-- answer: one row per win taken: i (1-based position in calls) and the answer {"balance",
--         "transactionId", "operatorTransactionId", "balances"} provider_money_callback gives.
create or replace function provider_pay_wins(p_calls jsonb, p_shard integer)
returns table (i bigint, answer jsonb)
language plpgsql
-- Key lookups only (one transaction id, member and round each): a generic plan guesses 100 wins
-- and would rather hash every row of the vendor's.
set enable_seqscan = off
set enable_hashjoin = off
set enable_mergejoin = off
-- Their rounds' facts are written per statement, set-based (migration 0103), not row by row.
set provider.round_hooks = 'per_statement'
as $$
#variable_conflict use_column
declare
  v_vendor text := p_calls->0->>'vendor';
  v_taken jsonb;
  v_count integer;
  v_answers jsonb;
begin
  with input as (
    select x.i, x.call, (x.call->>'member')::bigint as member, (x.call->>'amount')::bigint as amount, x.call->'op' as op
    from jsonb_array_elements(p_calls) with ordinality as x (call, i)
  ), checked as (
    select input.*,
      coalesce(
        input.call->>'action' = 'win' and input.call->>'vendor' = v_vendor
        and (
          (input.amount = 0 and jsonb_typeof(coalesce(input.op, 'null'::jsonb)) = 'null')
          or (input.amount > 0 and jsonb_typeof(input.op) = 'object' and input.op->>'type' = 'win' and jsonb_array_length(input.op->'legs') = 2
              and input.op->'legs'->0->>'member' = input.member::text and input.op->'legs'->0->>'pocket' = 'cash'
              and (input.op->'legs'->0->>'amount')::bigint = input.amount
              and input.op->'legs'->1 ? 'house' and (input.op->'legs'->1->>'amount')::bigint = -input.amount))
        and count(*) over (partition by input.call->>'transaction_id') = 1
        and count(*) over (partition by input.member, input.call->>'round') = 1
        and stored.found is null and staked.bet is not null
        and (bonus_win_share(v_vendor, input.member, input.call->>'round', staked.bet, input.amount)->>'bonus')::bigint = 0,
        false) as plain
    from input
    -- One index probe per win (lateral with a limit: never a hash of the vendor's rows).
    left join lateral (
      select true as found from provider_transaction t
      where t.vendor_code = v_vendor and t.action = 'win' and t.transaction_id = input.call->>'transaction_id'
      limit 1
    ) stored on true
    left join lateral (
      select r.bet from provider_round r
      where r.vendor_code = v_vendor and r.member_id = input.member and r.round_id = input.call->>'round' and r.bet > 0
      limit 1
    ) staked on true
  ), per_member as (
    -- A member's wins are taken together or not at all (window, not a join of the batch to itself).
    select checked.*, bool_and(plain) over (partition by member) as member_plain from checked
  )
  select jsonb_agg(p.call || jsonb_build_object('i', p.i) order by p.i), count(*)
  into v_taken, v_count
  from per_member p
  join lateral (select 1 from accounts_v_member m where m.id = p.member limit 1) known on true
  where p.member_plain;
  if v_count = 0 then
    return;
  end if;

  -- The ledger: the credits through the wallet's set-based rounds (the answers read the cash after).
  perform provider_post_plain(v_taken, 'win', p_shard);

  -- The rounds' winnings and status, by the callback's expression (the rounds exist: checked).
  with paid as (
    select (c->>'member')::bigint as member, c->>'round' as round, (c->>'amount')::bigint as amount,
           coalesce((c->>'round_closed')::boolean, false) as closes
    from jsonb_array_elements(v_taken) as e(c)
    order by 1, 2
  ), updated as (
    update provider_round r set
      win = r.win + p.amount,
      status = case when r.status = 'rolled_back' or not p.closes then r.status else 'settled' end,
      closed_at = coalesce(r.closed_at, case when p.closes then now() end)
    from paid p
    where r.vendor_code = v_vendor and r.member_id = p.member and r.round_id = p.round
    returning 1
  )
  select (select count(*) from updated) - v_count into v_count;
  if v_count <> 0 then
    raise exception 'provider_pay_wins: a round was not there' using errcode = 'PB001';
  end if;

  -- The stored answers: the cash after each win (the member's cash now less their later credits
  -- of the batch: a 0.00 win sees the credits before it) and the playable bonus, as the callback
  -- answers one call after another.
  with taken as (
    select (c->>'i')::bigint as i, c->>'transaction_id' as tx, (c->>'member')::bigint as member, c->>'round' as round,
           decode(c->>'hash', 'hex') as hash, c->>'amount' as amount
    from jsonb_array_elements(v_taken) as e(c)
  ), after as (
    -- Per win (one probe each; a member's share one snapshot): the bonus and the cash after it.
    select t.*, p.cents,
           p.cash - coalesce(sum(t.amount::bigint) over (partition by t.member order by t.i desc rows between unbounded preceding and 1 preceding), 0)::bigint as cash
    from taken t
    cross join lateral (
      select bonus_playable(t.member) as cents,
             coalesce((select b.balance from wallet_v_member_balance b where b.member_id = t.member and b.pocket = 'cash'), 0) as cash
    ) p
  ), stored as (
    insert into provider_transaction (vendor_code, action, transaction_id, member_id, round_id, content_hash, response)
    select v_vendor, 'win', a.tx, a.member, a.round, a.hash,
           jsonb_build_object('balance', provider_cents_text(a.cash + a.cents), 'transactionId', a.tx, 'amount', a.amount)
    from after a
    order by a.i
    on conflict (vendor_code, action, transaction_id) do nothing
    returning id, transaction_id, response
  ), by_tx as (
    -- Each stored answer finds its win by key (nested loops only here: no join of the batch to itself).
    select jsonb_object_agg(tx, jsonb_build_array(i, member::text, cash::text)) as win from after
  )
  select jsonb_agg(jsonb_build_object('i', (x.win->s.transaction_id->>0)::bigint, 'answer', (s.response - 'amount') || jsonb_build_object(
           'operatorTransactionId', s.id::text,
           'balances', jsonb_build_array(jsonb_build_object('member', x.win->s.transaction_id->>1, 'pocket', 'cash', 'balance', x.win->s.transaction_id->>2)))))
  into v_answers
  from stored s cross join by_tx x;
  if coalesce(jsonb_array_length(v_answers), 0) <> jsonb_array_length(v_taken) then
    raise exception 'provider_pay_wins: an answer was stored meanwhile' using errcode = 'PB001';
  end if;
  return query select (a->>'i')::bigint, a->'answer' from jsonb_array_elements(v_answers) as x(a) order by 1;
end;
$$;
