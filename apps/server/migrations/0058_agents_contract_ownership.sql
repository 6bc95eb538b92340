-- module: agents
-- Issue 20, agent centre corrections (docs/agent-commissions.md "Who pays"): notices the agents
-- module leaves for agents when a contract of theirs changes without their doing (an operator
-- grant replacing what their upline offered, a contract ended because its payer's ended), shown
-- in the agent centre until a platform messages module exists; and why a settlement line pays
-- nothing, so a dividend of a team that won is not called "no tier reached".

create table agents_notice (
  id bigint generated always as identity primary key,
  member_id bigint not null references accounts_member (id),
  kind text not null check (kind in ('grant_replaced_offer', 'grant_replaced_mine', 'ended_with_payer', 'downline_contracts_ended')),
  contract_kind text not null check (contract_kind in ('dividend', 'daily', 'hourly', 'realtime')),
  -- The contract the notice is about (the one granted, or the one ended).
  contract_id bigint not null references agents_contract (id),
  -- Accounts named in the text (the other party, the downlines whose contracts ended), as they
  -- were when it happened.
  params jsonb not null default '{}'::jsonb check (jsonb_typeof(params) = 'object'),
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index agents_notice_member on agents_notice (member_id, created_at desc);
create index agents_notice_unread on agents_notice (member_id) where read_at is null;

-- Why a line pays nothing (null when it pays): the team won or lost nothing (dividend base 0),
-- no valid bet (salary base 0), no tier reached, a gross under one centavo, or a delta run with
-- nothing more for this agent (a line kept because it paid its downlines).
alter table agents_settlement_line add column outcome text
  check (outcome in ('team_won', 'no_loss', 'no_play', 'no_tier', 'below_centavo', 'nothing_more'));
