-- module: live-tables
-- Live tables (issue 25): the tables' chat, operators' mutes and the console's replay keys.

create table live_chat_message (
  id bigint generated always as identity primary key,
  table_code text not null references live_table (code),
  member_id bigint not null,
  -- As typed, and as shown after the profanity filter.
  original text not null check (char_length(original) between 1 and 200),
  shown text not null,
  filtered boolean not null default false,
  removed_at timestamptz,
  removed_by bigint,
  created_at timestamptz not null default now()
);
create index live_chat_table on live_chat_message (table_code, id desc);
create index live_chat_member on live_chat_message (member_id, id desc);

create table live_chat_mute (
  member_id bigint primary key,
  until timestamptz not null,
  reason text not null,
  operator_id bigint not null,
  created_at timestamptz not null default now()
);

-- The console's changes by request id: a replay answers the first outcome and changes nothing.
create table live_backoffice_action (
  request_id uuid primary key,
  operator_id bigint not null,
  action text not null,
  outcome jsonb not null,
  created_at timestamptz not null default now()
);
