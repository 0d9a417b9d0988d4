-- What a "your booking is changed" message is measured against (issue 30): the booking as its
-- customer was told it, a fingerprint of its time, resources and quantities written when a
-- confirmation or a changed-time message is sent. A change that brings the booking back to what the
-- customer was last told (a move undone) is then told nothing.
alter table message_log add column booking_shape text;
