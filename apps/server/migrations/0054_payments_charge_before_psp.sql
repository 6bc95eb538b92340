-- module: payments
-- Issue 20 (a real PSP): a deposit row is written before the PSP is asked for its charge, so a
-- timeout leaves a record the reconciliation job can complete (the PSP's charge read back by our
-- txid) or close. Until the PSP has answered, the deposit has no BR Code yet.
alter table payments_deposit alter column br_code drop not null;
