/**
 * Webhook deliveries (issue 31) through the outbox and the job queue: an event is written as one
 * webhook_messages row per subscribed endpoint and an outbox entry in the changing transaction, so a
 * rolled-back change sends nothing. Each outbox run makes one attempt (logged in webhook_attempts);
 * a failure queues the next attempt as a new outbox entry on the schedule (5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h; WEBHOOK_RETRY_DELAYS_SECONDS overrides it, for tests). Every attempt
 * carries the same webhook-id, signed per Standard Webhooks with the endpoint's secret.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/db';
import { postWebhook } from '../../integrations/webhooks/http';
import { openSecret } from '../../integrations/webhooks/secrets';
import { disableWhenFailing } from './disable';
import type { BookingEventKind } from '../../shared/bookingEvents';
import type { EventTypeName } from './eventTypes';

const DEFAULT_DELAYS = [5, 300, 1800, 7200, 18000, 36000, 36000];

function retryDelays(): number[] {
  const text = process.env.WEBHOOK_RETRY_DELAYS_SECONDS;
  if (!text) return DEFAULT_DELAYS;
  return text.split(',').map(Number).filter((n) => Number.isFinite(n) && n >= 0);
}

const BOOKING_TYPES: Partial<Record<BookingEventKind, EventTypeName>> = {
  created: 'booking.created',
  changed: 'booking.updated',
  approved: 'booking.status_changed',
  declined: 'booking.status_changed',
  canceled: 'booking.canceled',
  paid: 'booking.paid',
  refunded: 'booking.refunded',
};

/**
 * Writes the event for every enabled endpoint of the company that hears it, in `tx`.
 * @example await queueEvent(app, tx, companyId, 'booking.created', { Id: 12 });
 */
export async function queueEvent(app: FastifyInstance, tx: Db, companyId: number, eventType: EventTypeName, data: Record<string, unknown>, onlyEndpoint?: number): Promise<number[]> {
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
  for (const endpoint of endpoints) {
    const eventId = `msg_${randomUUID()}`;
    const payload = { type: eventType, timestamp: new Date().toISOString(), data };
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

/** Makes one attempt of a message, logs it, and queues the next on failure. */
async function attempt(app: FastifyInstance, messageId: number, attemptNo: number, series?: string): Promise<void> {
  const msg = await app.db.one<{ company_id: number; endpoint_id: number; event_id: string; payload: unknown; url: string; secret: string; previous_secret: string | null; status: string }>(
    `select m.company_id, m.endpoint_id, m.event_id, m.payload, m.status, e.url, e.secret,
            case when e.previous_secret_until > now() then e.previous_secret end as previous_secret
       from webhook_messages m join webhook_endpoints e on e.id = m.endpoint_id where m.id = $1`,
    [messageId],
  );
  if (!msg || msg.status === 'delivered') return;
  const body = typeof msg.payload === 'string' ? msg.payload : JSON.stringify(msg.payload);
  const now = new Date();
  // For a day after a rotation the old secret signs too (Standard Webhooks: space-separated
  // signatures), so a receiver still holding it verifies while it is being updated.
  const secrets = [msg.secret, ...(msg.previous_secret ? [msg.previous_secret] : [])];
  const signatures = await Promise.all(secrets.map(async (sealed) => new Webhook(await openSecret(app.db, msg.company_id, sealed)).sign(msg.event_id, now, body)));
  const signature = signatures.join(' ');
  const result = await postWebhook(msg.url, { 'webhook-id': msg.event_id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signature }, body);
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const delays = retryDelays();
  const last = attemptNo > delays.length;
  await app.db.tx(async (tx) => {
    await tx.query('insert into webhook_attempts (message_id, http_status, duration_ms, response_excerpt) values ($1, $2, $3, $4)', [messageId, result.status, result.durationMs, result.excerpt]);
    await tx.query('update webhook_messages set status = $2 where id = $1', [messageId, ok ? 'delivered' : last ? 'failed' : 'pending']);
    if (!ok && last) await disableWhenFailing(app, tx, msg.endpoint_id);
    if (!ok && !last) {
      await app.outbox.add(tx, {
        companyId: msg.company_id,
        kind: 'webhook',
        key: attemptKey(messageId, attemptNo + 1, series),
        payload: { messageId, attempt: attemptNo + 1, ...(series ? { series } : {}) },
        startAfter: new Date(Date.now() + delays[attemptNo - 1]! * 1000),
      });
    }
  });
}

/** Registers the outbox handler and the booking events' subscription. */
export function registerDelivery(app: FastifyInstance): void {
  app.outbox.handle('webhook', async (payload) =>
    attempt(app, Number(payload.messageId), Number(payload.attempt), typeof payload.series === 'string' ? payload.series : undefined),
  );
  app.bookingEvents.on(async (tx, event) => {
    const type = BOOKING_TYPES[event.kind];
    if (type) await queueEvent(app, tx, event.companyId, type, { Id: event.bookingId });
  });
}
