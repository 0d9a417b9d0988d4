/**
 * Calendar sync (issue 33): the company's secret iCal feeds (the company's, each resource's, each
 * administrator's own bookings) that Google Calendar, Outlook and Apple Calendar subscribe to.
 * Administrator-only (the `sync` area of the permission matrix). Every booking change bumps the
 * booking's SEQUENCE in the change's own transaction, so a subscriber's calendar replaces the event
 * (same UID) instead of keeping the old one.
 */
import type { FastifyInstance } from 'fastify';
import { BOOKING_EVENTS } from '../../shared/bookingEvents';
import { area } from '../../shared/area';
import { extendMessages } from '../../shared/messages';
import google from './google';
import icalsync from './icalsync';
import { messages } from './messages';

async function syncArea(app: FastifyInstance): Promise<void> {
  extendMessages(messages);
  await icalsync(app);
  // Each change of a booking of the company raises its SEQUENCE (an event for no such booking changes nothing).
  app.bookingEvents.on(async (tx, event) => {
    await tx.query(
      `insert into calendar_sequences (booking_id, company_id, sequence) select id, company_id, $3 from bookings where id = $1 and company_id = $2
       on conflict (booking_id) do update set sequence = calendar_sequences.sequence + 1, updated = now()`,
      [event.bookingId, event.companyId, event.kind === 'created' ? 0 : 1],
    );
  });
  // After the sequence: Google's push is keyed by it.
  await google(app);
}

export default area('sync', syncArea, [BOOKING_EVENTS]);
