-- module: promotions
-- Red envelopes (issue 21): a promotion's pot (its budget) split into N random shares, drawn with
-- node:crypto when the first member grabs. Each member grabs at most one share; concurrent grabs
-- take distinct unclaimed rows (for update skip locked), so N shares are paid and no more, and
-- their sum is the pot. The share count is part of the definition.
alter table promotions_promotion add column envelope_shares integer check (envelope_shares between 1 and 10000);

create table promotions_envelope_share (
  promotion_id bigint not null references promotions_promotion (id),
  seq integer not null check (seq >= 1),
  amount bigint not null check (amount > 0),
  member_id bigint,
  grabbed_at timestamptz,
  primary key (promotion_id, seq),
  check ((member_id is null) = (grabbed_at is null))
);
create unique index promotions_envelope_share_member_idx on promotions_envelope_share (promotion_id, member_id) where member_id is not null;
