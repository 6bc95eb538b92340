-- module: bonus
-- Bonus money (issue 21): grants of bonus money with a wagering requirement, the contribution of
-- each product type to wagering (an operator setting kept here), and the rounds counted towards
-- the member's active grants. The money itself lives in the wallet's ledger: a grant credits the
-- member's bonus pocket against the house account bonus_issued; conversion moves it to cash (the
-- cost lands on bonus_expense only then); expiry and forfeit return it to bonus_issued.

create table bonus_grant (
  id bigint generated always as identity primary key,
  -- The caller's idempotency key (e.g. promotions:reward:<id>): a second grant with it is the first.
  key text not null unique check (length(key) between 1 and 160),
  member_id bigint not null references accounts_member (id),
  amount bigint not null check (amount > 0),
  wagering_multiple numeric(8, 2) not null check (wagering_multiple >= 0 and wagering_multiple <= 1000),
  required bigint not null check (required >= 0),
  done bigint not null default 0 check (done >= 0),
  status text not null default 'active' check (status in ('active', 'converted', 'expired', 'forfeited', 'cancelled')),
  source_kind text not null check (source_kind ~ '^[a-z_]{2,40}$'),
  source_id text not null check (length(source_id) between 1 and 100),
  note text check (length(note) <= 500),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  -- When wagering reached the requirement (the conversion follows at once, or from the job).
  completed_at timestamptz,
  -- When the grant left 'active', and the bonus money moved then (to cash, or back to the house).
  closed_at timestamptz,
  closed_amount bigint check (closed_amount >= 0),
  check ((status = 'active') = (closed_at is null))
);
-- The round hook's first question for every settled round: does this member have an active grant?
create index bonus_grant_active_idx on bonus_grant (member_id, id) where status = 'active';
create index bonus_grant_member_idx on bonus_grant (member_id, id desc);
create index bonus_grant_due_idx on bonus_grant (expires_at) where status = 'active';
create index bonus_grant_created_idx on bonus_grant (created_at desc, id desc);

-- Percent of a settled round's stake that counts towards wagering, per catalogue game type.
-- A type without a row counts 0 %.
create table bonus_contribution (
  game_type text primary key check (game_type ~ '^[A-Z_]{2,20}$'),
  percent smallint not null check (percent between 0 and 100),
  updated_at timestamptz not null default now()
);
insert into bonus_contribution (game_type, percent) values
  ('RNG', 100), ('FISH', 100), ('CRASH', 50), ('LIVE', 10), ('PVP', 10),
  ('SPORTS', 20), ('ESPORTS', 20), ('LOTT', 10), ('ELOTT', 10), ('COCKFIGHT', 10);

-- What a round has counted so far, so a replayed change counts nothing and a rollback subtracts.
create table bonus_round (
  vendor_code text not null,
  member_id bigint not null,
  round_id text not null,
  counted bigint not null check (counted >= 0),
  primary key (vendor_code, member_id, round_id)
);
-- Which grants a round's contribution went to, so a rollback takes it back from the same grants.
create table bonus_round_allocation (
  vendor_code text not null,
  member_id bigint not null,
  round_id text not null,
  grant_id bigint not null references bonus_grant (id),
  amount bigint not null check (amount > 0),
  primary key (vendor_code, member_id, round_id, grant_id)
);

-- Hook: a round's stake or status changed (the provider's trigger on its rounds calls it, 0063).
-- Counts floor(stake × percent / 100) of a settled round, as a delta against what the round
-- counted before, onto the member's active grants oldest first; a negative delta (rollback, stake
-- cut) comes back off the grants it went to while they are still active (a converted grant stays
-- converted). A member without an active grant costs one index probe. When a grant reaches its
-- requirement the bonus module is told (bonus.wagering_completed) and converts it once.
create function bonus_record_round_change(
  p_vendor text, p_member bigint, p_round text, p_game_type text, p_status text, p_bet bigint
) returns void language plpgsql as $$
declare
  v_target bigint;
  v_counted bigint;
  v_delta bigint;
  v_take bigint;
  v_row record;
begin
  if not exists (select 1 from bonus_grant where member_id = p_member and status = 'active') then
    return;
  end if;
  v_target := 0;
  if p_status = 'settled' then
    select coalesce(max(p_bet * percent / 100), 0) into v_target from bonus_contribution where game_type = p_game_type;
  end if;
  select counted into v_counted from bonus_round where vendor_code = p_vendor and member_id = p_member and round_id = p_round for update;
  v_delta := v_target - coalesce(v_counted, 0);
  if v_delta = 0 then
    return;
  end if;
  insert into bonus_round (vendor_code, member_id, round_id, counted) values (p_vendor, p_member, p_round, v_target)
  on conflict (vendor_code, member_id, round_id) do update set counted = excluded.counted;
  -- Every writer locks the member's active grants in id order first: no deadlock between rounds.
  perform 1 from bonus_grant where member_id = p_member and status = 'active' order by id for update;
  if v_delta > 0 then
    for v_row in select id, required - done as room from bonus_grant
                 where member_id = p_member and status = 'active' and done < required order by id loop
      exit when v_delta = 0;
      v_take := least(v_delta, v_row.room);
      v_delta := v_delta - v_take;
      update bonus_grant set done = done + v_take,
        completed_at = case when done + v_take >= required then now() else null end
      where id = v_row.id;
      insert into bonus_round_allocation (vendor_code, member_id, round_id, grant_id, amount)
      values (p_vendor, p_member, p_round, v_row.id, v_take)
      on conflict (vendor_code, member_id, round_id, grant_id) do update set amount = bonus_round_allocation.amount + excluded.amount;
      if v_take = v_row.room then
        perform pg_notify('app_events', json_build_object('type', 'bonus.wagering_completed',
          'audience', json_build_object('kind', 'member', 'memberId', p_member::text),
          'data', json_build_object('grantId', v_row.id::text))::text);
      end if;
    end loop;
  else
    v_delta := -v_delta;
    for v_row in select a.grant_id, a.amount from bonus_round_allocation a join bonus_grant g on g.id = a.grant_id
                 where a.vendor_code = p_vendor and a.member_id = p_member and a.round_id = p_round and g.status = 'active'
                 order by a.grant_id desc loop
      exit when v_delta = 0;
      v_take := least(v_delta, v_row.amount);
      v_delta := v_delta - v_take;
      update bonus_grant set done = done - v_take, completed_at = case when done - v_take >= required then completed_at else null end
      where id = v_row.grant_id;
      if v_take = v_row.amount then
        delete from bonus_round_allocation where vendor_code = p_vendor and member_id = p_member and round_id = p_round and grant_id = v_row.grant_id;
      else
        update bonus_round_allocation set amount = amount - v_take
        where vendor_code = p_vendor and member_id = p_member and round_id = p_round and grant_id = v_row.grant_id;
      end if;
    end loop;
  end if;
end;
$$;
