-- The biggest-winners board (largest settled wins) and the winners leaderboard (settled wins
-- since the start of a day, week or month) read settled winning rounds only.
create index provider_round_biggest_wins on provider_round (win desc, closed_at desc) where status = 'settled' and win > 0;
create index provider_round_settled_wins on provider_round (closed_at) where status = 'settled' and win > 0;
