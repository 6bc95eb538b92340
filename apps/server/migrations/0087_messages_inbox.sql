-- module: messages
-- Platform messages (issue 26). A broadcast is one row with its title and body plus one state row
-- per recipient (read/deleted), written by one INSERT…SELECT, so 100,000 recipients cost one
-- statement. A member's own message (operator, system, feedback reply) carries its text in the row.

create table messages_broadcast (
  id bigserial primary key,
  -- {"kind":"all"} | {"kind":"vip","rank":n} | {"kind":"team","agentId":"…","account":"…"} | {"kind":"accounts","accounts":[…]}
  audience jsonb not null,
  title text not null,
  body_html text not null,
  status text not null default 'scheduled' check (status in ('scheduled', 'sent', 'cancelled')),
  send_at timestamptz not null,
  sent_at timestamptz,
  recipient_count integer not null default 0,
  created_by bigint not null,
  request_id uuid not null unique,
  created_by_name text not null,
  cancelled_by bigint,
  created_at timestamptz not null default now()
);
create index messages_broadcast_due on messages_broadcast (send_at) where status = 'scheduled';
create index messages_broadcast_recent on messages_broadcast (created_at desc);

create table messages_item (
  id bigserial primary key,
  member_id bigint not null,
  -- broadcast | operator | system | feedback
  kind text not null check (kind in ('broadcast', 'operator', 'system', 'feedback')),
  broadcast_id bigint references messages_broadcast (id),
  -- system messages: a template name and its parameters, rendered in the member's language by the client
  template text,
  params jsonb,
  title text,
  body_html text,
  source_key text,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  deleted_at timestamptz,
  check (broadcast_id is not null or template is not null or (title is not null and body_html is not null))
);
-- Replays of one event or one broadcast never duplicate a member's message.
create unique index messages_item_source on messages_item (member_id, source_key) where source_key is not null;
create unique index messages_item_broadcast on messages_item (broadcast_id, member_id) where broadcast_id is not null;
create index messages_item_inbox on messages_item (member_id, id desc) where deleted_at is null;
create index messages_item_unread on messages_item (member_id) where deleted_at is null and read_at is null;
