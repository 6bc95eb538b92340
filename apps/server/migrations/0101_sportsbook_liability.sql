-- module: sportsbook
-- Issue 23, placement ≥ 1,000 tickets/s: a batch's acceptance summed the potential returns of every
-- live ticket on its markets and events (every leg of a big match, each joined to its ticket), under
-- the markets' locks and one batch at a time, so placement slowed as the book filled
-- (bench/README.md, sportsbook placement). The sums are now kept as running totals, per market and
-- per event, by the tickets' own statement-level triggers: whatever writes tickets (placement,
-- the delay's decision, settlement and resettlement, voids, cash-out, the benches' loaders) keeps
-- them, in its own statement, one upsert per market and event touched.
--
-- A live ticket is pending_delay, pending_debit or open. A market's total is the sum of the
-- potential returns of the live tickets with a leg on it (one leg per market per ticket); an
-- event's is the sum over the live tickets with at least one leg on it, each counted once.

create table sportsbook_market_liability (
  event_id text not null,
  market_key text not null,
  potential_cents bigint not null default 0,
  primary key (event_id, market_key)
);
create table sportsbook_event_liability (
  event_id text primary key,
  potential_cents bigint not null default 0
);

create function sportsbook_ticket_live(p_status text) returns boolean language sql immutable as $$
  select p_status in ('pending_delay', 'pending_debit', 'open')
$$;

-- Adds each ticket's change (its live potential after minus before) to its markets and events,
-- in key order so two statements lock the totals in the same order.
create function sportsbook_liability_apply(p_tickets bigint[], p_deltas bigint[]) returns void language plpgsql
-- Key lookups only (a ticket's legs, a leg's ticket): a generic plan's guess of 100 rows would
-- rather hash the whole leg or ticket table.
set enable_seqscan = off
set enable_hashjoin = off
set enable_mergejoin = off
as $$
begin
  insert into sportsbook_market_liability (event_id, market_key, potential_cents)
  select l.event_id, l.market_key, sum(d.delta)
  from unnest(p_tickets, p_deltas) as d (ticket_id, delta)
  join sportsbook_ticket_leg l on l.ticket_id = d.ticket_id
  group by 1, 2
  order by 1, 2
  on conflict (event_id, market_key) do update set potential_cents = sportsbook_market_liability.potential_cents + excluded.potential_cents;

  insert into sportsbook_event_liability (event_id, potential_cents)
  select e.event_id, sum(e.delta)
  from (
    select distinct d.ticket_id, l.event_id, d.delta
    from unnest(p_tickets, p_deltas) as d (ticket_id, delta)
    join sportsbook_ticket_leg l on l.ticket_id = d.ticket_id
  ) e
  group by 1
  order by 1
  on conflict (event_id) do update set potential_cents = sportsbook_event_liability.potential_cents + excluded.potential_cents;
end;
$$;

-- A ticket's legs are stored after it (placement inserts both in one statement): the legs bring
-- a live ticket's potential to their markets and events. Legs of one ticket always arrive together.
create function sportsbook_legs_added() returns trigger language plpgsql
set enable_seqscan = off
set enable_hashjoin = off
set enable_mergejoin = off
as $$
declare
  v_tickets bigint[];
  v_deltas bigint[];
begin
  select coalesce(array_agg(t.id), '{}'), coalesce(array_agg(t.potential_return_cents), '{}') into v_tickets, v_deltas
  from (select distinct ticket_id from added) a
  join sportsbook_ticket t on t.id = a.ticket_id
  where sportsbook_ticket_live(t.status) and t.potential_return_cents <> 0;
  if cardinality(v_tickets) > 0 then
    perform sportsbook_liability_apply(v_tickets, v_deltas);
  end if;
  return null;
end;
$$;
create trigger sportsbook_legs_added after insert on sportsbook_ticket_leg
  referencing new table as added for each statement execute function sportsbook_legs_added();

-- A ticket decided, refused, cashed out (in part: a smaller potential) or resettled back to open.
create function sportsbook_tickets_changed() returns trigger language plpgsql as $$
declare
  v_tickets bigint[];
  v_deltas bigint[];
begin
  select coalesce(array_agg(n.id), '{}'),
         coalesce(array_agg((case when sportsbook_ticket_live(n.status) then n.potential_return_cents else 0 end)
                          - (case when sportsbook_ticket_live(o.status) then o.potential_return_cents else 0 end)), '{}')
  into v_tickets, v_deltas
  from after_rows n join before_rows o on o.id = n.id
  where (case when sportsbook_ticket_live(n.status) then n.potential_return_cents else 0 end)
     <> (case when sportsbook_ticket_live(o.status) then o.potential_return_cents else 0 end);
  if cardinality(v_tickets) > 0 then
    perform sportsbook_liability_apply(v_tickets, v_deltas);
  end if;
  return null;
end;
$$;
create trigger sportsbook_tickets_changed after update on sportsbook_ticket
  referencing old table as before_rows new table as after_rows for each statement execute function sportsbook_tickets_changed();

-- The totals of the tickets already stored.
insert into sportsbook_market_liability (event_id, market_key, potential_cents)
select l.event_id, l.market_key, sum(t.potential_return_cents)
from sportsbook_ticket_leg l join sportsbook_ticket t on t.id = l.ticket_id
where sportsbook_ticket_live(t.status)
group by 1, 2;
insert into sportsbook_event_liability (event_id, potential_cents)
select d.event_id, sum(t.potential_return_cents)
from (select distinct ticket_id, event_id from sportsbook_ticket_leg) d join sportsbook_ticket t on t.id = d.ticket_id
where sportsbook_ticket_live(t.status)
group by 1;
