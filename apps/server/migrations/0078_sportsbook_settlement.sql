-- module: sportsbook
-- First settlement of tickets (issue 23; reference igaming-integration.md §7.3). A pass reads the
-- market result log (sportsbook_market_result) after its cursor, in seq order, once: the cursor
-- row is locked by the pass and moves in the same transaction as the leg results it wrote.
-- A leg's result is the feed's outcome settlement as sent ({ result, voidFactor, deadHeatFactor };
-- a cancellation is stored as a full void), with the seq it came from; null while pending.
-- A ticket whose legs are all decided gets its settlement intent first (settle_status, return,
-- the win's transaction id) while it stays 'open'; the win is then paid through the provider
-- protocol and only its answer moves the ticket to settle_status. An intent without a win is
-- retried by the next pass with the same transaction id (the protocol answers a replay with the
-- original answer). needs_resettlement marks a ticket the automatic pass would not touch (a
-- rollback of an already settled result; a settlement that does not name the ticket's selection):
-- nothing moves for it until an operator or the resettlement step (still to come) handles it.

create table sportsbook_settlement_cursor (
  id integer primary key default 1 check (id = 1),
  last_seq bigint not null default 0 check (last_seq >= 0),
  updated_at timestamptz not null default now()
);
insert into sportsbook_settlement_cursor (id) values (1);

alter table sportsbook_ticket_leg
  add column result jsonb,
  add column result_seq bigint,
  add constraint sportsbook_ticket_leg_result_seq check ((result is null) = (result_seq is null));

alter table sportsbook_ticket
  add column settle_status text check (settle_status in ('won', 'partially_won', 'lost', 'void')),
  add column return_cents bigint check (return_cents >= 0),
  add column settle_transaction_id text,
  add column settled_at timestamptz,
  add column needs_resettlement boolean not null default false,
  add column review_reason text check (review_reason in ('rollback_settlement', 'rollback_cancel', 'selection_not_settled')),
  add constraint sportsbook_ticket_settle_intent check ((settle_status is null) = (return_cents is null) and (settle_status is null) = (settle_transaction_id is null)),
  add constraint sportsbook_ticket_settled check (status not in ('won', 'partially_won', 'lost', 'void') or (settle_status = status and settled_at is not null)),
  add constraint sportsbook_ticket_review check (needs_resettlement = (review_reason is not null));

-- The pass's work lists: intents waiting for their win; open tickets by their markets' pending legs.
create index sportsbook_ticket_settle_due on sportsbook_ticket (id) where status = 'open' and settle_status is not null;
create index sportsbook_ticket_leg_pending on sportsbook_ticket_leg (event_id, market_key) where result is null;
