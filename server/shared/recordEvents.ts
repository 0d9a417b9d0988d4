/**
 * Changes of records other than bookings that integrations hear of (webhooks): customers created,
 * changed and deleted, a queue spot offered, a payment received. Like booking events, handlers run
 * INSIDE the change's transaction and only record work for after the commit, so a rolled-back change
 * tells no one.
 *
 * The emitting area hands the record as its GET answers it, lazily (`record`): it is read, in the
 * same transaction, only when a subscriber wants it (an endpoint hears the type).
 * @example
 * await app.recordEvents.emit(tx, { type: 'customer.created', companyId, id, record: () => readCustomer(tx, companyId, id) });
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import type { Booking } from '../../schema/bookings';
import type { BookingEvents } from './bookingEvents';

export type RecordEventType = 'customer.created' | 'customer.updated' | 'customer.deleted' | 'queue.spot_offered' | 'payment.received';

export interface RecordEvent {
  type: RecordEventType;
  companyId: number;
  /** The record's id (the customer, the queue entry, the payment). */
  id: number;
  /** The record as the API answers it, read when wanted; a deleted record's last state, or only its id. */
  record: () => Promise<object | undefined>;
}

export type RecordEventHandler = (tx: Db, event: RecordEvent) => Promise<void>;

/** Records another area may need to hand on as their GET answers them (a customer a booking created). */
export type DescribedRecord = 'customer';
export type RecordReader = (tx: Db, companyId: number, id: number) => Promise<object | undefined>;

export class RecordEvents {
  private readonly handlers: RecordEventHandler[] = [];
  private readonly readers = new Map<DescribedRecord, RecordReader>();

  /** Sets how a record reads as its GET answers it (its area does, at boot). */
  describe(kind: DescribedRecord, reader: RecordReader): void {
    this.readers.set(kind, reader);
  }

  /** The record as its GET answers it; throws when its area did not describe it. */
  read(kind: DescribedRecord, tx: Db, companyId: number, id: number): Promise<object | undefined> {
    const reader = this.readers.get(kind);
    if (!reader) throw new Error(`recordEvents.read: no area described ${kind} records`);
    return reader(tx, companyId, id);
  }

  /** Registers a handler for every record event; answers a function that removes it. */
  on(handler: RecordEventHandler): () => void {
    this.handlers.push(handler);
    return () => {
      const at = this.handlers.indexOf(handler);
      if (at >= 0) this.handlers.splice(at, 1);
    };
  }

  /** Runs the handlers inside the change's transaction (a handler that throws rolls the change back). */
  async emit(tx: Db, event: RecordEvent): Promise<void> {
    for (const handler of this.handlers) await handler(tx, event);
  }
}

/**
 * payment.received for a payment just written to a booking's payment log (a provider's, or one an
 * administrator marked): the log's entry as GET /bookings answers it, with its booking and provider.
 * @example await paymentReceived(app, tx, companyId, bookingId, paymentId, 'stripe');
 */
export function paymentReceived(
  app: { bookingEvents: BookingEvents; recordEvents: RecordEvents },
  tx: Db,
  companyId: number,
  bookingId: number,
  paymentId: number,
  provider: string | null,
): Promise<void> {
  return app.recordEvents.emit(tx, {
    type: 'payment.received',
    companyId,
    id: paymentId,
    record: async () => {
      const booking = (await app.bookingEvents.record(tx, companyId, bookingId)) as Booking | undefined;
      const entry = booking?.PaymentLog.find((p) => p.Id === paymentId);
      return { ...entry, Id: paymentId, BookingId: bookingId, Provider: provider, Booking: booking ?? null };
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Record changes: customers, bookings (queue) and payments emit; webhooks subscribe. */
    recordEvents: RecordEvents;
  }
}

export const RECORD_EVENTS = 'record-events';

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('recordEvents', new RecordEvents());
  },
  { name: RECORD_EVENTS },
);
