-- module: provider
-- provider_place_bets(calls, shard): many plain bets of one vendor set-based, for our own products'
-- placement batches (sportsbook, lottery, live tables: the provider's betBatch). Each bet it takes
-- leaves exactly what provider_money_callback leaves for it — the wallet's journal, entries and
-- balances (through the wallet's set-based wallet_post_rounds instead of one wallet_post_batch per
-- bet), the round's stake added with the same upsert (one row per round: a round's bets of the
-- batch are summed, which the round's trigger sees as one change of an open round, which it
-- ignores), and the stored answer {balance, transactionId, amount} a replay answers. Where the
-- callback runs ~15 statements per bet, this runs a handful per batch (bench/README.md, bet-batch).
-- A re-appliable definition (migrate applies it when this text changes); added by issue 25.
--
-- It takes a member's bets only when every one of them in the batch is plain: a bet of the batch's
-- vendor whose op is the provider's bet journal (the member's cash leg −amount, one house leg
-- +amount); a transaction id that appears once in the batch and has no stored answer (no replay,
-- no concurrent copy); a round that is new or open; an active, non-trial member with an open,
-- real-money session at the vendor, no bonus money in play (so no bonus share to split off, and the
-- answer's playable balance is the cash), and cash for all the member's bets of the batch. Every
-- other member's bets are not answered here: the caller sends them through
-- provider_money_callback, which gives each its own answer (a replay, a refusal, a bonus split).
-- If anything moves between the checks and the writes (the wallet refuses or replays a bet, a
-- round settles meanwhile), the function raises SQLSTATE PB001 and the statement changes nothing:
-- the caller then sends the whole batch the ordinary way.
--
-- calls:  [provider_money_callback's calls, action 'bet', each with its "op"], in the caller's order
--         (a member's bets apply in that order, as the callback would apply them).
-- answer: one row per bet taken: i (1-based position in calls) and the answer {"balance",
--         "transactionId", "operatorTransactionId", "balances"} provider_money_callback gives.
create or replace function provider_place_bets(p_calls jsonb, p_shard integer)
returns table (i bigint, answer jsonb)
language plpgsql
-- Key lookups only (one transaction id, member, session and round each), never a scan of the big
-- tables: a generic plan guesses 100 bets and would rather hash every row of the vendor's.
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
  v_wallet jsonb;
  v_answers jsonb;
begin
  with input as (
    select x.i, x.call, (x.call->>'member')::bigint as member, (x.call->>'amount')::bigint as amount, x.call->'op' as op
    from jsonb_array_elements(p_calls) with ordinality as x (call, i)
  ), checked as (
    select input.*,
      coalesce(
        input.call->>'action' = 'bet' and input.call->>'vendor' = v_vendor and input.amount > 0
        and jsonb_typeof(input.op) = 'object' and input.op->>'type' = 'bet' and jsonb_array_length(input.op->'legs') = 2
        and input.op->'legs'->0->>'member' = input.member::text and input.op->'legs'->0->>'pocket' = 'cash'
        and (input.op->'legs'->0->>'amount')::bigint = -input.amount
        and input.op->'legs'->1 ? 'house' and (input.op->'legs'->1->>'amount')::bigint = input.amount
        and count(*) over (partition by input.call->>'transaction_id') = 1
        and stored.found is null and closed.found is null,
        false) as plain
    from input
    -- One index probe per bet: lateral with a limit, so the planner can neither hash every row of
    -- the vendor's (a NOT EXISTS here, for a generic plan's guess of 100 bets) nor pull the lookup
    -- up into a join that filters them all (a young table's statistics).
    left join lateral (
      select true as found from provider_transaction t
      where t.vendor_code = v_vendor and t.action = 'bet' and t.transaction_id = input.call->>'transaction_id'
      limit 1
    ) stored on true
    left join lateral (
      select true as found from provider_round r
      where r.vendor_code = v_vendor and r.member_id = input.member and r.round_id = input.call->>'round' and r.status <> 'open'
      limit 1
    ) closed on true
  ), members as (
    select c.member
    from (select member, bool_and(plain) as plain, sum(amount) as stake from checked group by member) c
    join accounts_v_member m on m.id = c.member
    join provider_player_session s on s.vendor_code = v_vendor and s.member_id = c.member
    where c.plain and m.status = 'active' and not m.is_trial and not s.demo and s.expires_at > now()
      and bonus_playable(c.member) = 0
      and coalesce((select b.balance from wallet_v_member_balance b where b.member_id = c.member and b.pocket = 'cash'), 0) >= c.stake
  )
  select jsonb_agg(checked.call || jsonb_build_object('i', checked.i) order by checked.i), count(*)
  into v_taken, v_count
  from checked join members using (member);
  if v_count = 0 then
    return;
  end if;

  -- The ledger: the wallet's set-based rounds, each answer with the balance after its call.
  v_wallet := provider_post_plain(v_taken, 'bet', p_shard);

  -- The rounds' stakes, one upsert per round; a round settled meanwhile is left to the callback.
  with per_round as (
    select (c->>'member')::bigint as member, c->>'round' as round,
           (array_agg(c->>'game' order by (c->>'i')::bigint))[1] as game,
           (array_agg(c->>'game_type' order by (c->>'i')::bigint))[1] as game_type,
           sum((c->>'amount')::bigint) as bet
    from jsonb_array_elements(v_taken) as e(c)
    group by 1, 2
  ), upserted as (
    insert into provider_round (vendor_code, member_id, round_id, game_code, game_type, bet, status)
    select v_vendor, member, round, game, game_type, bet, 'open' from per_round order by member, round
    on conflict (vendor_code, member_id, round_id) do update set bet = provider_round.bet + excluded.bet
    where provider_round.status = 'open'
    returning 1
  )
  select (select count(*) from upserted) - (select count(*) from per_round) into v_count;
  if v_count <> 0 then
    raise exception 'provider_place_bets: a round closed meanwhile' using errcode = 'PB001';
  end if;

  -- The stored answers: the cash after each bet is what the player can stake (no bonus in play).
  with taken as (
    select (c->>'i')::bigint as i, c->>'transaction_id' as tx, (c->>'member')::bigint as member, c->>'round' as round,
           decode(c->>'hash', 'hex') as hash, c->>'amount' as amount
    from jsonb_array_elements(v_taken) as e(c)
  ), after as (
    select (r->>'index')::bigint as i, (r->'balances'->0->>'balance')::bigint as cash
    from jsonb_array_elements(v_wallet->'results') as w(r)
  ), stored as (
    insert into provider_transaction (vendor_code, action, transaction_id, member_id, round_id, content_hash, response)
    select v_vendor, 'bet', t.tx, t.member, t.round, t.hash,
           jsonb_build_object('balance', provider_cents_text(a.cash), 'transactionId', t.tx, 'amount', t.amount)
    from taken t join after a on a.i = t.i
    order by t.i
    on conflict (vendor_code, action, transaction_id) do nothing
    returning id, transaction_id, response
  )
  select jsonb_agg(jsonb_build_object('i', t.i, 'answer', (s.response - 'amount') || jsonb_build_object(
           'operatorTransactionId', s.id::text,
           'balances', jsonb_build_array(jsonb_build_object('member', t.member::text, 'pocket', 'cash', 'balance', a.cash::text)))))
  into v_answers
  from stored s join taken t on t.tx = s.transaction_id join after a on a.i = t.i;
  if coalesce(jsonb_array_length(v_answers), 0) <> jsonb_array_length(v_taken) then
    raise exception 'provider_place_bets: an answer was stored meanwhile' using errcode = 'PB001';
  end if;
  return query select (a->>'i')::bigint, a->'answer' from jsonb_array_elements(v_answers) as x(a) order by 1;
end;
$$;
