-- module: provider
-- provider_split_cash_leg(op, member, bonus): a wallet op with part of the member's cash leg moved
-- to the member's bonus pocket (issue 21: a bet's bonus share, negative; a win's bonus part,
-- positive). The cash leg keeps the rest and is dropped when nothing is left; the bonus leg goes
-- just before it, the order the wallet's ops keep (a member's pockets by name: bonus < cash), so
-- every writer locks a member's pockets in the same order. Re-appliable (first in issue 21).
create or replace function provider_split_cash_leg(p_op jsonb, p_member bigint, p_bonus bigint) returns jsonb
language sql immutable
as $$
  select jsonb_set(p_op, '{legs}', coalesce((
    select jsonb_agg(part order by ord, sub)
    from jsonb_array_elements(p_op->'legs') with ordinality as l(leg, ord)
    cross join lateral (
      select 0 as sub, jsonb_build_object('member', p_member::text, 'pocket', 'bonus', 'currency', l.leg->>'currency', 'amount', p_bonus::text) as part
      where l.leg->>'member' = p_member::text and l.leg->>'pocket' = 'cash'
      union all
      select 1, case when l.leg->>'member' = p_member::text and l.leg->>'pocket' = 'cash'
                     then jsonb_set(l.leg, '{amount}', to_jsonb((((l.leg->>'amount')::bigint) - p_bonus)::text))
                     else l.leg end
      where not (l.leg->>'member' = p_member::text and l.leg->>'pocket' = 'cash' and (l.leg->>'amount')::bigint = p_bonus)
    ) s
  ), '[]'::jsonb));
$$;
