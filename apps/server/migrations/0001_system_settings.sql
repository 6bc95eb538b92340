-- Operator-editable settings of the system module, one JSON document per key.
-- Each key's shape is validated by the system module (system.settings.ts) before it is stored.
create table system_setting (
  key text primary key check (key ~ '^[a-z][a-zA-Z0-9_.]{0,63}$'),
  value jsonb not null,
  updated_at timestamptz not null default now(),
  updated_by text
);

-- The worker writes a heartbeat so that the API (and later the back-office) can tell
-- whether background jobs are running.
create table system_worker_heartbeat (
  worker_id text primary key,
  hostname text not null,
  pid integer not null,
  started_at timestamptz not null,
  seen_at timestamptz not null
);
