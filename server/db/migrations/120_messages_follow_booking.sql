-- Issue 29: messages follow the booking. A message not yet delivered that no longer fits its booking
-- (a reminder of a canceled, declined or expired booking, or for the old time of a moved one) is
-- canceled in the transaction of the booking's change, or by delivery's last look at the booking;
-- its log entry keeps why. A test send (the template editor's) is marked as one and is not counted
-- as a message to a customer.
alter table outbox drop constraint outbox_state_check;
alter table outbox add constraint outbox_state_check check (state in ('queued', 'sent', 'failed', 'canceled'));

alter table message_log
  add column canceled_at timestamptz,
  -- BookingCanceled, BookingDeclined, BookingExpired, BookingMoved or BookingGone.
  add column cancel_reason text,
  add column is_test boolean not null default false,
  -- The booking's start when the message was queued: a reminder is for that time only.
  add column booking_starts_at timestamptz;

update message_log l set booking_starts_at = (o.payload ->> 'startsAt')::timestamptz
  from outbox o where o.id = l.outbox_id and o.payload ? 'startsAt';
update message_log l set is_test = true
  from outbox o where o.id = l.outbox_id and o.key like 'test:%';

drop view message_log_view;
create view message_log_view as
select l.*,
       case when l.sent_at is not null then 'sent'
            when l.canceled_at is not null then 'canceled'
            else coalesce(o.state, 'queued') end as status,
       coalesce(o.attempts, 0) as attempts,
       o.last_error,
       greatest(l.updated, coalesce(o.updated, l.updated)) as modified
  from message_log l left join outbox o on o.id = l.outbox_id;
