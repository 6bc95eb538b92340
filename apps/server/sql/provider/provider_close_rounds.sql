-- module: provider
-- provider_close_rounds(calls): many `0.00` wins that close their rounds (roundClosed true) in one
-- set-based statement, for our own products closing many lost rounds at once (a settled sportsbook
-- event: two thirds of a 1X2 market's tickets). Each closed call leaves exactly what
-- provider_money_callback leaves for such a win — no ledger post (a 0.00 win posts nothing), the
-- round's winnings + 0 and its status 'settled' (a rolled-back round stays rolled back), closed_at
-- kept or now(), through the same UPDATE of win and status, so the round's trigger
-- (provider_round_results_changed: the agents' bet facts, the bonus wagering) sees the same change;
-- and the stored answer {balance: cash + playable bonus, transactionId, amount: '0'} a replay answers.
-- A re-appliable definition (migrate applies it when this text changes); added by issue 23.
--
-- It closes only the plain case: the first call of its transaction id in the list, no answer stored
-- under that id yet (a replay, a tombstone left by a rollback before the win, a concurrent copy),
-- a known member, and that member's round at that vendor with a stake. Every other call is answered
-- 'handled: false' and untouched: the caller sends it through provider_money_callback, which gives
-- it its own answer (the stored one, TRANSACTION_CONFLICT, PLAYER_NOT_FOUND, INVALID_REQUEST...).
--
-- calls:  [{"vendor", "transaction_id", "member", "round", "hash": sha256 hex of the request's
--          content, as the win callback computes it}]
-- answer: one row per call, in order: i (1-based), handled, and for a handled call the answer
--          {"balance", "transactionId", "operatorTransactionId"}.
create or replace function provider_close_rounds(p_calls jsonb)
returns table (i bigint, handled boolean, answer jsonb)
language sql
-- Key lookups only (one transaction id, one member, one round each): never a scan of the big tables.
set enable_seqscan = off
-- Their rounds' facts are written per statement, set-based (migration 0103), not row by row.
set provider.round_hooks = 'per_statement'
as $$
  with input as (
    select x.i, x.call->>'vendor' as vendor, x.call->>'transaction_id' as tx, (x.call->>'member')::bigint as member,
           x.call->>'round' as round, decode(x.call->>'hash', 'hex') as hash
    from jsonb_array_elements(p_calls) with ordinality as x (call, i)
  ), firsts as (
    select distinct on (vendor, tx) * from input order by vendor, tx, i
  ), eligible as (
    -- One index probe each, lateral with a limit: the planner can neither hash a big table for a
    -- guess of 100 calls nor join the batch's own rows to each other row by row.
    select f.* from firsts f
    left join lateral (select true as found from provider_transaction t where t.vendor_code = f.vendor and t.action = 'win' and t.transaction_id = f.tx limit 1) stored on true
    join lateral (select 1 from accounts_v_member m where m.id = f.member limit 1) known on true
    join lateral (select 1 from provider_round r where r.vendor_code = f.vendor and r.member_id = f.member and r.round_id = f.round and r.bet > 0 limit 1) staked on true
    where stored.found is null
  ), stored as (
    -- The balance is what the vendor is told the player can stake, as the callback computes it:
    -- cash and the active grants' bonus (per call: a member's closes share one snapshot).
    insert into provider_transaction (vendor_code, action, transaction_id, member_id, round_id, content_hash, response)
    select e.vendor, 'win', e.tx, e.member, e.round, e.hash,
           jsonb_build_object('balance', provider_cents_text(
             coalesce((select b.balance from wallet_v_member_balance b where b.member_id = e.member and b.pocket = 'cash'), 0) + bonus_playable(e.member)),
             'transactionId', e.tx, 'amount', '0')
    from eligible e
    order by e.i
    -- A copy stored meanwhile keeps its own answer: this call is left to the callback (a replay).
    on conflict (vendor_code, action, transaction_id) do nothing
    returning id, vendor_code, transaction_id, member_id, round_id, response
  ), closed as (
    update provider_round r set
      win = r.win + 0,
      status = case when r.status = 'rolled_back' then r.status else 'settled' end,
      closed_at = coalesce(r.closed_at, now())
    from stored s
    where r.vendor_code = s.vendor_code and r.member_id = s.member_id and r.round_id = s.round_id
    returning r.round_id
  )
  select x.i, s.id is not null, case when s.id is not null then (s.response - 'amount') || jsonb_build_object('operatorTransactionId', s.id::text) end
  from input x
  left join firsts f on f.i = x.i
  left join stored s on s.vendor_code = f.vendor and s.transaction_id = f.tx
  order by x.i
$$;
