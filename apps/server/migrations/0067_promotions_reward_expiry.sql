-- module: promotions
-- Deposit match and sign-up rewards, and reward expiry (issue 21).
-- A deposit-match promotion keeps its percent and whether only the first deposit qualifies
-- ({ percent, firstDepositOnly }); every promotion says how many days an issued reward waits in
-- the reward centre. A reward not claimed by its expires_at is marked expired by the promotions
-- job and can no longer be claimed (the claim checks the time too, so a late job pays nothing).
alter table promotions_promotion
  add column deposit_match jsonb check (deposit_match is null or jsonb_typeof(deposit_match) = 'object'),
  add column reward_expiry_days integer not null default 30 check (reward_expiry_days between 1 and 365);

alter table promotions_reward
  add column expires_at timestamptz,
  add column expired_at timestamptz;

-- Rewards issued before this migration get the default 30 days from their issue.
update promotions_reward set expires_at = issued_at + interval '30 days' where status = 'claimable';

alter table promotions_reward drop constraint promotions_reward_status_check;
alter table promotions_reward
  add constraint promotions_reward_status_check check (status in ('claimable', 'claimed', 'expired')),
  add constraint promotions_reward_expired_check check ((status = 'expired') = (expired_at is not null));

-- The expiry job's scan: claimable rewards by when they expire.
create index promotions_reward_expiry_idx on promotions_reward (expires_at) where status = 'claimable';
-- The cost report's tallies per promotion and status.
create index promotions_reward_promotion_idx on promotions_reward (promotion_id, status);
