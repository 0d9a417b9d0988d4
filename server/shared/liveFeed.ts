/**
 * The live feed of booking and booking-queue changes: a booking event (or a queue change) is announced with `pg_notify` inside the
 * booking's transaction, so PostgreSQL delivers it when (and only if) the change commits, to every
 * server process listening (a connection of its own per process on a PostgreSQL server; PGlite
 * hands its in-process notifications over as the commit happens). Each process then fans the event
 * out to its subscribers of that company (the scheduler's server-sent events).
 * @example
 * const feed = await openLiveFeed(app.db);
 * const stop = feed.subscribe(companyId, (event) => reply.raw.write(`data: ${JSON.stringify(event)}\n\n`));
 */
import type { Db } from '../db/db';
import type { BookingEvent, BookingEventKind } from './bookingEvents';

/** The channel booking changes are announced on. */
export const LIVE_CHANNEL = 'booking_live';

/** One change as subscribers receive it. */
export interface LiveBookingEvent {
  BookingId: number;
  Kind: BookingEventKind;
}

/** How the booking queue changed: a customer joined, left, or was booked from it. */
export type QueueEventKind = 'added' | 'removed' | 'booked';

/** A change of the booking queue as subscribers receive it. */
export interface LiveQueueEvent {
  QueueId: number;
  Kind: QueueEventKind;
}

/** What a subscriber hears: a change of its company, or `resync` when changes may have been missed. */
export type LiveListener = (event: LiveBookingEvent | LiveQueueEvent | 'resync') => void;

export interface LiveFeed {
  /** Listens to one company's booking changes; answers a function that stops. */
  subscribe(companyId: number, listener: LiveListener): () => void;
  close(): Promise<void>;
}

/** Announces a booking event; run inside the booking's transaction (an `app.bookingEvents.on` handler). */
export async function announceBookingEvent(tx: Db, event: BookingEvent): Promise<void> {
  const payload = JSON.stringify({ c: event.companyId, b: event.bookingId, k: event.kind });
  await tx.query('select pg_notify($1, $2)', [LIVE_CHANNEL, payload]);
}

/** Announces a change of the booking queue; run inside the change's transaction. */
export async function announceQueueEvent(tx: Db, companyId: number, queueId: number, kind: QueueEventKind): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify({ c: companyId, q: queueId, k: kind })]);
}

/** Starts listening on the database. */
export async function openLiveFeed(db: Db): Promise<LiveFeed> {
  const listeners = new Map<number, Set<LiveListener>>();
  const heard = (payload: string) => {
    let parsed: { c?: unknown; b?: unknown; q?: unknown; k?: unknown };
    try {
      parsed = JSON.parse(payload) as typeof parsed;
    } catch {
      return;
    }
    if (typeof parsed.c !== 'number' || typeof parsed.k !== 'string') return;
    let event: LiveBookingEvent | LiveQueueEvent;
    if (typeof parsed.b === 'number') event = { BookingId: parsed.b, Kind: parsed.k as BookingEventKind };
    else if (typeof parsed.q === 'number') event = { QueueId: parsed.q, Kind: parsed.k as QueueEventKind };
    else return;
    for (const listener of listeners.get(parsed.c) ?? []) listener(event);
  };
  const resync = () => {
    for (const set of listeners.values()) for (const listener of set) listener('resync');
  };
  let stop: () => Promise<void> = async () => undefined;
  if (db.listen) stop = await db.listen(LIVE_CHANNEL, heard, resync);
  else if (db.listenAtCommit) await db.listenAtCommit(LIVE_CHANNEL, heard);
  return {
    subscribe(companyId, listener) {
      let set = listeners.get(companyId);
      if (!set) listeners.set(companyId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(companyId) === set) listeners.delete(companyId);
      };
    },
    async close() {
      listeners.clear();
      await stop();
    },
  };
}
