-- session
select "demo", expires_at <= now() as "expired"
from "provider_player_session"
where "vendor_code" = $1 and "member_id" = $2;
-- tables read:
--   provider_player_session: index provider_player_session_pkey
