-- Mines: a house round that spans several requests (start, reveals, cash-out). While the player
-- is revealing cells the round is 'playing': its bet is taken (or being taken) and its closing win
-- is not decided yet, so the job that delivers the stored win of 'open' rounds never touches it.
-- Cashing out or hitting a mine fixes the win and moves the round to 'open'; the usual delivery
-- (or that job) then settles it.
alter table house_round drop constraint house_round_status_check;
alter table house_round add constraint house_round_status_check check (status in ('open', 'playing', 'settled', 'failed'));

-- The player's last move on a round in progress (start, reveal): rounds left alone for a day are
-- closed by the settle job (docs/ARCHITECTURE.md, house-games).
alter table house_round add column last_action_at timestamptz;

-- One round in progress per member and game: the service checks under the seed-row lock, and
-- this index makes a second one impossible whatever happens.
create unique index house_round_one_playing on house_round (member_id, game_code) where status = 'playing';
create index house_round_playing on house_round (last_action_at) where status = 'playing';
