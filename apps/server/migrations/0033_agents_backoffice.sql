-- The console's agent screens (issue 11): the tree browser lists the top agents (agent accounts
-- without an upline) by account name, a page at a time, and counts them; settlement runs are
-- listed newest first, by kind.
create index accounts_member_top_agents on accounts_member (account)
  where upline_member_id is null and type in (1, 2, 41, 42);
create index agents_settlement_run_kind on agents_settlement_run (kind, id);
