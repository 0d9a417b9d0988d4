/**
 * The live feed of booking changes: a booking event is announced with `pg_notify` inside the
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

/** What a subscriber hears: a change of its company, or `resync` when changes may have been missed. */
export type LiveListener = (event: LiveBookingEvent | 'resync') => void;

export interface LiveFeed {
  /** Listens to one company's booking changes; answers a function that stops. */
  subscribe(companyId: number, listener: LiveListener): () => void;
  close(): Promise<void>;
}

/** Announces a booking event; run inside the booking's transaction (an `onBookingEvent` handler). */
export async function announceBookingEvent(tx: Db, event: BookingEvent): Promise<void> {
  const payload = JSON.stringify({ c: event.companyId, b: event.bookingId, k: event.kind });
  await tx.query('select pg_notify($1, $2)', [LIVE_CHANNEL, payload]);
}

/** Starts listening on the database. */
export async function openLiveFeed(db: Db): Promise<LiveFeed> {
  const listeners = new Map<number, Set<LiveListener>>();
  const heard = (payload: string) => {
    let parsed: { c?: unknown; b?: unknown; k?: unknown };
    try {
      parsed = JSON.parse(payload) as typeof parsed;
    } catch {
      return;
    }
    if (typeof parsed.c !== 'number' || typeof parsed.b !== 'number' || typeof parsed.k !== 'string') return;
    const event: LiveBookingEvent = { BookingId: parsed.b, Kind: parsed.k as BookingEventKind };
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
