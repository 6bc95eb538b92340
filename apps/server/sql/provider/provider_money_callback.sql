-- module: provider
-- provider_money_callback(call, shard): a vendor's bet, win or rollback in one statement — the
-- replay guard, the player and session rules, the ledger post (wallet_post_batch with the op the
-- wallet module built), the betting record's round and the stored answer, in the caller's
-- transaction. A re-appliable definition (migrate applies it when this text changes); first
-- created by migration 0018 with one-letter keys, last changed by a migration in 0047, named since
-- issue 19.
--
-- call:   {"vendor", "action": bet|win|rollback, "transaction_id", "member", "round", "hash": sha256
--          hex of the request's content, "amount": centavos (bet, win), "game", "game_type" (bet),
--          "round_closed" (win), "original_transaction_id" (rollback), "original_action" (rollback:
--          bet, the default, or win), "op": the wallet op, if any}
-- A rollback of a win (issue 23, the sportsbook's resettlement) reverses the win's journal. A win
-- is stored with its amount (in its stored answer, never sent back), so the rollback of a 0.00 win
-- posts nothing; a rollback before its win stores a tombstone answer under the win's id, so the
-- late win, of any amount, is refused TRANSACTION_CONFLICT. The reversal takes the amount back from
-- the round's winnings and reopens a settled round (the closing win that follows settles it again).
-- answer: {"balance", "transactionId", "operatorTransactionId", "balances"}: the vendor's answer
--          (its field names are the vendor protocol's) and the balances to publish.
-- A refusal raises 'provider:<CODE>' (provider_refuse). The player is read through the accounts
-- module's view and trial rule, the cash balance through the wallet's wallet_v_member_balance.
create or replace function provider_money_callback(p_call jsonb, p_shard integer) returns jsonb
language plpgsql
set enable_seqscan = off
set plan_cache_mode = force_generic_plan
as $$
declare
  v_vendor text := p_call->>'vendor';
  v_action text := p_call->>'action';
  v_tx text := p_call->>'transaction_id';
  v_member bigint := (p_call->>'member')::bigint;
  v_round text := p_call->>'round';
  v_hash bytea := decode(p_call->>'hash', 'hex');
  v_amount bigint := coalesce((p_call->>'amount')::bigint, 0);
  v_stored record;
  v_player record;
  v_session record;
  v_original record;
  v_result jsonb := null;
  v_balances jsonb := '[]'::jsonb;
  v_cash bigint;
  v_status text;
  v_id bigint;
  v_record boolean := true;
  v_op jsonb := p_call->'op';
  v_bonus_stake bigint := 0;
  v_win_share jsonb;
  v_round_bet bigint;
  v_original_action text := coalesce(p_call->>'original_action', 'bet');
  v_unwin bigint := null;
  v_kept jsonb := '{}'::jsonb;
begin
  -- A replay answers the stored response unchanged; the same id with other content is a conflict.
  select id, content_hash, response into v_stored from provider_transaction
  where vendor_code = v_vendor and action = v_action and transaction_id = v_tx;
  if found then
    if v_stored.response ? 'rolledBackFirst' then
      perform provider_refuse('TRANSACTION_CONFLICT', 'this transaction was rolled back before it arrived');
    end if;
    if v_stored.content_hash <> v_hash then
      perform provider_refuse('TRANSACTION_CONFLICT', 'this transactionId was used with other content');
    end if;
    return v_stored.response || jsonb_build_object('operatorTransactionId', v_stored.id::text, 'balances', '[]'::jsonb);
  end if;

  select status, is_trial into v_player from accounts_v_member where id = v_member;
  if not found then
    perform provider_refuse('PLAYER_NOT_FOUND', 'no such player');
  end if;

  if v_action = 'bet' then
    select demo, expires_at <= now() as expired into v_session from provider_player_session where vendor_code = v_vendor and member_id = v_member;
    -- Trial accounts (the accounts module's rule) and demo sessions never bet real money.
    if v_player.status <> 'active' or v_player.is_trial or coalesce(v_session.demo, false) then
      perform provider_refuse('PLAYER_BLOCKED', 'the player may not bet with real money');
    end if;
    if v_session is null or v_session.expired then
      perform provider_refuse('INVALID_TOKEN', 'no open session for this player: launch the game again');
    end if;
  elsif v_action = 'win' then
    -- A win pays for a round this player bet in at this vendor (issue 18: a signed win credited
    -- any member id). The one exception is a jackpot won in such a round, named
    -- '<roundId>-jackpot' (house games pay their progressive jackpot so). Checked before any post,
    -- so a refused win moves no money and records no round.
    if not exists (select 1 from provider_round where vendor_code = v_vendor and member_id = v_member and round_id = v_round and bet > 0)
       and not (v_round like '%-jackpot' and exists (
         select 1 from provider_round where vendor_code = v_vendor and member_id = v_member and round_id = left(v_round, -length('-jackpot')) and bet > 0)) then
      perform provider_refuse('INVALID_REQUEST', 'no bet by this player in this round at this vendor');
    end if;
  elsif v_action = 'rollback' then
    select member_id, round_id, response into v_original from provider_transaction where vendor_code = v_vendor and action = v_original_action and transaction_id = p_call->>'original_transaction_id';
    if found and v_original.member_id <> v_member then
      perform provider_refuse('INVALID_REQUEST', 'the original transaction belongs to another player');
    end if;
    if v_original_action = 'win' then
      if not found then
        -- Before its win: a tombstone answer under the win's id (the late win is refused whatever
        -- its amount, a 0.00 one included, which never reaches the ledger); the ledger keeps its own.
        insert into provider_transaction (vendor_code, action, transaction_id, member_id, round_id, content_hash, response)
        values (v_vendor, 'win', p_call->>'original_transaction_id', v_member, v_round, decode(repeat('00', 32), 'hex'),
                jsonb_build_object('balance', '0.00', 'transactionId', p_call->>'original_transaction_id', 'amount', '0', 'rolledBackFirst', true))
        on conflict (vendor_code, action, transaction_id) do nothing;
      elsif v_original.response ? 'amount' then
        -- The amount the win took to the round; a 0.00 win (or a tombstone) posted nothing to reverse.
        v_unwin := (v_original.response->>'amount')::bigint;
        if v_unwin = 0 then
          v_op := null;
        end if;
      end if;
    end if;
  end if;

  -- Bonus money (issue 21): a bet spends cash first, then the member's bonus; a win pays the
  -- bonus-funded part of its round back as bonus (bonus_win_share says how). The op's member cash
  -- leg is split here; its content hash stays the request's, so a replay still matches.
  if jsonb_typeof(v_op) = 'object' and v_action = 'bet' then
    v_bonus_stake := bonus_stake_share(v_member, v_amount);
    if v_bonus_stake > 0 then
      v_op := provider_split_cash_leg(v_op, v_member, -v_bonus_stake);
    end if;
  elsif jsonb_typeof(v_op) = 'object' and v_action = 'win' then
    select bet into v_round_bet from provider_round where vendor_code = v_vendor and member_id = v_member and round_id = v_round;
    v_win_share := bonus_win_share(v_vendor, v_member, v_round, coalesce(v_round_bet, 0), v_amount);
    if (v_win_share->>'bonus')::bigint > 0 then
      v_op := provider_split_cash_leg(v_op, v_member, (v_win_share->>'bonus')::bigint);
    end if;
  end if;

  if jsonb_typeof(v_op) = 'object' then
    v_result := wallet_post_batch(jsonb_build_array(v_op), p_shard);
    v_status := v_result->'results'->0->>'status';
    if v_status = 'cancelled' then
      perform provider_refuse('TRANSACTION_CONFLICT', 'this transaction was rolled back before it arrived');
    elsif v_status = 'conflict' then
      perform provider_refuse('TRANSACTION_CONFLICT', 'this transactionId was used with other content');
    elsif v_status = 'rejected' then
      if v_result->'results'->0->>'code' = 'wallet.insufficient_funds' then
        perform provider_refuse('INSUFFICIENT_FUNDS', 'insufficient funds', v_member);
      end if;
      perform provider_refuse('INVALID_REQUEST', 'refused by the wallet: ' || (v_result->'results'->0->>'code'));
    end if;
    v_record := not (v_result->'results'->0->>'replayed')::boolean;
    select (b->>'balance')::bigint into v_cash from jsonb_array_elements(v_result->'results'->0->'balances') as b
    where b->>'member' = v_member::text and b->>'pocket' = 'cash';
    if v_record then
      v_balances := v_result->'balances';
      if v_bonus_stake > 0 then
        perform bonus_record_stake(v_vendor, v_member, v_tx, v_round, v_bonus_stake);
      elsif v_win_share is not null then
        perform bonus_record_win(v_win_share);
      elsif v_action = 'rollback' and v_original_action = 'bet' then
        perform bonus_record_unstake(v_vendor, v_member, p_call->>'original_transaction_id');
      end if;
    end if;
  end if;
  if v_cash is null then
    select balance into v_cash from wallet_v_member_balance where member_id = v_member and pocket = 'cash';
  end if;
  -- The vendor is told what the player can stake: cash and the active grants' bonus.
  v_cash := coalesce(v_cash, 0) + bonus_playable(v_member);

  -- The betting record's round (provider_round): a bet adds to the stake (rounds may hold several
  -- bets), a win to the winnings and may close the round; a rollback marks it rolled back.
  if v_record then
    if v_action = 'bet' then
      insert into provider_round (vendor_code, member_id, round_id, game_code, game_type, bet, status)
      values (v_vendor, v_member, v_round, p_call->>'game', p_call->>'game_type', v_amount, 'open')
      on conflict (vendor_code, member_id, round_id) do update set bet = provider_round.bet + excluded.bet;
    elsif v_action = 'win' then
      insert into provider_round (vendor_code, member_id, round_id, game_code, win, status, closed_at)
      values (v_vendor, v_member, v_round, p_call->>'game', v_amount,
              case when (p_call->>'round_closed')::boolean then 'settled' else 'open' end,
              case when (p_call->>'round_closed')::boolean then now() end)
      on conflict (vendor_code, member_id, round_id) do update set
        win = provider_round.win + excluded.win,
        status = case when provider_round.status = 'rolled_back' or excluded.status = 'open' then provider_round.status else excluded.status end,
        closed_at = coalesce(provider_round.closed_at, excluded.closed_at);
    elsif v_original_action = 'win' then
      -- A win taken back: the round's winnings lose it and a settled round is open again, unless
      -- the ledger says the win was already reversed (another rollback of it) or never taken.
      if v_original.round_id is not null and v_unwin is not null
         and (v_result is null or v_result->'results'->0->>'original' = 'applied') then
        update provider_round set
          win = greatest(win - v_unwin, 0),
          status = case when status = 'settled' then 'open' else status end,
          closed_at = case when status = 'settled' then null else closed_at end
        where vendor_code = v_vendor and member_id = v_member and round_id = v_original.round_id;
      end if;
    elsif v_original.round_id is not null then
      insert into provider_round (vendor_code, member_id, round_id, game_code, status, closed_at)
      values (v_vendor, v_member, v_original.round_id, '', 'rolled_back', now())
      on conflict (vendor_code, member_id, round_id) do update set
        status = 'rolled_back', closed_at = coalesce(provider_round.closed_at, excluded.closed_at);
    end if;
  end if;

  -- Kept in the stored answer, never read by a vendor (answers read balance and ids): a bet's and a
  -- win's amount (a win's for a later rollback of it), and what a rollback took back — the round's
  -- money as the console shows it (round-transactions.ts). A rollback that moved nothing took 0.
  if v_action in ('bet', 'win') then
    v_kept := jsonb_build_object('amount', v_amount::text);
  elsif v_action = 'rollback' then
    v_kept := jsonb_build_object('reverses', v_original_action);
    if v_result is not null and v_result->'results'->0->>'original' is distinct from 'applied' then
      v_kept := v_kept || jsonb_build_object('amount', '0');
    elsif v_unwin is not null then
      v_kept := v_kept || jsonb_build_object('amount', v_unwin::text);
    elsif v_original_action = 'bet' and v_original.round_id is not null and v_original.response ? 'amount' then
      v_kept := v_kept || jsonb_build_object('amount', v_original.response->>'amount');
    end if;
  end if;
  insert into provider_transaction (vendor_code, action, transaction_id, member_id, round_id, content_hash, response)
  values (v_vendor, v_action, v_tx, v_member, v_round, v_hash,
          jsonb_build_object('balance', provider_cents_text(coalesce(v_cash, 0)), 'transactionId', v_tx) || v_kept)
  on conflict (vendor_code, action, transaction_id) do nothing
  returning id into v_id;
  if v_id is null then
    -- A concurrent copy committed first (the ledger post waited for it and replayed): answer it.
    select id, content_hash, response into v_stored from provider_transaction
    where vendor_code = v_vendor and action = v_action and transaction_id = v_tx;
    if v_stored.content_hash <> v_hash then
      perform provider_refuse('TRANSACTION_CONFLICT', 'this transactionId was used with other content');
    end if;
    return v_stored.response || jsonb_build_object('operatorTransactionId', v_stored.id::text, 'balances', '[]'::jsonb);
  end if;
  return jsonb_build_object('balance', provider_cents_text(coalesce(v_cash, 0)), 'transactionId', v_tx, 'operatorTransactionId', v_id::text, 'balances', v_balances);
end;
$$;
