-- module: lottery
-- Lottery operator console (issue 24): liability caps below the game's default. A draw may carry its
-- own cap per number, and one number of a draw its own (the console's exposure screen sets both);
-- placement checks a number's potential payout against coalesce(number cap, draw cap, game cap).
-- Null means "inherit". A number capped before any bet gets an exposure row with nothing on it.

alter table lottery_draw add column number_liability_cents bigint check (number_liability_cents > 0);
alter table lottery_exposure add column cap_cents bigint check (cap_cents > 0);
