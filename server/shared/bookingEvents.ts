/**
 * The hook point for what follows a booking change: confirmations, cancellation messages,
 * webhooks, calendar sync. Handlers run INSIDE the change's transaction, so they should only
 * record work (an outbox row, a job) for after the commit, never send anything themselves: a
 * rolled-back booking then sends nothing, and a failed mail never fails the booking.
 * It lives in server/shared so that any area (messages, the scheduler's live feed, webhooks) can
 * subscribe without importing bookings. Messaging (issue 14) registers its handler with onBookingEvent and records an outbox entry
 * (server/shared/outbox: delivered after the commit, retried, never failing the booking).
 * @example
 * onBookingEvent(async (tx, event) => {
 *   if (event.kind === 'created') {
 *     await app.outbox.add(tx, { companyId: event.companyId, kind: 'booking_confirmation', key: `booking:${event.bookingId}:created`, payload: { ...event } });
 *   }
 * });
 */
import type { Db } from '../db/db';

export type BookingEventKind = 'created' | 'changed' | 'approved' | 'declined' | 'canceled' | 'paid' | 'refunded' | 'released';

export interface BookingEvent {
  kind: BookingEventKind;
  companyId: number;
  bookingId: number;
  /** Cancel, decline, approve: the message to the customer the administrator wrote. */
  commentsToCustomer?: string | null;
  /** Cancel and decline: whether the administrator asked for the customer to be told. */
  sendEmail?: boolean;
  sendSms?: boolean;
}

export type BookingEventHandler = (tx: Db, event: BookingEvent) => Promise<void>;

const handlers: BookingEventHandler[] = [];

/** Registers a handler for every booking change; answers a function that removes it. */
export function onBookingEvent(handler: BookingEventHandler): () => void {
  handlers.push(handler);
  return () => {
    const at = handlers.indexOf(handler);
    if (at >= 0) handlers.splice(at, 1);
  };
}

/** Runs the handlers inside the change's transaction. */
export async function emitBookingEvent(tx: Db, event: BookingEvent): Promise<void> {
  for (const handler of handlers) await handler(tx, event);
}
