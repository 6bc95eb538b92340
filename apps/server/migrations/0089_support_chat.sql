-- module: support-chat
-- Customer-service chat (issue 26): conversations between a member or a visitor and operators,
-- their messages and images, canned replies and who of the operators is on duty.

-- A visitor who passed the captcha: the token (kept only as its SHA-256) is their key to their chats.
create table support_visitor (
  id bigint generated always as identity primary key,
  token_hash bytea not null unique,
  name text check (char_length(name) <= 60),
  contact text check (char_length(contact) <= 120),
  created_at timestamptz not null default now()
);

create table support_conversation (
  id bigint generated always as identity primary key,
  member_id bigint,
  visitor_id bigint references support_visitor (id),
  status text not null default 'waiting' check (status in ('waiting', 'assigned', 'closed')),
  operator_id bigint,
  created_at timestamptz not null default now(),
  -- When it (re)entered the queue: the queue is served oldest first.
  queued_at timestamptz not null default now(),
  assigned_at timestamptz,
  -- The first operator message: first-response time = first_response_at - created_at.
  first_response_at timestamptz,
  closed_at timestamptz,
  closed_by bigint,
  last_message_id bigint not null default 0,
  -- Read receipts: the last message id each side has seen.
  party_read_id bigint not null default 0,
  operator_read_id bigint not null default 0,
  check ((member_id is null) <> (visitor_id is null)),
  check ((status = 'assigned') = (operator_id is not null))
);
-- One open conversation per member and per visitor; a message after close starts a new one.
create unique index support_conversation_open_member on support_conversation (member_id) where status <> 'closed' and member_id is not null;
create unique index support_conversation_open_visitor on support_conversation (visitor_id) where status <> 'closed' and visitor_id is not null;
create index support_conversation_queue on support_conversation (queued_at, id) where status = 'waiting';
create index support_conversation_operator on support_conversation (operator_id) where status = 'assigned';
create index support_conversation_created on support_conversation (created_at);
create index support_conversation_party on support_conversation (member_id, id desc);

-- Images as sniffed from their bytes (PNG or JPEG), at most 5 MB, served only to the conversation's parties.
create table support_image (
  id uuid primary key,
  conversation_id bigint not null references support_conversation (id),
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  bytes bytea not null check (octet_length(bytes) between 1 and 5242880),
  created_at timestamptz not null default now()
);
create index support_image_conversation on support_image (conversation_id);

create table support_message (
  id bigint generated always as identity primary key,
  conversation_id bigint not null references support_conversation (id),
  sender text not null check (sender in ('party', 'operator')),
  operator_id bigint,
  -- The client's id for the message: a resend (double click, reconnect) is stored once.
  client_id uuid not null,
  body text check (char_length(body) between 1 and 1000),
  image_id uuid references support_image (id),
  created_at timestamptz not null default now(),
  check (body is not null or image_id is not null)
);
create unique index support_message_client on support_message (conversation_id, sender, client_id);
create index support_message_conversation on support_message (conversation_id, id);

create table support_canned_reply (
  id bigint generated always as identity primary key,
  shortcut text not null unique check (shortcut ~ '^[a-z0-9_-]{1,30}$'),
  body text not null check (char_length(body) between 1 and 1000),
  updated_by bigint not null,
  updated_at timestamptz not null default now()
);

-- Operators on duty: the chat screen beats every 20 s; online = seen within the last minute.
create table support_operator_presence (
  operator_id bigint primary key,
  display_name text not null,
  last_seen_at timestamptz not null default now()
);
