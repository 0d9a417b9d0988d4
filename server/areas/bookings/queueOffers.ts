/**
 * A spot freed for the queue: when a booking that held its time ends early (canceled, declined, its
 * hold released), every customer queued for the same service at a time overlapping it is offered the
 * spot: a `queue.spot_offered` record event per queue entry (webhooks hear it), with the entry as
 * GET /bookinguserqueue answers it and the booking whose time was freed.
 */
import type { FastifyInstance } from 'fastify';
import type { BookingEvent } from '../../shared/bookingEvents';
import type { Db } from '../../db/db';
import { companyContext } from '../../shared/context';
import { findRecord } from '../../autoquery/index';
import { bookingUserQueue } from './resources';

const FREEING: readonly BookingEvent['kind'][] = ['canceled', 'declined', 'released'];

/** The booking event handler: offers the freed time to the queue (inside the booking's transaction). */
export function queueOffers(app: Pick<FastifyInstance, 'recordEvents'>) {
  return async (tx: Db, event: BookingEvent): Promise<void> => {
    if (!FREEING.includes(event.kind)) return;
    const entries = await tx.query<{ id: number }>(
      `select q.id from booking_user_queue q join bookings b on b.id = $2 and b.company_id = q.company_id
        where q.company_id = $1 and q.service_id = b.service_id and q.starts_at < b.ends_at and q.ends_at > b.starts_at
          and q.customer_id is distinct from b.customer_id
        order by q.created, q.id`,
      [event.companyId, event.bookingId],
    );
    for (const { id } of entries) {
      await app.recordEvents.emit(tx, {
        type: 'queue.spot_offered',
        companyId: event.companyId,
        id,
        record: async () => {
          const entry = await findRecord(tx, await companyContext(tx, event.companyId), bookingUserQueue, id);
          return entry && { ...entry, FreedBookingId: event.bookingId };
        },
      });
    }
  };
}
