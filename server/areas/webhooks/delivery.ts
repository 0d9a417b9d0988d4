/**
 * Webhook deliveries (issue 31). An event is written as one webhook_messages row per subscribed
 * endpoint in the changing transaction, with a pg_notify naming the endpoints: a rolled-back change
 * sends nothing, and a committed one wakes the endpoint's drain at once in every server process.
 * One drain at a time per endpoint (a lease on its row, drain_until) sends its pending messages
 * back to back in the order of their ids over a kept connection and logs each attempt
 * (webhook_attempts); reading the next batch and logging the last run beside the sending.
 * A failed attempt stops the drain: the message's retry is due on the schedule (5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h; WEBHOOK_RETRY_DELAYS_SECONDS overrides it, for tests), queued as an
 * outbox entry for then, and the endpoint's later messages wait behind it. Every attempt carries
 * the same webhook-id, signed per Standard Webhooks with the endpoint's secret. The durable way
 * there is the minute's schedule (webhooks_drain): it drains every endpoint with a message ready and
 * no live lease, so a wake-up lost with a process, or a drain that died with one, is taken over.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import type { BookingEvent, BookingEventKind } from '../../shared/bookingEvents';
import { drainStalled, LANE_WORKERS, localDrains } from './drain';
import type { EventTypeName } from './eventTypes';

/** The event type of a booking event; a change of time or resources is a move (booking.moved). */
const BOOKING_TYPES: Record<BookingEventKind, EventTypeName> = {
  created: 'booking.created',
  changed: 'booking.updated',
  updated: 'booking.updated',
  approved: 'booking.status_changed',
  declined: 'booking.status_changed',
  released: 'booking.status_changed',
  canceled: 'booking.canceled',
  paid: 'booking.paid',
  refunded: 'booking.refunded',
};

const bookingType = (event: BookingEvent): EventTypeName => (event.kind === 'changed' && event.moved ? 'booking.moved' : BOOKING_TYPES[event.kind]);

/**
 * Writes the event for every enabled endpoint of the company that hears it, in `tx`. The payload's
 * `data` is the record as the API answers it; given as a function, it is read only when an endpoint
 * hears the type (a record no longer there is sent as its id).
 * @example await queueEvent(tx, companyId, 'booking.created', () => app.bookingEvents.record(tx, companyId, 12), { Id: 12 });
 */
export async function queueEvent(
  tx: Db,
  companyId: number,
  eventType: EventTypeName,
  data: object | (() => Promise<object | undefined>),
  fallback: object,
  onlyEndpoint?: number,
): Promise<number[]> {
  const endpoints = await tx.query<{ id: number }>(
    `select e.id from webhook_endpoints e
       left join webhook_settings s on s.company_id = e.company_id
      where e.company_id = $1 and not e.disabled
        and ($3::int is not null or ($2 = any(e.event_types) and coalesce(s.enabled, false)))
        and ($3::int is null or e.id = $3)
      order by e.id`,
    [companyId, eventType, onlyEndpoint ?? null],
  );
  const ids: number[] = [];
  if (!endpoints.length) return ids;
  const record = (typeof data === 'function' ? await data() : data) ?? fallback;
  const payload = { type: eventType, timestamp: new Date().toISOString(), data: record };
  for (const endpoint of endpoints) {
    const eventId = `msg_${randomUUID()}`;
    const row = await tx.one<{ id: string }>(
      `insert into webhook_messages (company_id, endpoint_id, event_id, event_type, payload) values ($1, $2, $3, $4, $5::jsonb) returning id`,
      [companyId, endpoint.id, eventId, eventType, JSON.stringify(payload)],
    );
    ids.push(Number(row!.id));
  }
  await wakeAtCommit(tx, endpoints.map((e) => e.id));
  return ids;
}

/**
 * Queues a message again for its endpoint (Resend in the log), as a new series of attempts (its retries
 * with outbox keys of their own) with the same webhook-id. Returns the message's new status, or null when the company has no
 * such message.
 * @example const status = await db.tx((tx) => resendMessage(tx, companyId, 42));
 */
export async function resendMessage(tx: Db, companyId: number, messageId: number): Promise<string | null> {
  const series = randomUUID();
  const row = await tx.one<{ endpoint_id: number }>(
    `update webhook_messages set status = 'pending', next_attempt = 1, series = $3, due = null where company_id = $1 and id = $2 returning endpoint_id`,
    [companyId, messageId, series],
  );
  if (!row) return null;
  await wakeAtCommit(tx, [row.endpoint_id]);
  return 'pending';
}

/** The channel on which a commit that wrote messages names their endpoints (comma-separated ids). */
const WAKE_CHANNEL = 'webhook_wake';

/** Announces, in `tx`, that the endpoints have messages to send: heard only if the transaction commits. */
async function wakeAtCommit(tx: Db, endpointIds: number[]): Promise<void> {
  if (endpointIds.length) await tx.query('select pg_notify($1, $2)', [WAKE_CHANNEL, endpointIds.join(',')]);
}

/**
 * Drains an endpoint as soon as a commit names it, in every process listening (on a PostgreSQL
 * server each has a connection of its own; PGlite hands the notification over as the commit
 * happens), or when a retry's outbox entry comes due; the minute's schedule takes what a lost
 * wake-up left. Closing the server waits for the drains running.
 */
export async function registerDelivery(app: FastifyInstance): Promise<void> {
  const drains = localDrains(app);
  let closed = false;
  const wake = (payload: string) => {
    for (const endpointId of payload.split(',').map(Number)) {
      // A drain running here may have looked for the last time before this commit: another
      // follows it (one, however many commits wake it meanwhile).
      if (closed || !Number.isInteger(endpointId)) continue;
      // Not in the committing call itself (PGlite calls back before that commit's query resolves).
      const run = new Promise<void>((next) => setImmediate(next)).then(() => (closed ? undefined : drains.run(endpointId)));
      run.catch((err: unknown) => app.log.warn({ err, endpointId }, 'webhook: a drain on wake-up failed; the minute’s schedule tries again'));
    }
  };
  const catchUp = () => void drainStalled(app, drains).catch((err: unknown) => app.log.warn({ err }, 'webhook: catching up after a dropped connection failed'));
  let stop: () => Promise<void> = async () => undefined;
  if (app.db.listen) stop = await app.db.listen(WAKE_CHANNEL, wake, catchUp);
  else if (app.db.listenAtCommit) await app.db.listenAtCommit(WAKE_CHANNEL, wake);
  app.addHook('preClose', async () => {
    closed = true;
    await Promise.allSettled(drains.running.values());
    await stop();
  });
  // A retry comes due: its entry wakes the endpoint's drain, in a lane of its own (a slow receiver
  // never holds the mail's entries).
  app.outbox.handle(
    'webhook',
    async (payload) => {
      const message = await app.db.one<{ endpoint_id: number; status: string }>('select endpoint_id, status from webhook_messages where id = $1', [Number(payload.messageId)]);
      if (message?.status === 'pending') await drains.run(message.endpoint_id);
    },
    { parallel: LANE_WORKERS },
  );
  app.jobs.every('webhooks_drain', '* * * * *', async () => {
    await drainStalled(app, drains);
  });
  app.jobs.onDrain(async () => {
    // What no drain has (a wake-up still on its way), then the drains running here: one that holds
    // an endpoint's lease is among them from before it took it.
    const stalled = await drainStalled(app, drains);
    const running = [...drains.running.values()];
    await Promise.allSettled(running);
    return stalled > 0 || running.length > 0;
  });
  app.bookingEvents.on((tx, event) =>
    queueEvent(tx, event.companyId, bookingType(event), () => app.bookingEvents.record(tx, event.companyId, event.bookingId), { Id: event.bookingId }).then(() => undefined),
  );
  app.recordEvents.on((tx, event) => queueEvent(tx, event.companyId, event.type, event.record, { Id: event.id }).then(() => undefined));
}
