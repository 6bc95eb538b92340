-- module: sportsbook
-- Resettlement of tickets (issue 23; reference igaming-integration.md §7.3: a settlement is never
-- edited, its credit is reversed by an appended entry and the ticket settled again). Every
-- settlement of a ticket is a row here, numbered n = 1, 2, …: its status and return, the closing
-- win's transaction id (sportsbook-<id>-settle-n) and when the win was answered, the result log row
-- that decided it; when a later result reverses it, the reversal's transaction id (a rollback of
-- that win through the provider protocol, sportsbook-<id>-unsettle-n), the log row that caused it
-- and when the reversal was answered. Each row is the intent first and its money after, retried
-- with the same ids, so a crash between the two pays nothing twice. The ticket's settle_status,
-- return_cents and settle_transaction_id stay the settlement in force (the last row not being
-- reversed); settle_n is its number, or the last one's once it is reversed.

create table sportsbook_ticket_settlement (
  ticket_id bigint not null references sportsbook_ticket (id),
  n integer not null check (n >= 1),
  status text not null check (status in ('won', 'partially_won', 'lost', 'void')),
  return_cents bigint not null check (return_cents >= 0),
  win_transaction_id text not null,
  paid_at timestamptz,
  caused_by_seq bigint,
  reversal_transaction_id text,
  reversed_by_seq bigint,
  reversed_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (ticket_id, n),
  check (reversed_at is null or reversal_transaction_id is not null)
);
-- The pass's work list: reversals stored and not yet answered.
create index sportsbook_ticket_settlement_reversal_due on sportsbook_ticket_settlement (ticket_id) where reversal_transaction_id is not null and reversed_at is null;

alter table sportsbook_ticket add column settle_n integer not null default 0 check (settle_n >= 0);

-- The settlements made before this migration: each ticket's first (its win, if answered).
insert into sportsbook_ticket_settlement (ticket_id, n, status, return_cents, win_transaction_id, paid_at, created_at)
select id, 1, settle_status, return_cents, settle_transaction_id, settled_at, coalesce(settled_at, updated_at)
from sportsbook_ticket where settle_status is not null;
update sportsbook_ticket set settle_n = 1 where settle_status is not null;
