-- module: lottery
-- A ticket's settlement writes (its first loss, a win's intent and its mark) can be heap-only
-- (HOT) updates: no index names a column they change, and each page keeps room for the new
-- versions. PostgreSQL makes an update HOT only if no indexed column (keys or partial-index
-- predicates) changes and the new version fits on the row's page; otherwise every index gets a new
-- entry, and in a bulk settlement its "bottom-up deletion" keeps failing on versions still
-- visible (bench/README.md, lottery, 2026-12-01: the ticket write ~19 % of the deciding step).
-- - lottery_ticket_pending named `status`: its predicate is now the same set of tickets by the
--   columns only placement changes (a pending_debit ticket has no bet transaction yet and no
--   refusal: openTickets sets the one, refuseTickets the other).
-- - lottery_ticket_due (open tickets with a settlement intent) named `status` and `settle_status`:
--   the pay step now finds its work through the intents' unpaid settlement rows instead
--   (lottery_settlement_unpaid; every intent and every void is such a row until paid or reversed).
-- - Fill factor 50: a draw updates every ticket at least once, all in one pass; half of each new
--   page stays free for their new versions (the table grows to about twice its size).
drop index lottery_ticket_pending;
create index lottery_ticket_pending on lottery_ticket (created_at) where bet_transaction_id is null and refusal_code is null;
drop index lottery_ticket_due;
create index lottery_settlement_unpaid on lottery_ticket_settlement (ticket_id) where paid_at is null and reversal_transaction_id is null;
alter table lottery_ticket set (fillfactor = 50);
