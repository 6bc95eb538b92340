-- Session hand-off codes: a logged-in member asks for a code, a link carries it (?handoff=) to
-- another app or tab, and exchanging it there opens a new session. Short-lived (60 s) and single
-- use; only the SHA-256 of the 256-bit code is stored, like session tokens. A link therefore never
-- carries a session token, and a leaked link is worthless once used or a minute old.
create table accounts_session_handoff (
  code_hash bytea primary key check (length(code_hash) = 32),
  member_id bigint not null references accounts_member (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  check (expires_at > created_at and expires_at <= created_at + interval '5 minutes')
);
-- Live codes per member (the issue cap) and the sweep of old ones.
create index accounts_session_handoff_member_idx on accounts_session_handoff (member_id, expires_at);
create index accounts_session_handoff_expires_idx on accounts_session_handoff (expires_at);
