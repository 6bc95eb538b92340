-- module: provider
-- provider_post_plain(taken, type, shard): the ledger step of provider_place_bets and
-- provider_pay_wins. The calls they took that move money (amount > 0; a 0.00 win posts nothing)
-- go to the wallet's set-based wallet_post_rounds, a member's k-th call in round k, so each
-- result carries the balance after its call, in the calls' order. Anything but a fresh
-- application of every op (the wallet refused or replayed one: something moved since the checks)
-- raises SQLSTATE PB001, which undoes the caller's whole statement. A re-appliable definition
-- (migrate applies it when this text changes); added by issue 23.
--
-- taken:  the calls, each with its "i" (position), "member", "amount" and "op" (one member cash
--         leg first, one house leg second: the callers checked).
-- answer: wallet_post_rounds' answer (results keyed by "index" = the call's i), or no results.
create or replace function provider_post_plain(p_taken jsonb, p_type text, p_shard integer) returns jsonb
language plpgsql
as $$
declare
  v_rounds jsonb;
  v_count integer;
  v_wallet jsonb;
begin
  select jsonb_agg(ops order by k), coalesce(sum(jsonb_array_length(ops)), 0) into v_rounds, v_count from (
    select k, jsonb_agg(jsonb_build_object(
             'index', t.i, 'key', t.op->>'key', 'type', p_type, 'hash', t.op->>'hash',
             'reference', t.op->>'reference', 'product', t.op->>'product', 'vendor', t.op->>'vendor',
             'member', t.member, 'pocket', 'cash', 'currency', t.op->'legs'->0->>'currency', 'amount', t.op->'legs'->0->>'amount',
             'house', t.op->'legs'->1->>'house', 'house_currency', t.op->'legs'->1->>'currency') order by t.i) as ops
    from (
      select (c->>'i')::bigint as i, (c->>'member')::bigint as member, c->'op' as op,
             row_number() over (partition by c->>'member' order by (c->>'i')::bigint) as k
      from jsonb_array_elements(p_taken) as e(c)
      where (c->>'amount')::bigint > 0
    ) t
    group by k
  ) r;
  if v_count = 0 then
    return jsonb_build_object('results', '[]'::jsonb, 'balances', '[]'::jsonb);
  end if;
  v_wallet := wallet_post_rounds(v_rounds, '[]'::jsonb, p_shard);
  if (select count(*) from jsonb_array_elements(v_wallet->'results') as w(r)
      where r->>'status' = 'applied' and not (r->>'replayed')::boolean) <> v_count then
    raise exception 'provider: the wallet did not take every % as checked', p_type using errcode = 'PB001';
  end if;
  return v_wallet;
end;
$$;
