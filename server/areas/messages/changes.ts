/**
 * Telling a customer their booking changed (issue 30), only when it has: the changed-time message
 * waits `changeMessageDelaySeconds` before it goes; a newer change cancels the one still waiting
 * (it described a booking that is no more: BookingMoved); and a booking back as its customer was
 * last told (a move undone, a quantity put back) is told nothing. What the customer was told is the
 * booking's shape (time, resources, quantities) when a confirmation or changed-time message was sent.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { cancelEntries } from './fit';
import { MESSAGE_TYPE } from './types';

/** SQL for the fingerprint of booking `$id` as its customer sees it: time, spots, resources, quantities. */
export const shapeOf = (id: string) => `(select md5(concat_ws('|', b.starts_at, b.ends_at, b.spots,
    (select string_agg(r.resource_id::text, ',' order by r.resource_id) from booking_resources r where r.booking_id = b.id),
    (select string_agg(coalesce(q.price_id, 0) || ':' || q.quantity, ',' order by q.sort_order) from booking_quantities q where q.booking_id = b.id)))
   from bookings b where b.id = ${id})`;

/** The types whose content tells the customer what their booking is. */
export const TELLING_TYPES: readonly number[] = [MESSAGE_TYPE.Confirmation, MESSAGE_TYPE.ChangedTime];

/**
 * After a change of the booking, in its transaction: cancels its changed-time messages not yet sent,
 * and answers when a new one should go, or null when the booking is as its customer was last told.
 * @example const when = await changeToTell(app, tx, companyId, bookingId); if (when) queue(…, { startAfter: when });
 */
export async function changeToTell(app: FastifyInstance, tx: Db, companyId: number, bookingId: number): Promise<Date | null> {
  const waiting = await tx.query<{ id: number | string; outbox_id: number | string | null }>(
    `select id, outbox_id from message_log where company_id = $1 and booking_id = $2 and type_id = $3 and sent_at is null and canceled_at is null and not is_test`,
    [companyId, bookingId, MESSAGE_TYPE.ChangedTime],
  );
  await cancelEntries(app, tx, companyId, waiting.map((w) => ({ id: Number(w.id), outboxId: w.outbox_id === null ? null : Number(w.outbox_id) })), 'BookingMoved');
  const told = await tx.one<{ same: boolean }>(
    `select l.booking_shape = ${shapeOf('$2')} as same from message_log l
      where l.company_id = $1 and l.booking_id = $2 and l.type_id = any($3::int[]) and l.sent_at is not null and l.booking_shape is not null and not l.is_test
      order by l.sent_at desc, l.id desc limit 1`,
    [companyId, bookingId, TELLING_TYPES],
  );
  if (told?.same) return null;
  return new Date(Date.now() + app.config.changeMessageDelaySeconds * 1000);
}

/** Notes on a message about to be sent what it tells of its booking (confirmations and changed-time messages). */
export async function noteToldShape(db: Db, log: { id: number; booking_id: number | null; type_id: number }): Promise<void> {
  if (log.booking_id === null || !TELLING_TYPES.includes(log.type_id)) return;
  await db.query(`update message_log set booking_shape = ${shapeOf('$2')} where id = $1`, [log.id, log.booking_id]);
}
