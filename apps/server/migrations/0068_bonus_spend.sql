-- module: bonus
-- Issue 21, bets spend bonus money: cash first, then bonus. Each grant now keeps its own balance
-- (the bonus money it still holds): a bet's bonus share is taken from the member's active grants
-- oldest first and recorded per bet transaction (bonus_stake), so a win pays the bonus-funded part
-- of the round back to the grants that staked it and a rollback gives it back. Conversion, expiry
-- and forfeit move the grant's balance, not its original amount.
--
-- The member's bonus pocket in the ledger is the sum of the active grants' balances plus money
-- that came back to a grant no longer active (a rollback or a win after an expiry or forfeit);
-- the bonus job sweeps that remainder back to the house once the member has no active grant.

alter table bonus_grant add column balance bigint;
update bonus_grant set balance = case when status = 'active' then amount else 0 end;
alter table bonus_grant alter column balance set not null;
alter table bonus_grant add constraint bonus_grant_balance_check check (balance >= 0);

-- A bet's bonus share, per grant it came from.
create table bonus_stake (
  vendor_code text not null,
  member_id bigint not null,
  transaction_id text not null,
  round_id text not null,
  grant_id bigint not null references bonus_grant (id),
  amount bigint not null check (amount > 0),
  primary key (vendor_code, member_id, transaction_id, grant_id)
);
create index bonus_stake_round_idx on bonus_stake (vendor_code, member_id, round_id);

-- Sweeps of bonus money no active grant holds (the key of each sweep's journal).
create table bonus_sweep (
  id bigint generated always as identity primary key,
  member_id bigint not null,
  amount bigint not null check (amount > 0),
  created_at timestamptz not null default now()
);

-- How much of a bet the member's bonus pays: what cash cannot (cash first), up to the active
-- grants' balances. Locks those grants in id order (every writer of grants does), so concurrent
-- bets of one member agree on what is left. A member without bonus costs one index probe.
create function bonus_stake_share(p_member bigint, p_amount bigint) returns bigint language plpgsql as $$
declare
  v_cash bigint;
  v_spendable bigint;
begin
  if not exists (select 1 from bonus_grant where member_id = p_member and status = 'active' and balance > 0) then
    return 0;
  end if;
  select coalesce(max(balance), 0) into v_cash from wallet_v_member_balance where member_id = p_member and pocket = 'cash';
  if v_cash >= p_amount then
    return 0;
  end if;
  perform 1 from bonus_grant where member_id = p_member and status = 'active' order by id for update;
  select coalesce(sum(balance), 0) into v_spendable from bonus_grant where member_id = p_member and status = 'active';
  return least(p_amount - greatest(v_cash, 0), v_spendable);
end;
$$;

-- After the ledger took a bet's bonus share: take it off the active grants, oldest first.
create function bonus_record_stake(p_vendor text, p_member bigint, p_tx text, p_round text, p_amount bigint) returns void language plpgsql as $$
declare
  v_left bigint := p_amount;
  v_take bigint;
  v_row record;
begin
  perform 1 from bonus_grant where member_id = p_member and status = 'active' order by id for update;
  for v_row in select id, balance from bonus_grant where member_id = p_member and status = 'active' and balance > 0 order by id loop
    exit when v_left = 0;
    v_take := least(v_left, v_row.balance);
    v_left := v_left - v_take;
    update bonus_grant set balance = balance - v_take where id = v_row.id;
    insert into bonus_stake (vendor_code, member_id, transaction_id, round_id, grant_id, amount)
    values (p_vendor, p_member, p_tx, p_round, v_row.id, v_take);
  end loop;
  if v_left > 0 then
    raise exception 'bonus_record_stake: % centavos of bonus share found no grant', v_left;
  end if;
end;
$$;

-- The bonus part of a win: each grant that staked in the round gets win × its stake / the
-- round's stake (rounded down). Returns {"bonus": to the bonus pocket, "cash": to cash, "grants":
-- {id: part}}: a converted grant's part is cash (its wagering is done); the part of an active
-- grant goes back to it; the part of an expired or forfeited grant goes to the bonus pocket and is
-- swept back to the house. Read-only: bonus_record_win applies it once the ledger took the win.
create function bonus_win_share(p_vendor text, p_member bigint, p_round text, p_round_bet bigint, p_win bigint) returns jsonb language plpgsql as $$
declare
  v_row record;
  v_part bigint;
  v_bonus bigint := 0;
  v_cash bigint := 0;
  v_grants jsonb := '{}'::jsonb;
begin
  if p_round_bet <= 0 or p_win <= 0 then
    return jsonb_build_object('bonus', 0, 'cash', 0, 'grants', v_grants);
  end if;
  for v_row in select s.grant_id, sum(s.amount) as staked, g.status
               from bonus_stake s join bonus_grant g on g.id = s.grant_id
               where s.vendor_code = p_vendor and s.member_id = p_member and s.round_id = p_round
               group by s.grant_id, g.status order by s.grant_id loop
    v_part := (p_win * least(v_row.staked, p_round_bet)) / p_round_bet;
    continue when v_part = 0;
    if v_row.status = 'converted' then
      v_cash := v_cash + v_part;
    else
      v_bonus := v_bonus + v_part;
      if v_row.status = 'active' then
        v_grants := v_grants || jsonb_build_object(v_row.grant_id::text, v_part);
      end if;
    end if;
  end loop;
  return jsonb_build_object('bonus', v_bonus, 'cash', v_cash, 'grants', v_grants);
end;
$$;

create function bonus_record_win(p_share jsonb) returns void language plpgsql as $$
declare
  v_item record;
begin
  for v_item in select key::bigint as grant_id, value::bigint as part from jsonb_each_text(p_share->'grants') order by 1 loop
    update bonus_grant set balance = balance + v_item.part where id = v_item.grant_id and status = 'active';
  end loop;
end;
$$;

-- A rolled-back bet: its bonus share goes back to the grants still active (the ledger's reversal
-- already put it in the bonus pocket); the rest stays for the sweep.
create function bonus_record_unstake(p_vendor text, p_member bigint, p_tx text) returns void language plpgsql as $$
declare
  v_row record;
begin
  for v_row in select s.grant_id, s.amount from bonus_stake s
               where s.vendor_code = p_vendor and s.member_id = p_member and s.transaction_id = p_tx order by s.grant_id loop
    update bonus_grant set balance = balance + v_row.amount where id = v_row.grant_id and status = 'active';
  end loop;
  delete from bonus_stake where vendor_code = p_vendor and member_id = p_member and transaction_id = p_tx;
end;
$$;

-- What a game may spend: the active grants' balances (the vendor sees cash + this).
create function bonus_playable(p_member bigint) returns bigint language sql stable as $$
  select coalesce(sum(balance), 0)::bigint from bonus_grant where member_id = p_member and status = 'active';
$$;
