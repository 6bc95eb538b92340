-- module: promotions
-- The promotion engine (issue 21): what an operator defines, who joined or applied, the images of
-- an application (stored here, outside the web root, and served with their sniffed type), and the
-- rewards an approval or a job issues, which the member claims in the reward centre. Money moves
-- only through the wallet's ledger when a reward is claimed; `spent` and the per-member totals are
-- the conditional counters that keep every claim inside the budget and the cap under concurrency.
create table promotions_promotion (
  id bigint generated always as identity primary key,
  type text not null check (type in ('deposit_match', 'cashback', 'rebate', 'red_envelope', 'wheel', 'golden_egg', 'raffle', 'application', 'sign_up')),
  status text not null default 'active' check (status in ('active', 'paused', 'ended')),
  starts_at timestamptz not null,
  ends_at timestamptz,
  -- Registration window, new members only, one per CPF, agent team, deposit / valid-bet minimum, VIP levels (issue 22).
  eligibility jsonb not null check (jsonb_typeof(eligibility) = 'object'),
  budget bigint not null check (budget > 0),
  spent bigint not null default 0 check (spent >= 0 and spent <= budget),
  member_cap bigint not null check (member_cap > 0),
  -- { kind: cash, amount } or { kind: bonus, amount, wageringMultiple, expiryDays }; amounts in centavos as strings.
  reward jsonb not null check (jsonb_typeof(reward) = 'object'),
  -- { pt: { title, summary, html }, en: { … } }; html sanitised on save.
  texts jsonb not null check (jsonb_typeof(texts) = 'object'),
  image_url text check (length(image_url) <= 500),
  sort_order integer not null default 0,
  idempotency_key text unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by text not null,
  check (ends_at is null or ends_at > starts_at)
);
create index promotions_promotion_live_idx on promotions_promotion (sort_order, id) where status <> 'ended';

-- One row per member and promotion: a join, or an application (draft → applying → approved | rejected; rejected may apply again).
create table promotions_participation (
  id bigint generated always as identity primary key,
  promotion_id bigint not null references promotions_promotion (id),
  member_id bigint not null,
  state text not null check (state in ('joined', 'draft', 'applying', 'approved', 'rejected')),
  -- The member's CPF when the promotion allows one claim per CPF (a second account of the same person is refused).
  cpf text,
  comment text check (length(comment) <= 140),
  reason text check (length(reason) <= 500),
  created_at timestamptz not null default now(),
  submitted_at timestamptz,
  decided_at timestamptz,
  decided_by text,
  unique (promotion_id, member_id)
);
create unique index promotions_participation_cpf_idx on promotions_participation (promotion_id, cpf) where cpf is not null;
create index promotions_participation_review_idx on promotions_participation (state, submitted_at) where state = 'applying';

create table promotions_application_image (
  id bigint generated always as identity primary key,
  participation_id bigint not null references promotions_participation (id) on delete cascade,
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  bytes bytea not null check (octet_length(bytes) between 1 and 5242880),
  created_at timestamptz not null default now()
);
create index promotions_application_image_participation_idx on promotions_application_image (participation_id, id);

-- A reward issued to a member; claimed once (status moves claimable → claimed in the claim's transaction).
create table promotions_reward (
  id bigint generated always as identity primary key,
  promotion_id bigint not null references promotions_promotion (id),
  member_id bigint not null,
  -- What issued it, unique: `application:<participation id>` (a job's period key later).
  source_key text not null unique check (length(source_key) <= 200),
  kind text not null check (kind in ('cash', 'bonus')),
  amount bigint not null check (amount > 0),
  wagering_multiple numeric(6, 2),
  expiry_days integer,
  status text not null default 'claimable' check (status in ('claimable', 'claimed')),
  issued_at timestamptz not null default now(),
  claimed_at timestamptz,
  seen_at timestamptz,
  check ((kind = 'bonus') = (wagering_multiple is not null and expiry_days is not null)),
  check ((status = 'claimed') = (claimed_at is not null))
);
create index promotions_reward_member_idx on promotions_reward (member_id, status, id desc);

-- What each member was paid per promotion: the cap's conditional counter.
create table promotions_member_total (
  promotion_id bigint not null references promotions_promotion (id),
  member_id bigint not null,
  paid bigint not null default 0 check (paid >= 0),
  primary key (promotion_id, member_id)
);
