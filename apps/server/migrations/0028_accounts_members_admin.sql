-- The back office's members screen: member search, login history, lock reasons, operator notes.

-- Why and when an operator last locked or unlocked the member (the audit log keeps every change).
alter table accounts_member
  add column status_reason text check (length(status_reason) <= 500),
  add column status_changed_at timestamptz;

-- Every session start (login, registration, password reset), written in the session's
-- transaction: where and with what a member came in. accounts_known_ip keeps each address once.
create table accounts_login_history (
  id bigint generated always as identity primary key,
  member_id bigint not null references accounts_member (id),
  at timestamptz not null default now(),
  ip inet,
  user_agent text check (length(user_agent) <= 512)
);
create index accounts_login_history_member_idx on accounts_login_history (member_id, id desc);
-- Sessions so far are the logins so far.
insert into accounts_login_history (member_id, at, ip, user_agent)
  select member_id, created_at, ip, user_agent from accounts_session order by created_at;

-- Operator notes on a member: append-only, with the author and the time.
create table accounts_member_note (
  id bigint generated always as identity primary key,
  member_id bigint not null references accounts_member (id),
  operator_id bigint not null,
  operator_username text not null check (length(operator_username) between 1 and 64),
  body text not null check (length(body) between 1 and 2000),
  created_at timestamptz not null default now()
);
create index accounts_member_note_member_idx on accounts_member_note (member_id, id desc);

create function accounts_member_note_refuse_change() returns trigger
language plpgsql as $$
begin
  raise exception 'accounts_member_note is append-only: % refused', tg_op
    using errcode = 'insufficient_privilege';
end;
$$;
create trigger accounts_member_note_no_update_or_delete
  before update or delete on accounts_member_note
  for each row execute function accounts_member_note_refuse_change();
create trigger accounts_member_note_no_truncate
  before truncate on accounts_member_note
  for each statement execute function accounts_member_note_refuse_change();

-- Search: exact and prefix look-ups by account, e-mail, CPF and mobile. LIKE 'prefix%' can use a
-- btree only under the "C" collation (the database's may be C.UTF-8 or a locale), so these
-- indexes are on the "C"-collated column and the search compares it the same way.
create index accounts_member_account_c_idx on accounts_member ((account collate "C"));
create index accounts_member_email_c_idx on accounts_member ((email collate "C")) where email is not null;
create index accounts_member_cpf_c_idx on accounts_member ((cpf collate "C")) where cpf is not null;
create index accounts_member_mobile_c_idx on accounts_member ((mobile collate "C")) where mobile is not null;
-- By address (exact, or a CIDR block / partial IPv4 through <<=, which a btree on inet serves).
create index accounts_member_registration_ip_idx on accounts_member (registration_ip) where registration_ip is not null;
create index accounts_known_ip_ip_idx on accounts_known_ip (ip);
