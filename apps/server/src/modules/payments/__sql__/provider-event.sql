-- provider-event
select "outcome"
from "payments_provider_event"
where "provider" = $1 and "event_id" = $2;
-- tables read:
--   payments_provider_event: index payments_provider_event_provider_event_id_key
