import type { FastifyInstance } from 'fastify';

/**
 * What bookings' transactions use of the app: the database and the decorators other plugins
 * declare (server/shared/ports.ts: `availability` from schedules, `pricing` from services,
 * `payments` from payments,
 * `bookingEvents` and `recordEvents`). The route handlers pass their `app`; a job or a test passes the server's app.
 */
export type BookingApp = Pick<FastifyInstance, 'db' | 'availability' | 'pricing' | 'payments' | 'bookingEvents' | 'recordEvents'>;

/** The same app working in `db` (a transaction already open, e.g. booking a queued customer). */
export function inTransaction(app: BookingApp, db: BookingApp['db']): BookingApp {
  return { db, availability: app.availability, pricing: app.pricing, payments: app.payments, bookingEvents: app.bookingEvents, recordEvents: app.recordEvents };
}
