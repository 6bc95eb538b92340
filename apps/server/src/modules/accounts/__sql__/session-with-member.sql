-- session-with-member
select "s"."token_hash", "s"."last_seen_at", "s"."absolute_expires_at", "s"."revoked_at", "m"."id" as "member_id", "m"."account", "m"."nickname", "m"."type", "m"."status", "m"."language", "m"."must_change_password"
from "accounts_session" as "s"
inner join "accounts_member" as "m" on "m"."id" = "s"."member_id"
where "s"."token_hash" = $1;
-- tables read:
--   accounts_session: index accounts_session_pkey
--   accounts_member: index accounts_member_pkey
