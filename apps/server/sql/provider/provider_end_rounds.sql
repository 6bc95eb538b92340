-- module: provider
-- provider_end_rounds(vendor, calls): the protocol's endRound for many rounds of one vendor in one
-- statement (the HTTP action sends one; our own products' settlements send thousands: a lottery
-- draw's or a sportsbook event's losing tickets). endRound tells us a round is over with nothing
-- more to pay: no money moves and nothing is posted, so there is no transaction to store and no
-- answer to replay. It is idempotent by the round itself: an open round becomes 'settled' (closed
-- now), a settled or rolled-back round stays as it is, and every call answers the round's status.
-- The round's statement triggers (migration 0103) see the change: the agents' bet facts, the bonus
-- wagering. A later win on the round is still accepted (a corrected result pays on a closed round,
-- as a win with roundClosed always could).
-- A re-appliable definition (migrate applies it when this text changes); added by issue 24.
--
-- Only a round in which the player staked with this vendor can be ended (as a win must name one):
-- any other call answers round_status null and touches nothing; the caller refuses it.
--
-- calls:  [{"member", "round"}], in the caller's order.
-- answer: one row per call, in order: i (1-based) and the round's status after the call
--         ('settled' or 'rolled_back'; 'open' only if another call reopened it meanwhile: a
--         rollback of its win), or null for no such round with a stake.
create or replace function provider_end_rounds(p_vendor text, p_calls jsonb)
returns table (i bigint, round_status text)
language sql
-- Key lookups only (one member's round each): never a scan of the big table.
set enable_seqscan = off
-- Their rounds' facts are written per statement, set-based (migration 0103), not row by row.
set provider.round_hooks = 'per_statement'
as $$
  with input as (
    select x.i, (x.call->>'member')::bigint as member, x.call->>'round' as round
    from jsonb_array_elements(p_calls) with ordinality as x (call, i)
  ), ended as (
    -- Locks each open round (a concurrent win or endRound waits, then finds it closed).
    update provider_round r set status = 'settled', closed_at = coalesce(r.closed_at, now())
    from (select distinct member, round from input) c
    where r.vendor_code = p_vendor and r.member_id = c.member and r.round_id = c.round and r.status = 'open' and r.bet > 0
    returning r.member_id, r.round_id, r.status
  )
  select x.i, coalesce(e.status, (
    -- Not ended by this statement: already closed or rolled back, or no round with a stake. Read
    -- locked, so a change committed meanwhile by another statement is the one answered.
    select r.status from provider_round r
    where r.vendor_code = p_vendor and r.member_id = x.member and r.round_id = x.round and r.bet > 0
    for share))
  from input x
  left join ended e on e.member_id = x.member and e.round_id = x.round
  order by x.i
$$;
