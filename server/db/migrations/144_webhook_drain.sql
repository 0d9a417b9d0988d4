-- Issue 31: an endpoint's messages are sent by one drain at a time, in the order of their ids,
-- back to back (server/areas/webhooks/delivery.ts). A drain holds the endpoint's lease
-- (drain_until) while it sends; a message keeps its own next attempt (next_attempt, in the series a
-- resend started) and, after a failed one, when the retry is due: later messages to the endpoint
-- wait behind it until then. This replaces the held_* columns of 140, where each message was its
-- own attempt and a held one was released by the one before it.
alter table webhook_endpoints add column drain_until timestamptz;
alter table webhook_messages add column next_attempt integer not null default 1;
alter table webhook_messages add column series text;
alter table webhook_messages add column due timestamptz;
update webhook_messages m
   set next_attempt = coalesce(m.held_attempt, (select count(*) + 1 from webhook_attempts a where a.message_id = m.id)),
       series = m.held_series
 where m.status = 'pending';
alter table webhook_messages drop column held_attempt;
alter table webhook_messages drop column held_series;
