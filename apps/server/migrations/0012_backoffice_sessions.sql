-- Operator sessions. Only the SHA-256 of the opaque 256-bit token is stored, so a database leak
-- yields no usable token. Idle expiry (30 minutes after last_seen_at) is checked by the query
-- that authenticates; the absolute limit (8 hours) is also held here, so no code path can mint
-- a longer-lived operator session. Times are written by the application's clock, all of them
-- in one insert, so the check never compares two different clocks.
create table backoffice_session (
  token_hash bytea primary key check (length(token_hash) = 32),
  operator_id bigint not null references backoffice_operator (id),
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null check (expires_at <= created_at + interval '8 hours'),
  ip inet,
  user_agent text check (length(user_agent) <= 512),
  revoked_at timestamptz
);
create index backoffice_session_operator_idx on backoffice_session (operator_id) where revoked_at is null;

-- Failed logins per username (known or not, so the answer never reveals which usernames exist),
-- in fixed 15-minute windows; the fifth failure locks the username for 15 minutes.
create table backoffice_login_throttle (
  username text primary key check (length(username) <= 64),
  window_started_at timestamptz not null,
  failures integer not null check (failures >= 0),
  locked_until timestamptz
);

-- Every operator action, and system actions (operator_id null). Business code inserts in its own
-- transaction, so the row commits or rolls back with the change it describes.
create table backoffice_audit (
  id bigint generated always as identity primary key,
  operator_id bigint references backoffice_operator (id),
  action text not null check (length(action) between 1 and 100),
  target_type text not null check (length(target_type) between 1 and 100),
  target_id text not null check (length(target_id) between 1 and 200),
  details jsonb not null default '{}' check (jsonb_typeof(details) = 'object'),
  ip inet,
  created_at timestamptz not null default now()
);
create index backoffice_audit_target_idx on backoffice_audit (target_type, target_id);
create index backoffice_audit_created_at_idx on backoffice_audit (created_at);
create index backoffice_audit_operator_idx on backoffice_audit (operator_id) where operator_id is not null;

-- Append only: a trigger (not a rule) so that an attempt fails loudly instead of silently doing
-- nothing. This stops application bugs and casual edits; it does not stop the table owner, who
-- can disable triggers, so production should run the API as a role that does not own the table.
create function backoffice_audit_refuse_change() returns trigger
language plpgsql as $$
begin
  raise exception 'backoffice_audit is append-only: % refused', tg_op
    using errcode = 'insufficient_privilege';
end;
$$;

create trigger backoffice_audit_no_update_or_delete
  before update or delete on backoffice_audit
  for each row execute function backoffice_audit_refuse_change();

create trigger backoffice_audit_no_truncate
  before truncate on backoffice_audit
  for each statement execute function backoffice_audit_refuse_change();
