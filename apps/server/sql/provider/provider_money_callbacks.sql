-- module: provider
-- provider_money_callbacks(calls, shard): many money callbacks in one statement and one transaction
-- (the callback lanes' group commit, issue 28), each exactly provider_money_callback(call, shard)
-- in the given order, so each answer is the one it would get alone. A refusal ('provider:<CODE>',
-- provider_refuse) undoes only its own call: each call runs in its own subtransaction, and its row
-- says {"refused": CODE, "detail", "hint"} instead of {"answer": …}. Any other error fails the whole
-- statement. Callers keep a batch at most 64 calls long: beyond that the subtransactions overflow
-- the backend's cache of them and every other snapshot in the cluster gets slower while it runs.
create or replace function provider_money_callbacks(p_calls jsonb, p_shard integer) returns setof jsonb
language plpgsql
as $$
declare
  v_call jsonb;
  v_message text;
  v_detail text;
  v_hint text;
begin
  for v_call in select value from jsonb_array_elements(p_calls) with ordinality as x (value, i) order by x.i loop
    begin
      return next jsonb_build_object('answer', provider_money_callback(v_call, p_shard));
    exception when raise_exception then
      get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
      if v_message not like 'provider:%' then
        raise;
      end if;
      return next jsonb_build_object('refused', substr(v_message, length('provider:') + 1), 'detail', v_detail, 'hint', v_hint);
    end;
  end loop;
end;
$$;
