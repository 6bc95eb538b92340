-- module: sportsbook
-- Cash-out (issue 23; reference igaming-integration.md §7): a member sells an open ticket back to the
-- book, whole or in part, at a price quoted from the current odds less the configured margin.
-- The operator's switch and margin (basis points: 500 = 5.00 %) join the ticket rules.
-- A partial cash-out leaves the ticket open with a smaller remaining share (an exact fraction,
-- numerator / denominator; null = 1, the whole ticket): its stake, potential return and final
-- return all shrink by it. A full one ends the ticket as cashed_out, so settlement never reads it.
-- Money like settlement: the cash-out row (the intent) is stored with the ticket's change in one
-- transaction, the win is then paid through the provider protocol with the row's fixed transaction
-- id ('sportsbook-<ticket>-cashout-<n>') and only its answer marks the row paid; an unpaid row is
-- retried with the same id (a replay answers the original).

alter table sportsbook_ticket_setting
  add column cashout_enabled boolean not null default true,
  add column cashout_margin_bp integer not null default 500 check (cashout_margin_bp between 0 and 9999);

alter table sportsbook_ticket
  add column remaining_share_num numeric check (remaining_share_num > 0),
  add column remaining_share_den numeric check (remaining_share_den > 0),
  add column cashed_out_cents bigint not null default 0 check (cashed_out_cents >= 0),
  add constraint sportsbook_ticket_remaining_share check ((remaining_share_num is null) = (remaining_share_den is null) and (remaining_share_num is null or remaining_share_num <= remaining_share_den));

create table sportsbook_ticket_cashout (
  ticket_id bigint not null references sportsbook_ticket (id),
  seq integer not null check (seq between 1 and 1000),
  member_id bigint not null,
  request_id text not null check (length(request_id) between 8 and 64),
  kind text not null check (kind in ('full', 'partial')),
  accepted_price_cents bigint not null check (accepted_price_cents > 0),
  amount_cents bigint not null check (amount_cents > 0 and amount_cents <= accepted_price_cents),
  transaction_id text not null unique,
  status text not null default 'intent' check (status in ('intent', 'paid')),
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  primary key (ticket_id, seq),
  unique (member_id, request_id),
  check ((status = 'paid') = (paid_at is not null))
);
-- The retry pass's work list.
create index sportsbook_ticket_cashout_due on sportsbook_ticket_cashout (created_at) where status = 'intent';
