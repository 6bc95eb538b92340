-- module: backoffice
-- Maker-checker for sensitive operator actions beyond balance adjustments (issue 20): a vendor's
-- wallet mode, a provider secret rotation, the payment limits, settling or re-running an agents'
-- period. One operator proposes (the owning module checks the payload and names its target);
-- another operator with the kind's permission approves, which applies the action (in the same
-- transaction as the decision where the action is one database change), or rejects.
create table backoffice_approval_request (
  id bigint generated always as identity primary key,
  kind text not null check (kind ~ '^[a-z_]+(\.[a-z_]+)+$' and length(kind) <= 64),
  -- What the change is about (a vendor code, 'payments', a run id…): one pending request per kind and target.
  target text not null check (length(target) between 1 and 100),
  payload jsonb not null check (jsonb_typeof(payload) = 'object'),
  reason text not null check (length(reason) between 1 and 500),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'failed')),
  requested_by bigint not null,
  requested_by_name text not null check (length(requested_by_name) between 1 and 64),
  requested_at timestamptz not null default now(),
  decided_by bigint,
  decided_by_name text check (length(decided_by_name) between 1 and 64),
  decided_at timestamptz,
  decision_note text check (length(decision_note) <= 500),
  -- What the approval did (never a secret), or the error code of a failed one.
  result jsonb,
  check ((status = 'pending') = (decided_at is null)),
  check ((status = 'pending') = (decided_by is null)),
  -- The checker is never the maker.
  check (status not in ('approved', 'failed') or decided_by <> requested_by)
);
create unique index backoffice_approval_request_pending_target_idx on backoffice_approval_request (kind, target) where status = 'pending';
create index backoffice_approval_request_status_idx on backoffice_approval_request (status, id desc);
