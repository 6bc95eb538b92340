-- Operator (back-office) accounts are separate from members: a leaked member session can
-- never act as an operator, and operators never appear in player reports.
create table backoffice_operator (
  id bigint generated always as identity primary key,
  username text not null check (username = lower(username) and length(username) between 3 and 32),
  display_name text not null,
  role text not null check (role in ('owner', 'finance', 'risk', 'support', 'content')),
  password_hash text not null,
  must_change_password boolean not null default false,
  status text not null default 'active' check (status in ('active', 'locked')),
  created_at timestamptz not null default now()
);
create unique index backoffice_operator_username_key on backoffice_operator (username);
