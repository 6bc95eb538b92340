-- favorites-page
select g.id, g.vendor_code, g.game_code, g.game_type, g.classify, g.names, g.icon_path, g.is_hot, g.is_new, g.min_bet, g.min_line_num, g.rtp::text as rtp, g.demo_supported, g.enabled, g.maintenance, g.is_demo, count(*) over () as total
from catalogue_favorite f join catalogue_game g on g.id = f.game_id
where f.member_id = $1 and g.enabled
order by f.created_at desc, g.id
limit $2
offset $3;
-- tables read:
--   catalogue_game: bitmap heap
--     bitmap index catalogue_game_type_rank
--   catalogue_favorite: bitmap heap
--     bitmap index catalogue_favorite_pkey
