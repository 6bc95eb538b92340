-- module: lottery
-- Lottery (issue 24): tickets, their settlements (and reversals after a corrected result), per-number exposure.

create table lottery_ticket (
  id bigint generated always as identity primary key,
  member_id bigint not null,
  request_id text not null check (request_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  -- Hash of the request's content: the same request id with other content is a conflict.
  request_hash text not null,
  draw_id bigint not null references lottery_draw (id),
  game_code text not null,
  bet_type text not null,
  prize_mode text not null,
  selections text[] not null,
  combinations integer not null check (combinations >= 1),
  unit_stake_cents bigint not null check (unit_stake_cents > 0),
  total_stake_cents bigint not null check (total_stake_cents > 0),
  -- The odds table locked at acceptance.
  odds jsonb not null,
  status text not null check (status in ('pending_debit', 'open', 'refused', 'won', 'lost', 'void')),
  refusal_code text,
  bet_transaction_id text,
  -- The settlement in force (intent until its win is answered; the ticket takes its status then).
  settle_status text check (settle_status in ('won', 'lost', 'void')),
  return_cents bigint,
  hits integer,
  settle_n integer not null default 0,
  settle_transaction_id text,
  -- The draw's result version this ticket was last settled for (a correction raises the draw's).
  result_version integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (member_id, request_id)
);
create index lottery_ticket_draw on lottery_ticket (draw_id, id);
create index lottery_ticket_member on lottery_ticket (member_id, created_at desc, id desc);
create index lottery_ticket_pending on lottery_ticket (created_at) where status = 'pending_debit';
create index lottery_ticket_due on lottery_ticket (draw_id, id) where settle_status is not null and status = 'open';

-- Each settlement n of a ticket; a correction reverses the one in force (a rollback of its win) and adds n + 1.
create table lottery_ticket_settlement (
  ticket_id bigint not null references lottery_ticket (id),
  n integer not null check (n >= 1),
  status text not null check (status in ('won', 'lost', 'void')),
  return_cents bigint not null check (return_cents >= 0),
  hits integer not null default 0,
  result_version integer not null,
  win_transaction_id text not null unique,
  paid_at timestamptz,
  reversal_transaction_id text unique,
  reversed_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (ticket_id, n)
);
create index lottery_settlement_reversal_due on lottery_ticket_settlement (ticket_id) where reversal_transaction_id is not null and reversed_at is null;

-- Potential payout per number (selection) and draw of accepted tickets, capped by the game's number_liability_cents.
create table lottery_exposure (
  draw_id bigint not null references lottery_draw (id),
  number text not null,
  liability_cents bigint not null default 0,
  tickets integer not null default 0,
  primary key (draw_id, number)
);
