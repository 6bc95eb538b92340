-- The house game server also serves the demo vendors' games (the sandbox vendor): a round
-- belongs to the vendor whose game was played, HOUSE for the house's own slots.
alter table house_round add column vendor_code text not null default 'HOUSE';
-- The job that settles rounds left open (a win not yet delivered) scans these.
create index house_round_open on house_round (created_at) where status = 'open';
