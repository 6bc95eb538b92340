-- module: feedback
-- Feedback and complaints (issue 26): a numbered ticket per submission, its conversation
-- (the member's text, operator replies, internal notes never shown to the member).

create sequence feedback_ticket_number start 1001;

create table feedback_ticket (
  id bigserial primary key,
  number bigint not null unique default nextval('feedback_ticket_number'),
  member_id bigint not null,
  question_type text not null check (question_type in ('suggestion', 'complaint', 'payment', 'game', 'account', 'other')),
  content text not null,
  contact text not null,
  status text not null default 'open' check (status in ('open', 'answered', 'closed')),
  assigned_operator_id bigint,
  assigned_operator_name text,
  client_request_id uuid not null,
  reply_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (member_id, client_request_id)
);
create index feedback_ticket_member on feedback_ticket (member_id, created_at desc);
create index feedback_ticket_queue on feedback_ticket (status, created_at);

create table feedback_entry (
  id bigserial primary key,
  ticket_id bigint not null references feedback_ticket (id),
  kind text not null check (kind in ('reply', 'note')),
  operator_id bigint not null,
  operator_name text not null,
  body text not null,
  request_id uuid not null unique,
  created_at timestamptz not null default now()
);
create index feedback_entry_ticket on feedback_entry (ticket_id, id);
