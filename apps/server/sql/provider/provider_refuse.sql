-- module: provider
-- provider_refuse(code, detail, member): ends a money callback with a vendor protocol error
-- ('provider:<CODE>'; the service maps it to the answer), with the player's cash balance in the
-- hint when the answer carries one (insufficient funds). Re-appliable (first in migration 0018).
create or replace function provider_refuse(p_code text, p_detail text, p_member bigint default null) returns void
language plpgsql
as $$
declare
  v_cash bigint;
begin
  if p_member is not null then
    select balance into v_cash from wallet_v_member_balance where member_id = p_member and pocket = 'cash';
    -- What the player can stake: cash and the active grants' bonus (issue 21).
    v_cash := coalesce(v_cash, 0) + bonus_playable(p_member);
  end if;
  raise exception using errcode = 'P0001', message = 'provider:' || p_code, detail = p_detail,
    hint = case when p_member is null then '' else provider_cents_text(coalesce(v_cash, 0)) end;
end;
$$;
