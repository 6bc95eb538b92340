-- module: wallet
-- wallet_post_rounds(rounds, general, shard): the fast path for the hot operations (a bet or a win:
-- one member leg and one house leg), set-based instead of op by op. A re-appliable definition
-- (migrate applies it when this text changes); first created by migration 0010 with one-letter
-- keys, named since issue 19.
--
-- rounds:  [[op, ...], ...]; within a round no member and no key appears twice (the wallet service
--          splits a batch that way), so each round is a handful of set-based statements however
--          many ops it carries. A simple op is a wallet_post_batch op's "key", "type", "hash",
--          "reference", "product", "vendor" plus flat fields {"index", "member", "pocket",
--          "currency", "amount": the member leg; "house", "house_currency": the house leg}.
-- general: ops for wallet_post_batch (rollbacks, multi-member journals), each with its "index".
-- answer:  {"results": [{..., "index"}], "balances": [...]} as wallet_post_batch, results keyed by "index".
--
-- Keys already stored (replays, conflicts, tombstones), including keys a concurrent transaction
-- committed while we waited on them, are handed to wallet_post_batch, which answers them with
-- the stored result. The record columns below are renamed to short aliases (x(k, t, …)) so the
-- set-based statements read as before.
create or replace function wallet_post_rounds(p_rounds jsonb, p_general jsonb, p_shard integer) returns jsonb
language plpgsql
-- Its statements join a round's ops to each other by hash, whatever a caller set: the provider's
-- set-based paths turn hash joins off for their own lookups, and a round of 500 ops joined row by
-- row cost a second (bench/README.md, lottery, 2026-11-30).
set enable_hashjoin = on
set enable_mergejoin = on
as $$
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
    select (op->>'member')::bigint, op->>'pocket', op->>'currency' from jsonb_array_elements(v_round) as e(op)
    where (op->>'amount')::bigint > 0 and exists (select 1 from accounts_v_member m where m.id = (op->>'member')::bigint)
    on conflict (member_id, pocket) where member_id is not null do nothing;
    insert into wallet_account (house_code, currency, shard, pocket)
    select distinct op->>'house', op->>'house_currency', p_shard, 'house' from jsonb_array_elements(v_round) as e(op)
    on conflict (house_code, currency, shard) where house_code is not null do nothing;

    -- The keys first, as wallet_post_batch does: one lock order (key, then member) everywhere, and
    -- a key a concurrent transaction is inserting makes us wait for it, then skip it.
    with inserted as (
      insert into wallet_journal (idempotency_key, type, status, content_hash, reference, product, vendor)
      select x.k, x.t, 'applied', decode(x.h, 'hex'), x.r, x.p, x.v
      from rows from (jsonb_to_recordset(v_round) as (key text, type text, hash text, reference text, product text, vendor text)) with ordinality as x(k, t, h, r, p, v, ord)
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
        from rows from (jsonb_to_recordset(v_round) as (index integer, key text, member bigint, pocket text, amount bigint, house text, house_currency text)) with ordinality as x(i, k, m, pk, a, hc, hcur, ord)
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
        v_results := v_results || jsonb_build_object('index', v_row.i, 'status', 'rejected', 'replayed', false, 'journal_id', v_row.journal_id::text,
          'code', case when v_row.a > 0 then 'wallet.account_unknown' else 'wallet.insufficient_funds' end);
      else
        v_members := v_members || v_row.m;
        v_results := v_results || jsonb_build_object('index', v_row.i, 'status', 'applied', 'replayed', false, 'journal_id', v_row.journal_id::text,
          'balances', jsonb_build_array(jsonb_build_object('member', v_row.m::text, 'pocket', v_row.pk, 'balance', v_row.balance::text)));
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
      v_results := v_results || (v_result || jsonb_build_object('index', (v_general[i]->>'index')::integer));
    end loop;
    for v_result in select value from jsonb_array_elements(v_answer->'balances') loop
      v_members := v_members || (v_result->>'member')::bigint;
    end loop;
  end if;

  return jsonb_build_object('results', to_jsonb(v_results), 'balances', (
    select coalesce(jsonb_agg(jsonb_build_object('member', member_id::text, 'pocket', pocket, 'balance', balance::text)), '[]'::jsonb)
    from wallet_account where member_id = any(v_members) and pocket in ('cash', 'bonus')));
end;
$$;
