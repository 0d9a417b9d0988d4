/**
 * The hook point for what follows a booking change: confirmations, cancellation messages,
 * webhooks, calendar sync, payments. Handlers run INSIDE the change's transaction, so they should
 * only record work (an outbox row, a job) for after the commit, never send anything themselves: a
 * rolled-back booking then sends nothing, and a failed mail never fails the booking.
 *
 * It is a Fastify decorator (`app.bookingEvents`), declared by the plugin below (name
 * 'booking-events'), so each app has its own subscribers and an area that subscribes or emits
 * names the plugin in its `dependencies` (checked at boot; see server/shared/area.ts).
 * @example
 * app.bookingEvents.on(async (tx, event) => {
 *   if (event.kind === 'created') {
 *     await app.outbox.add(tx, { companyId: event.companyId, kind: 'booking_confirmation', key: `booking:${event.bookingId}:created`, payload: { ...event } });
 *   }
 * });
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';

/**
 * What happened: `changed` is a change of the booking's time, resources or quantities (its shape);
 * `updated` a change of its texts and flags only (nothing a customer is told of).
 */
export type BookingEventKind = 'created' | 'changed' | 'updated' | 'approved' | 'declined' | 'canceled' | 'paid' | 'refunded' | 'released';

export interface BookingEvent {
  kind: BookingEventKind;
  companyId: number;
  bookingId: number;
  /** Cancel, decline, approve: the message to the customer the administrator wrote. */
  commentsToCustomer?: string | null;
  /** Cancel, decline and a change: whether the administrator asked for the customer to be told (left out: the booking's flags). */
  sendEmail?: boolean;
  sendSms?: boolean;
  /** A `changed` booking whose time or resources changed (a move), not only its quantities. */
  moved?: boolean;
}

/**
 * The booking as GET /bookings answers it, for subscribers that hand it on (webhooks); the bookings
 * area provides it (`describe`). Read in the event's transaction, so it is the booking as changed.
 */
export type BookingReader = (tx: Db, companyId: number, bookingId: number) => Promise<object | undefined>;

export type BookingEventHandler = (tx: Db, event: BookingEvent) => Promise<void>;

/** The subscribers of one app, in the order they subscribed. */
export class BookingEvents {
  private readonly handlers: BookingEventHandler[] = [];
  private reader: BookingReader | undefined;

  /** Sets how a booking reads as the API answers it (the bookings area does, at boot). */
  describe(reader: BookingReader): void {
    this.reader = reader;
  }

  /** The booking as GET /bookings answers it; throws when no area described bookings. */
  record(tx: Db, companyId: number, bookingId: number): Promise<object | undefined> {
    if (!this.reader) throw new Error('bookingEvents.record: no area described bookings (the bookings area calls describe at boot)');
    return this.reader(tx, companyId, bookingId);
  }

  /** Registers a handler for every booking change; answers a function that removes it. */
  on(handler: BookingEventHandler): () => void {
    this.handlers.push(handler);
    return () => {
      const at = this.handlers.indexOf(handler);
      if (at >= 0) this.handlers.splice(at, 1);
    };
  }

  /** Runs the handlers inside the change's transaction (a handler that throws rolls the change back). */
  async emit(tx: Db, event: BookingEvent): Promise<void> {
    for (const handler of this.handlers) await handler(tx, event);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Booking changes: bookings emits, messages, the scheduler's feed and integrations subscribe. */
    bookingEvents: BookingEvents;
  }
}

export const BOOKING_EVENTS = 'booking-events';

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('bookingEvents', new BookingEvents());
  },
  { name: BOOKING_EVENTS },
);
