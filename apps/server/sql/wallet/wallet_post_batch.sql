-- module: wallet
-- wallet_post_batch(ops, shard): applies a batch of journals in the caller's transaction, one
-- round trip for the whole batch. The wallet service builds every op (validated, legs merged per
-- account, member legs in id order, house legs last, content hash computed; journal.ts) and reads
-- the answer. A re-appliable definition (migrate applies it when this text changes); first
-- created by migration 0009 with one-letter keys, named since issue 19.
--
-- op:     {"key", "type", "hash": sha256 hex, "reference", "product", "vendor",
--          "legs": [{"member": id, "pocket", "currency", "amount"} | {"house": code, "currency", "amount"}],
--          rollback only: "reverses": key of the journal it reverses, "reversed_type": that journal's type}
-- answer: {"results": [{"status": applied|rejected|cancelled|conflict, "replayed", "journal_id",
--          "code": error code, "balances": [{"member", "pocket", "balance"}], "original": rollback only}],
--          "balances": [{"member", "pocket", "balance"}]}
--
-- Per-op failures (insufficient funds, unknown member, conflicts) are answers, not exceptions, so
-- one bad op never fails the others in its batch. House legs are summed per batch and applied to
-- the caller's shard once, at the end: a batch never queues behind another on a house row.
-- Members are known through the accounts module's view (accounts_v_member), never its table.
--
-- No plan_cache_mode here: forced generic plans made the wallet's own group commit 2.6× slower
-- (its rollbacks and replays run the reversal and replay queries below, whose generic plans over
-- the monthly wallet_entry partitions are far worse); called from provider_money_callback it
-- inherits that function's generic plans, which a vendor's bets and wins want (bench/README.md).
--
-- Every statement here looks up a handful of rows by key. plpgsql caches generic plans, and a
-- skewed statistic (one journal with 100,000 legs, say) could make a generic plan scan a whole
-- table per op; so the function forbids the plans a key lookup never needs.
create or replace function wallet_post_batch(p_ops jsonb, p_shard integer) returns jsonb
language plpgsql
set enable_seqscan = off
set enable_hashjoin = off
set enable_mergejoin = off
as $$
declare
  v_op jsonb;
  v_leg jsonb;
  v_legs jsonb;
  v_row record;
  v_orig record;
  v_jid bigint;
  v_reverses bigint;
  v_origstate text;
  v_acc bigint;
  v_bal bigint;
  v_amt bigint;
  v_member bigint;
  v_failed text;
  v_done_acc bigint[];
  v_done_amt bigint[];
  v_bals jsonb;
  -- Arrays grown one element at a time: plpgsql appends those in place (jsonb || would copy).
  v_results jsonb[] := '{}';
  v_members bigint[] := '{}';
  h_j bigint[] := '{}';
  h_code text[] := '{}';
  h_cur text[] := '{}';
  h_amt bigint[] := '{}';
  i integer;
begin
  for v_op in select value from jsonb_array_elements(p_ops) loop
    v_jid := null;
    v_reverses := null;
    v_origstate := null;
    v_legs := coalesce(v_op->'legs', '[]'::jsonb);

    select id, status, reject_code, content_hash into v_row from wallet_journal where idempotency_key = v_op->>'key';
    if not found then
      if v_op->>'type' = 'rollback' then
        select id, status into v_orig from wallet_journal where idempotency_key = v_op->>'reverses';
        if not found then
          -- Rollback before its bet: a tombstone under the bet's key makes the late bet fail.
          insert into wallet_journal (idempotency_key, type, status) values (v_op->>'reverses', v_op->>'reversed_type', 'cancelled')
          on conflict do nothing;
          if found then
            v_origstate := 'missing';
          else
            select id, status into v_orig from wallet_journal where idempotency_key = v_op->>'reverses';
          end if;
        end if;
        if v_origstate is null then
          if v_orig.status <> 'applied' then
            v_origstate := v_orig.status;
          elsif exists (select 1 from wallet_journal where reverses_id = v_orig.id) then
            v_origstate := 'reversed';
          else
            v_origstate := 'applied';
            v_reverses := v_orig.id;
            -- The reversal: every leg of the original negated; house legs by code, whichever shard took them.
            select coalesce(jsonb_agg(leg order by sort_house, sort_member, sort_pocket), '[]'::jsonb) into v_legs from (
              select case when member_id is null
                       then jsonb_build_object('house', house_code, 'currency', currency, 'amount', (-amount)::text)
                       else jsonb_build_object('member', member_id::text, 'pocket', pocket, 'currency', currency, 'amount', (-amount)::text) end as leg,
                     member_id is null as sort_house, member_id as sort_member, pocket as sort_pocket
              from (
                select a.member_id, a.pocket, a.house_code, a.currency, sum(e.amount) as amount
                from (
                  select e.account_id, e.amount from wallet_entry e where e.journal_id = v_orig.id
                ) e join wallet_account a on a.id = e.account_id
                group by a.member_id, a.pocket, a.house_code, a.currency
                union all
                select null, null, u.code, u.cur, sum(u.amt)
                from unnest(h_j, h_code, h_cur, h_amt) as u(j, code, cur, amt)
                where u.j = v_orig.id
                group by u.code, u.cur
              ) legs
              where amount <> 0
            ) ordered;
          end if;
        end if;
        if v_origstate <> 'applied' then
          v_legs := '[]'::jsonb;
        end if;
      end if;

      insert into wallet_journal (idempotency_key, type, status, content_hash, reverses_id, reference, product, vendor)
      values (v_op->>'key', v_op->>'type', 'applied', decode(v_op->>'hash', 'hex'), v_reverses, v_op->>'reference', v_op->>'product', v_op->>'vendor')
      on conflict do nothing
      returning id into v_jid;
      if v_jid is null then
        select id, status, reject_code, content_hash into v_row from wallet_journal where idempotency_key = v_op->>'key';
        if not found then
          -- Another rollback reversed the same journal meanwhile: this one changes nothing.
          v_origstate := 'reversed';
          v_legs := '[]'::jsonb;
          insert into wallet_journal (idempotency_key, type, status, content_hash, reference, product, vendor)
          values (v_op->>'key', v_op->>'type', 'applied', decode(v_op->>'hash', 'hex'), v_op->>'reference', v_op->>'product', v_op->>'vendor')
          on conflict do nothing
          returning id into v_jid;
          if v_jid is null then
            -- ...and a copy of this very rollback was stored meanwhile: answer with it.
            select id, status, reject_code, content_hash into v_row from wallet_journal where idempotency_key = v_op->>'key';
          end if;
        end if;
      end if;
    end if;

    if v_jid is null then
      -- A replay: the stored answer, never a second application.
      if v_row.status = 'cancelled' then
        v_results := v_results || jsonb_build_object('status', 'cancelled', 'replayed', true, 'journal_id', v_row.id::text, 'code', 'wallet.transaction_cancelled');
      elsif v_row.content_hash is distinct from decode(v_op->>'hash', 'hex') then
        v_results := v_results || jsonb_build_object('status', 'conflict', 'replayed', true, 'journal_id', v_row.id::text, 'code', 'wallet.idempotency_conflict');
      elsif v_row.status = 'rejected' then
        v_results := v_results || jsonb_build_object('status', 'rejected', 'replayed', true, 'journal_id', v_row.id::text, 'code', v_row.reject_code);
      else
        v_results := v_results || jsonb_build_object('status', 'applied', 'replayed', true, 'journal_id', v_row.id::text, 'balances', (
          select coalesce(jsonb_agg(jsonb_build_object('member', a.member_id::text, 'pocket', a.pocket, 'balance', e.balance_after::text)), '[]'::jsonb)
          from wallet_entry e join wallet_account a on a.id = e.account_id
          where e.journal_id = v_row.id and a.member_id is not null));
      end if;
      continue;
    end if;

    v_failed := null;
    v_done_acc := '{}';
    v_done_amt := '{}';
    v_bals := '[]'::jsonb;
    for v_leg in select value from jsonb_array_elements(v_legs) loop
      v_amt := (v_leg->>'amount')::bigint;
      if v_leg ? 'member' then
        v_member := (v_leg->>'member')::bigint;
        update wallet_account set balance = balance + v_amt
        where member_id = v_member and pocket = v_leg->>'pocket' and balance + v_amt >= 0
        returning id, balance into v_acc, v_bal;
        if not found then
          if v_amt < 0 then
            v_failed := 'wallet.insufficient_funds';
            exit;
          end if;
          if not exists (select 1 from accounts_v_member where id = v_member) then
            v_failed := 'wallet.account_unknown';
            exit;
          end if;
          insert into wallet_account (member_id, pocket, currency, balance) values (v_member, v_leg->>'pocket', v_leg->>'currency', v_amt)
          on conflict (member_id, pocket) where member_id is not null do update set balance = wallet_account.balance + excluded.balance
          returning id, balance into v_acc, v_bal;
        end if;
        insert into wallet_entry (journal_id, account_id, amount, balance_after) values (v_jid, v_acc, v_amt, v_bal);
        v_done_acc := v_done_acc || v_acc;
        v_done_amt := v_done_amt || v_amt;
        v_bals := v_bals || jsonb_build_object('member', v_member::text, 'pocket', v_leg->>'pocket', 'balance', v_bal::text);
      else
        -- House legs come after every member leg, so nothing can fail once we get here.
        h_j := h_j || v_jid;
        h_code := h_code || (v_leg->>'house');
        h_cur := h_cur || (v_leg->>'currency');
        h_amt := h_amt || v_amt;
      end if;
    end loop;

    if v_failed is not null then
      -- Undo this op's legs (same transaction, so nobody saw them) and keep the refusal as its answer.
      for i in 1 .. coalesce(array_length(v_done_acc, 1), 0) loop
        update wallet_account set balance = balance - v_done_amt[i] where id = v_done_acc[i];
      end loop;
      delete from wallet_entry where journal_id = v_jid;
      update wallet_journal set status = 'rejected', reject_code = v_failed, reverses_id = null where id = v_jid;
      v_results := v_results || jsonb_build_object('status', 'rejected', 'replayed', false, 'journal_id', v_jid::text, 'code', v_failed);
      continue;
    end if;

    for i in 1 .. coalesce(array_length(v_done_acc, 1), 0) loop
      v_members := v_members || (v_bals->(i - 1)->>'member')::bigint;
    end loop;
    v_results := v_results || jsonb_build_object('status', 'applied', 'replayed', false, 'journal_id', v_jid::text, 'balances', v_bals, 'original', v_origstate);
  end loop;

  if coalesce(array_length(h_j, 1), 0) > 0 then
    insert into wallet_account (house_code, currency, shard, pocket)
    select distinct u.code, u.cur, p_shard, 'house' from unnest(h_code, h_cur) as u(code, cur)
    on conflict (house_code, currency, shard) where house_code is not null do nothing;

    with legs as (
      select u.j, u.code, u.cur, u.amt, u.ord from unnest(h_j, h_code, h_cur, h_amt) with ordinality as u(j, code, cur, amt, ord)
    ), totals as (
      select code, cur, sum(amt)::bigint as total from legs group by code, cur
    ), moved as (
      update wallet_account a set balance = a.balance + t.total
      from totals t
      where a.house_code = t.code and a.currency = t.cur and a.shard = p_shard
      returning a.id, a.house_code, a.currency, a.balance, t.total
    )
    insert into wallet_entry (journal_id, account_id, amount, balance_after)
    select l.j, m.id, l.amt, m.balance - m.total + sum(l.amt) over (partition by l.code, l.cur order by l.ord)
    from legs l join moved m on m.house_code = l.code and m.currency = l.cur;
  end if;

  return jsonb_build_object('results', v_results, 'balances', (
    select coalesce(jsonb_agg(jsonb_build_object('member', member_id::text, 'pocket', pocket, 'balance', balance::text)), '[]'::jsonb)
    from wallet_account where member_id = any(v_members) and pocket in ('cash', 'bonus')));
end;
$$;
