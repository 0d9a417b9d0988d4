/**
 * Webhook deliveries (issue 31) through the outbox and the job queue: an event is written as one
 * webhook_messages row per subscribed endpoint and an outbox entry in the changing transaction, so a
 * rolled-back change sends nothing. Each outbox run makes one attempt (logged in webhook_attempts);
 * a failure queues the next attempt as a new outbox entry on the schedule (5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h; WEBHOOK_RETRY_DELAYS_SECONDS overrides it, for tests). Every attempt
 * carries the same webhook-id, signed per Standard Webhooks with the endpoint's secret. An endpoint
 * hears its messages one at a time in the order they were written, retries included (a message
 * waits while an earlier one to its endpoint is pending); different endpoints are attempted side by
 * side in the outbox's webhook lane.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/db';
import { postWebhook, type DeliveryResult } from '../../integrations/webhooks/http';
import { openSecret } from '../../integrations/webhooks/secrets';
import { disableWhenFailing } from './disable';
import type { BookingEvent, BookingEventKind } from '../../shared/bookingEvents';
import type { EventTypeName } from './eventTypes';

const DEFAULT_DELAYS = [5, 300, 1800, 7200, 18000, 36000, 36000];

function retryDelays(): number[] {
  const text = process.env.WEBHOOK_RETRY_DELAYS_SECONDS;
  if (!text) return DEFAULT_DELAYS;
  return text.split(',').map(Number).filter((n) => Number.isFinite(n) && n >= 0);
}

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
 * @example await queueEvent(app, tx, companyId, 'booking.created', () => app.bookingEvents.record(tx, companyId, 12), { Id: 12 });
 */
export async function queueEvent(
  app: FastifyInstance,
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
    const messageId = Number(row!.id);
    await app.outbox.add(tx, { companyId, kind: 'webhook', key: `webhook:${messageId}:1`, payload: { messageId, attempt: 1 } });
    ids.push(messageId);
  }
  return ids;
}

/**
 * Queues a message again for its endpoint (Resend in the log), as a new series of attempts with its own
 * outbox keys and the same webhook-id. Returns the message's new status, or null when the company has no
 * such message.
 * @example const status = await db.tx((tx) => resendMessage(app, tx, companyId, 42));
 */
export async function resendMessage(app: FastifyInstance, tx: Db, companyId: number, messageId: number): Promise<string | null> {
  const row = await tx.one<{ id: string }>(`update webhook_messages set status = 'pending' where company_id = $1 and id = $2 returning id`, [companyId, messageId]);
  if (!row) return null;
  const series = randomUUID();
  await app.outbox.add(tx, { companyId, kind: 'webhook', key: `webhook:${messageId}:${series}:1`, payload: { messageId, attempt: 1, series } });
  return 'pending';
}

/** The outbox key of an attempt: the first series has the short form, a resend's carries its series. */
const attemptKey = (messageId: number, attemptNo: number, series: string | undefined) => (series ? `webhook:${messageId}:${series}:${attemptNo}` : `webhook:${messageId}:${attemptNo}`);

/** Workers of the webhook lane in each process: as many endpoints can be waited on at once. */
const LANE_WORKERS = 8;
/**
 * How long a released message's job waits before delivering it, should the process that released it
 * die first (the outbox delivers it at once otherwise, and the job then finds it sent).
 */
const RELEASE_SAFETY_SECONDS = 120;

/**
 * Whether the message goes now, in its endpoint's order: the endpoint's row is locked so that an
 * attempt starting and one ending see each other. A message with an earlier one to the same endpoint
 * still pending is held (the attempt it was about to make is kept) until that one ends.
 */
async function mayGo(tx: Db, endpointId: number, messageId: number, attemptNo: number, series: string | undefined): Promise<boolean> {
  await tx.query('select id from webhook_endpoints where id = $1 for update', [endpointId]);
  const earlier = await tx.one<{ id: string }>(`select id from webhook_messages where endpoint_id = $1 and id < $2 and status = 'pending' limit 1`, [endpointId, messageId]);
  if (!earlier) return true;
  await tx.query('update webhook_messages set held_attempt = $2, held_series = $3 where id = $1', [messageId, attemptNo, series ?? null]);
  return false;
}

/**
 * After a message ends (delivered, or failed for good): queues the endpoint's next message if it was
 * held behind it, as an outbox entry whose job waits RELEASE_SAFETY_SECONDS: the outbox delivers it at
 * once after this one (the handler answers it), the job only if this process died first. Answers the entry.
 */
async function releaseNext(app: FastifyInstance, tx: Db, endpointId: number): Promise<number | null> {
  const next = await tx.one<{ id: string; company_id: number; held_attempt: number | null; held_series: string | null }>(
    `select id, company_id, held_attempt, held_series from webhook_messages where endpoint_id = $1 and status = 'pending' order by id limit 1`,
    [endpointId],
  );
  if (!next || next.held_attempt === null) return null;
  const messageId = Number(next.id);
  await tx.query('update webhook_messages set held_attempt = null, held_series = null where id = $1', [messageId]);
  // A key of its own: the attempt's usual key belongs to the entry that found it held.
  const entry = await app.outbox.add(tx, {
    companyId: next.company_id,
    kind: 'webhook',
    key: `${attemptKey(messageId, next.held_attempt, next.held_series ?? undefined)}:released:${randomUUID()}`,
    payload: { messageId, attempt: next.held_attempt, ...(next.held_series ? { series: next.held_series } : {}) },
    startAfter: new Date(Date.now() + RELEASE_SAFETY_SECONDS * 1000),
  });
  return entry.id;
}

/**
 * Signs and posts a message. What fails before an answer (the secret cannot be opened) is a failed
 * attempt with the reason, retried on the schedule like a receiver's error: a message never stays
 * pending for good, which would hold its endpoint's later messages behind it.
 */
async function send(
  app: FastifyInstance,
  msg: { company_id: number; event_id: string; payload: unknown; url: string; secret: string; previous_secret: string | null },
): Promise<DeliveryResult> {
  const started = Date.now();
  try {
    const body = typeof msg.payload === 'string' ? msg.payload : JSON.stringify(msg.payload);
    const now = new Date();
    // For a day after a rotation the old secret signs too (Standard Webhooks: space-separated
    // signatures), so a receiver still holding it verifies while it is being updated.
    const secrets = [msg.secret, ...(msg.previous_secret ? [msg.previous_secret] : [])];
    const signatures = await Promise.all(secrets.map(async (sealed) => new Webhook(await openSecret(app.db, msg.company_id, sealed)).sign(msg.event_id, now, body)));
    return await postWebhook(msg.url, { 'webhook-id': msg.event_id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signatures.join(' ') }, body);
  } catch (err) {
    app.log.warn({ err, eventId: msg.event_id }, 'webhook: the message could not be sent');
    return { status: null, durationMs: Date.now() - started, excerpt: err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500) };
  }
}

/**
 * Makes one attempt of a message (when its endpoint's earlier messages have ended), logs it, and
 * queues the next on failure. Answers the outbox entry of the endpoint's next message when this
 * one's end released it.
 */
async function attempt(app: FastifyInstance, messageId: number, attemptNo: number, series?: string): Promise<number | undefined> {
  const msg = await app.db.one<{ company_id: number; endpoint_id: number; event_id: string; payload: unknown; url: string; secret: string; previous_secret: string | null; status: string; disabled: boolean }>(
    `select m.company_id, m.endpoint_id, m.event_id, m.payload, m.status, e.url, e.secret, e.disabled,
            case when e.previous_secret_until > now() then e.previous_secret end as previous_secret
       from webhook_messages m join webhook_endpoints e on e.id = m.endpoint_id where m.id = $1`,
    [messageId],
  );
  if (!msg || msg.status === 'delivered') return;
  if (!(await app.db.tx((tx) => mayGo(tx, msg.endpoint_id, messageId, attemptNo, series)))) return;
  if (msg.disabled) {
    // A disabled endpoint gets no more events: its pending messages end as failed, one after the
    // other, and wait in the log to be resent once it is enabled again.
    const released = await app.db.tx(async (tx) => {
      await tx.query('select id from webhook_endpoints where id = $1 for update', [msg.endpoint_id]);
      await tx.query(`update webhook_messages set status = 'failed', held_attempt = null, held_series = null where id = $1 and status = 'pending'`, [messageId]);
      return releaseNext(app, tx, msg.endpoint_id);
    });
    return released ?? undefined;
  }
  const result = await send(app, msg);
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const delays = retryDelays();
  const last = attemptNo > delays.length;
  const released = await app.db.tx(async (tx) => {
    await tx.query('select id from webhook_endpoints where id = $1 for update', [msg.endpoint_id]);
    await tx.query('insert into webhook_attempts (message_id, http_status, duration_ms, response_excerpt) values ($1, $2, $3, $4)', [messageId, result.status, result.durationMs, result.excerpt]);
    await tx.query('update webhook_messages set status = $2 where id = $1', [messageId, ok ? 'delivered' : last ? 'failed' : 'pending']);
    if (!ok && last) await disableWhenFailing(app, tx, msg.endpoint_id);
    if (ok || last) return releaseNext(app, tx, msg.endpoint_id);
    await app.outbox.add(tx, {
      companyId: msg.company_id,
      kind: 'webhook',
      key: attemptKey(messageId, attemptNo + 1, series),
      payload: { messageId, attempt: attemptNo + 1, ...(series ? { series } : {}) },
      startAfter: new Date(Date.now() + delays[attemptNo - 1]! * 1000),
    });
    return null;
  });
  // The outbox delivers the endpoint's next message now, not at the next poll of the queue.
  return released ?? undefined;
}

/** Registers the outbox handler and the booking events' subscription. */
export function registerDelivery(app: FastifyInstance): void {
  // A lane of its own: a slow receiver holds one of its workers, never mail or another company's endpoints.
  app.outbox.handle('webhook', async (payload) => attempt(app, Number(payload.messageId), Number(payload.attempt), typeof payload.series === 'string' ? payload.series : undefined), {
    parallel: LANE_WORKERS,
  });
  app.bookingEvents.on((tx, event) =>
    queueEvent(app, tx, event.companyId, bookingType(event), () => app.bookingEvents.record(tx, event.companyId, event.bookingId), { Id: event.bookingId }).then(() => undefined),
  );
  app.recordEvents.on((tx, event) => queueEvent(app, tx, event.companyId, event.type, event.record, { Id: event.id }).then(() => undefined));
}
