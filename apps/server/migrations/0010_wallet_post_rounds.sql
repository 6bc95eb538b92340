-- wallet_post_rounds(rounds, general, shard): the fast path for the hot operations (a bet or a win:
-- one member leg and one house leg), set-based instead of op by op.
--
-- rounds:  [[op, ...], ...]; within a round no member and no key appears twice (the wallet service
--          splits a batch that way), so each round is a handful of set-based statements however
--          many ops it carries. A simple op is a wire op (see 0009) plus flat fields
--          {"i": index, "m", "pk", "c", "a": member leg, "hc", "hcur": house leg}.
-- general: ops for wallet_post_batch (rollbacks, multi-member journals), each with its "i".
-- answer:  {"results": [{..., "i"}], "balances": [...]} as wallet_post_batch, results keyed by "i".
--
-- Keys already stored (replays, conflicts, tombstones), including keys a concurrent transaction
-- committed while we waited on them, are handed to wallet_post_batch, which answers them with
-- the stored result.
create function wallet_post_rounds(p_rounds jsonb, p_general jsonb, p_shard integer) returns jsonb
language plpgsql as $$
declare
  v_round jsonb;
  v_row record;
  v_general jsonb[] := '{}';
  v_results jsonb[] := '{}';
  v_members bigint[] := '{}';
  v_answer jsonb;
  v_result jsonb;
  v_ids bigint[];
  v_keys text[];
  v_refused bigint[];
  v_refused_codes text[];
  i integer;
begin
  for v_round in select value from jsonb_array_elements(p_rounds) loop
    -- Credits may open a member's pocket (only for members that exist: an unknown one is
    -- refused below); house shards are made on first use.
    insert into wallet_account (member_id, pocket, currency)
    select (op->>'m')::bigint, op->>'pk', op->>'c' from jsonb_array_elements(v_round) as e(op)
    where (op->>'a')::bigint > 0 and exists (select 1 from accounts_member m where m.id = (op->>'m')::bigint)
    on conflict (member_id, pocket) where member_id is not null do nothing;
    insert into wallet_account (house_code, currency, shard, pocket)
    select distinct op->>'hc', op->>'hcur', p_shard, 'house' from jsonb_array_elements(v_round) as e(op)
    on conflict (house_code, currency, shard) where house_code is not null do nothing;

    -- The keys first, as wallet_post_batch does: one lock order (key, then member) everywhere, and
    -- a key a concurrent transaction is inserting makes us wait for it, then skip it.
    with inserted as (
      insert into wallet_journal (idempotency_key, type, status, content_hash, reference, product, vendor)
      select x.k, x.t, 'applied', decode(x.h, 'hex'), x.r, x.p, x.v
      from rows from (jsonb_to_recordset(v_round) as (k text, t text, h text, r text, p text, v text)) with ordinality as x(k, t, h, r, p, v, ord)
      order by x.ord
      on conflict do nothing
      returning id, idempotency_key
    )
    select coalesce(array_agg(id), '{}'), coalesce(array_agg(idempotency_key), '{}') into v_ids, v_keys from inserted;

    v_refused := '{}';
    v_refused_codes := '{}';
    for v_row in
      with input as (
        select x.i, x.k, x.m, x.pk, x.a, x.hc, x.hcur, x.ord
        from rows from (jsonb_to_recordset(v_round) as (i integer, k text, m bigint, pk text, a bigint, hc text, hcur text)) with ordinality as x(i, k, m, pk, a, hc, hcur, ord)
      ), fresh as (
        select input.*, u.id as journal_id from input join unnest(v_ids, v_keys) as u(id, k) on u.k = input.k
      ), moved as (
        update wallet_account w set balance = w.balance + f.a
        from fresh f
        where w.member_id = f.m and w.pocket = f.pk and w.balance + f.a >= 0
        returning w.id as account_id, w.balance, f.ord
      ), applied as (
        select f.ord, f.m, f.a, f.hc, f.hcur, f.journal_id, mv.account_id, mv.balance
        from fresh f join moved mv on mv.ord = f.ord
      ), member_entries as (
        insert into wallet_entry (journal_id, account_id, amount, balance_after)
        select journal_id, account_id, a, balance from applied
      ), house_totals as (
        select hc, hcur, sum(-a)::bigint as total from applied group by hc, hcur
      ), house_moved as (
        update wallet_account w set balance = w.balance + t.total
        from house_totals t
        where w.house_code = t.hc and w.currency = t.hcur and w.shard = p_shard
        returning w.id, w.house_code, w.currency, w.balance, t.total
      ), house_entries as (
        insert into wallet_entry (journal_id, account_id, amount, balance_after)
        select a.journal_id, h.id, -a.a, h.balance - h.total + sum(-a.a) over (partition by a.hc, a.hcur order by a.ord)
        from applied a join house_moved h on h.house_code = a.hc and h.currency = a.hcur
      )
      select v_round->(i.ord::integer - 1) as op, i.i, i.m, i.pk, i.a, f.journal_id, mv.balance, (f.ord is null) as stored_before, (mv.ord is not null) as moved
      from input i
      left join fresh f on f.ord = i.ord
      left join moved mv on mv.ord = i.ord
    loop
      if v_row.stored_before then
        -- Replays, conflicts and tombstones: wallet_post_batch answers with what is stored.
        v_general := v_general || v_row.op;
      elsif not v_row.moved then
        v_refused := v_refused || v_row.journal_id;
        v_refused_codes := v_refused_codes || case when v_row.a > 0 then 'wallet.account_unknown' else 'wallet.insufficient_funds' end;
        v_results := v_results || jsonb_build_object('i', v_row.i, 's', 'rejected', 'rp', false, 'j', v_row.journal_id::text,
          'code', case when v_row.a > 0 then 'wallet.account_unknown' else 'wallet.insufficient_funds' end);
      else
        v_members := v_members || v_row.m;
        v_results := v_results || jsonb_build_object('i', v_row.i, 's', 'applied', 'rp', false, 'j', v_row.journal_id::text,
          'b', jsonb_build_array(jsonb_build_object('m', v_row.m::text, 'pk', v_row.pk, 'bal', v_row.balance::text)));
      end if;
    end loop;
    if coalesce(array_length(v_refused, 1), 0) > 0 then
      -- Refusals are stored too, so a retry gets the same answer.
      update wallet_journal j set status = 'rejected', reject_code = u.code
      from unnest(v_refused, v_refused_codes) as u(id, code) where j.id = u.id;
    end if;
  end loop;

  for v_result in select value from jsonb_array_elements(coalesce(p_general, '[]'::jsonb)) loop
    v_general := v_general || v_result;
  end loop;
  if coalesce(array_length(v_general, 1), 0) > 0 then
    v_answer := wallet_post_batch(to_jsonb(v_general), p_shard);
    i := 0;
    for v_result in select value from jsonb_array_elements(v_answer->'results') loop
      i := i + 1;
      v_results := v_results || (v_result || jsonb_build_object('i', (v_general[i]->>'i')::integer));
    end loop;
    for v_result in select value from jsonb_array_elements(v_answer->'balances') loop
      v_members := v_members || (v_result->>'m')::bigint;
    end loop;
  end if;

  return jsonb_build_object('results', to_jsonb(v_results), 'balances', (
    select coalesce(jsonb_agg(jsonb_build_object('m', member_id::text, 'pk', pocket, 'bal', balance::text)), '[]'::jsonb)
    from wallet_account where member_id = any(v_members) and pocket in ('cash', 'bonus')));
end;
$$;
