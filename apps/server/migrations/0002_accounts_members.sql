-- Player and agent accounts. Account types per spec §3: 0 member, 1, 2, 41, 42 agents, 4 trial.
create table accounts_member (
  id bigint generated always as identity primary key,
  account text not null check (account = lower(account) and length(account) between 3 and 32),
  nickname text not null check (length(nickname) between 1 and 64),
  type smallint not null default 0 check (type in (0, 1, 2, 4, 41, 42)),
  password_hash text not null,
  -- The member's chosen interface language, remembered across sessions (null = site default).
  language text check (language in ('pt', 'en')),
  status text not null default 'active' check (status in ('active', 'locked', 'closed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index accounts_member_account_key on accounts_member (account);
