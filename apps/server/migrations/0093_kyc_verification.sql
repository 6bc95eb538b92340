-- module: kyc
-- Identity verification (issue 27, brazil-compliance §2.2, docs/kyc.md): the member's identity
-- document (front and back for RG and CNH, the photo page for a passport) and a selfie, checked by a
-- verification provider (the sandbox: always "needs review") and decided by an operator.
-- The files are kept in PostgreSQL (bytea, ≤ 10 MB each, type sniffed from the bytes), so a backup
-- of the database holds them with their decision.

-- One row per submission. The member's state is the latest submission's status (none: unverified).
create table kyc_verification (
  id bigserial primary key,
  member_id bigint not null,
  document_type text not null check (document_type in ('rg', 'cnh', 'passport')),
  status text not null default 'pending' check (status in ('pending', 'verified', 'rejected')),
  -- The provider that checked it, its reference and its answer ('approve', 'reject' or 'review').
  provider text not null,
  provider_ref text,
  provider_decision text check (provider_decision in ('approve', 'reject', 'review')),
  -- Why it was refused: a code the member sees translated, and the operator's optional words.
  reject_reason text check (reject_reason in ('document_unreadable', 'document_invalid', 'selfie_mismatch', 'data_mismatch', 'document_expired', 'other')),
  reject_note text check (char_length(reject_note) <= 500),
  submitted_at timestamptz not null default now(),
  -- Null with a decision: the provider decided on its own.
  reviewed_by bigint,
  reviewed_at timestamptz,
  check ((status = 'rejected') = (reject_reason is not null))
);
-- At most one submission waiting for a decision per member (a double click submits once).
create unique index kyc_verification_one_pending on kyc_verification (member_id) where status = 'pending';
create index kyc_verification_member on kyc_verification (member_id, id desc);
create index kyc_verification_queue on kyc_verification (submitted_at) where status = 'pending';

-- The files: uploaded one by one to the member's draft (verification_id null, one per slot),
-- then attached to the submission that sends them.
create table kyc_file (
  id bigserial primary key,
  member_id bigint not null,
  verification_id bigint references kyc_verification (id),
  slot text not null check (slot in ('document_front', 'document_back', 'selfie')),
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'application/pdf')),
  -- The name the browser gave, cleaned (shown to the operator only; never a path, never the type).
  file_name text not null check (char_length(file_name) between 1 and 120),
  size_bytes integer not null check (size_bytes between 1 and 10485760),
  sha256 text not null,
  bytes bytea not null,
  uploaded_at timestamptz not null default now()
);
create unique index kyc_file_draft_slot on kyc_file (member_id, slot) where verification_id is null;
create index kyc_file_verification on kyc_file (verification_id);
