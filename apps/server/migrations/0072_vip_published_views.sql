-- module: vip
-- What the VIP module publishes for others to read in SQL (issue 21 rebates and eligibility):
-- each member's level (no row = rank 0, as for the VIP module itself) and each level's rebate
-- percent per product type (live, slots, sports, lottery, pvp, fish; '0' when the level pays none).
create view vip_v_member_rank as
  select member_id, rank from vip_member;

create view vip_v_level_rebate as
  select d.rank, r.key as product_type, r.value::numeric as rate_percent
  from vip_level_definition d cross join lateral jsonb_each_text(d.rebates) as r;
