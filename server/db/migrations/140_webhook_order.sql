-- Issue 31: an endpoint hears its events in the order they happened, retries included. A message
-- whose earlier messages to the same endpoint are still pending waits (held) instead of being sent;
-- the attempt it was about to make is kept here and queued when the message before it ends.
alter table webhook_messages add column held_attempt integer;
alter table webhook_messages add column held_series text;
create index webhook_messages_endpoint_pending on webhook_messages (endpoint_id, id) where status = 'pending';
