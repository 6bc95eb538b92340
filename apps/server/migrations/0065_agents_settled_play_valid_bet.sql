-- module: agents
-- The settled-play view publishes each fact's valid bet too (issue 21: the promotions module's
-- daily rebate is a rate of valid bet per product type, and needs it per round, not per day).
-- The column is added at the end, so every reader of the view keeps its columns and order.
create or replace view agents_v_settled_play as
  select seq, member_id, vendor_code, round_id, bets, stake, payout, settled_at, rolled_up, valid_bet from agents_bet_fact;
