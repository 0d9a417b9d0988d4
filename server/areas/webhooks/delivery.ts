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
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/db';
import { postWebhook, WEBHOOK_TIMEOUT_MS, type DeliveryResult } from '../../integrations/webhooks/http';
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

/** The outbox key of an attempt: the first series has the short form, a resend's carries its series. */
const attemptKey = (messageId: number, attemptNo: number, series: string | undefined) => (series ? `webhook:${messageId}:${series}:${attemptNo}` : `webhook:${messageId}:${attemptNo}`);


/** Endpoints drained at once in each process. */
const LANE_WORKERS = 8;
/** How many pending messages a drain reads at a time; their bookkeeping is one transaction. */
const BATCH = 100;
/** How long a drain's lease lasts; it is extended before a send could outlast it. */
const LEASE_SECONDS = 60;

interface EndpointRow {
  company_id: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  disabled: boolean;
}

interface PendingRow {
  id: string;
  event_id: string;
  body: string;
  next_attempt: number;
  series: string | null;
  ready: boolean;
}

/** What one attempt came to, for the batch's bookkeeping. */
interface Outcome {
  messageId: number;
  result: DeliveryResult;
  /** delivered; failed for good (its last attempt); or pending with a retry due. */
  status: 'delivered' | 'failed' | 'pending';
  message: PendingRow;
}

/**
 * Signs and posts a message. What fails before an answer (the secret cannot be opened) is a failed
 * attempt with the reason, retried on the schedule like a receiver's error: a message never stays
 * pending for good, which would hold its endpoint's later messages behind it.
 */
async function send(app: FastifyInstance, endpoint: EndpointRow, secrets: () => Promise<string[]>, msg: PendingRow): Promise<DeliveryResult> {
  const started = Date.now();
  try {
    const now = new Date();
    // For a day after a rotation the old secret signs too (Standard Webhooks: space-separated
    // signatures), so a receiver still holding it verifies while it is being updated.
    const signatures = (await secrets()).map((secret) => new Webhook(secret).sign(msg.event_id, now, msg.body));
    return await postWebhook(endpoint.url, { 'webhook-id': msg.event_id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signatures.join(' ') }, msg.body);
  } catch (err) {
    app.log.warn({ err, eventId: msg.event_id }, 'webhook: the message could not be sent');
    return { status: null, durationMs: Date.now() - started, excerpt: err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500) };
  }
}

/**
 * Logs a batch's attempts and the messages' new status: one statement when all were delivered,
 * else one transaction, where a failed attempt that is not the last queues its retry (an outbox
 * entry for when it is due) and one that is the last may disable the endpoint (disable.ts).
 */
async function record(app: FastifyInstance, endpointId: number, companyId: number, outcomes: Outcome[]): Promise<void> {
  if (!outcomes.length) return;
  const attempts = [outcomes.map((o) => o.messageId), outcomes.map((o) => o.result.status), outcomes.map((o) => o.result.durationMs), outcomes.map((o) => o.result.excerpt)];
  if (outcomes.every((o) => o.status === 'delivered')) {
    await app.db.query(
      `with logged as (
         insert into webhook_attempts (message_id, http_status, duration_ms, response_excerpt)
         select * from unnest($1::bigint[], $2::int[], $3::int[], $4::text[]))
       update webhook_messages set status = 'delivered', due = null where id = any($1::bigint[])`,
      attempts,
    );
    return;
  }
  const delays = retryDelays();
  await app.db.tx(async (tx) => {
    await tx.query(
      `insert into webhook_attempts (message_id, http_status, duration_ms, response_excerpt)
       select * from unnest($1::bigint[], $2::int[], $3::int[], $4::text[])`,
      attempts,
    );
    const ended = outcomes.filter((o) => o.status !== 'pending');
    if (ended.length) {
      await tx.query(
        `update webhook_messages m set status = v.status, due = null from unnest($1::bigint[], $2::text[]) as v(id, status) where m.id = v.id`,
        [ended.map((o) => o.messageId), ended.map((o) => o.status)],
      );
    }
    if (ended.some((o) => o.status === 'failed')) await disableWhenFailing(app, tx, endpointId);
    const retry = outcomes.find((o) => o.status === 'pending');
    if (retry) {
      const attemptNo = retry.message.next_attempt + 1;
      const due = new Date(Date.now() + delays[retry.message.next_attempt - 1]! * 1000);
      await tx.query('update webhook_messages set next_attempt = $2, due = $3 where id = $1', [retry.messageId, attemptNo, due]);
      const series = retry.message.series ?? undefined;
      await app.outbox.add(tx, {
        companyId,
        kind: 'webhook',
        key: attemptKey(retry.messageId, attemptNo, series),
        payload: { messageId: retry.messageId, attempt: attemptNo, ...(series ? { series } : {}) },
        startAfter: due,
      });
    }
  });
}

/** The endpoint and its pending messages after `afterId`, in order, up to BATCH, in one statement. */
async function readBatch(app: FastifyInstance, endpointId: number, afterId: number): Promise<{ endpoint: EndpointRow | undefined; batch: PendingRow[] }> {
  const row = await app.db.one<EndpointRow & { batch: PendingRow[] | string }>(
    `select e.company_id, e.url, e.secret, e.disabled, case when e.previous_secret_until > now() then e.previous_secret end as previous_secret,
            coalesce((select json_agg(m order by m.id) from (
                        select id, event_id, payload::text as body, next_attempt, series, (due is null or due <= now()) as ready
                          from webhook_messages where endpoint_id = e.id and status = 'pending' and id > $2 order by id limit $3) m), '[]') as batch
       from webhook_endpoints e where e.id = $1`,
    [endpointId, afterId, BATCH],
  );
  if (!row) return { endpoint: undefined, batch: [] };
  const { batch, ...endpoint } = row;
  return { endpoint, batch: typeof batch === 'string' ? (JSON.parse(batch) as PendingRow[]) : batch };
}

/**
 * Sends the endpoint's pending messages in order while this drain holds its lease, until none is
 * left or the first one left waits for its retry. The database work runs beside the sending: the
 * next batch is read, and the last one logged, while this one is sent. A disabled endpoint gets no
 * more events: its pending messages end as failed and wait in the log to be resent once it is
 * enabled again.
 */
async function drainLeased(app: FastifyInstance, endpointId: number): Promise<void> {
  let leaseEnds = Date.now() + LEASE_SECONDS * 1000;
  const maxAttempts = retryDelays().length + 1;
  let recording: Promise<void> = Promise.resolve();
  let next: Promise<Awaited<ReturnType<typeof readBatch>>> | undefined = readBatch(app, endpointId, 0);
  try {
    while (next) {
      const { endpoint, batch } = await next;
      next = undefined;
      if (!endpoint || !batch.length) break;
      if (endpoint.disabled) {
        await recording;
        await app.db.query(`update webhook_messages set status = 'failed', due = null where endpoint_id = $1 and status = 'pending'`, [endpointId]);
        break;
      }
      // Read ahead only while every message of this batch may go.
      if (batch.every((m) => m.ready)) next = readBatch(app, endpointId, Number(batch[batch.length - 1]!.id));
      let opened: Promise<string[]> | undefined;
      const secrets = () =>
        (opened ??= Promise.all([endpoint.secret, ...(endpoint.previous_secret ? [endpoint.previous_secret] : [])].map((sealed) => openSecret(app.db, endpoint.company_id, sealed))));
      const outcomes: Outcome[] = [];
      for (const message of batch) {
        if (!message.ready) break;
        if (leaseEnds - Date.now() < WEBHOOK_TIMEOUT_MS * 2) {
          await app.db.query('update webhook_endpoints set drain_until = now() + make_interval(secs => $2) where id = $1', [endpointId, LEASE_SECONDS]);
          leaseEnds = Date.now() + LEASE_SECONDS * 1000;
        }
        const result = await send(app, endpoint, secrets, message);
        const ok = result.status !== null && result.status >= 200 && result.status < 300;
        const status = ok ? 'delivered' : message.next_attempt >= maxAttempts ? 'failed' : 'pending';
        outcomes.push({ messageId: Number(message.id), result, status, message });
        if (status === 'pending') break;
      }
      const stopped = outcomes.length < batch.length;
      recording = recording.then(() => record(app, endpointId, endpoint.company_id, outcomes));
      if (stopped) {
        // The head waits for its retry: whatever was read ahead waits behind it.
        await next?.catch(() => undefined);
        next = undefined;
      }
    }
  } finally {
    await next?.catch(() => undefined);
    await recording;
  }
}

/**
 * Drains the endpoint unless another drain holds its lease. A message written while that drain
 * held it had its wake-up find the lease taken, so once a drain lets go it looks again: the
 * endpoint's first pending message ready means someone must drain, and it tries to.
 */
async function drain(app: FastifyInstance, endpointId: number): Promise<void> {
  for (;;) {
    const leased = await app.db.one(
      `update webhook_endpoints set drain_until = now() + make_interval(secs => $2) where id = $1 and (drain_until is null or drain_until < now()) returning id`,
      [endpointId, LEASE_SECONDS],
    );
    if (!leased) return;
    let head: { ready: boolean } | undefined;
    try {
      await drainLeased(app, endpointId);
    } finally {
      head = await app.db.one<{ ready: boolean }>(
        `with released as (update webhook_endpoints set drain_until = null where id = $1)
         select (due is null or due <= now()) as ready from webhook_messages where endpoint_id = $1 and status = 'pending' order by id limit 1`,
        [endpointId],
      );
    }
    if (!head?.ready) return;
  }
}

/**
 * Endpoints with a message ready to go and no live drain: those whose wake-up was lost (a process
 * that died after the commit, a dropped listening connection, a retry's entry) or whose drain died
 * with its process once its lease ran out. Answers how many it drained.
 */
async function drainStalled(app: FastifyInstance, drains: LocalDrains): Promise<number> {
  const stalled = await app.db.query<{ id: number }>(
    `select e.id from webhook_endpoints e
      where (e.drain_until is null or e.drain_until < now())
        and (select (m.due is null or m.due <= now()) from webhook_messages m
              where m.endpoint_id = e.id and m.status = 'pending' order by m.id limit 1)`,
  );
  await Promise.all(stalled.map(({ id }) => drains.run(id)));
  return stalled.length;
}

/** The channel on which a commit that wrote messages names their endpoints (comma-separated ids). */
const WAKE_CHANNEL = 'webhook_wake';

/** Announces, in `tx`, that the endpoints have messages to send: heard only if the transaction commits. */
async function wakeAtCommit(tx: Db, endpointIds: number[]): Promise<void> {
  if (endpointIds.length) await tx.query('select pg_notify($1, $2)', [WAKE_CHANNEL, endpointIds.join(',')]);
}

/**
 * This process's drains: one chain per endpoint (a drain asked for while one runs here starts when
 * that one ends), at most LANE_WORKERS endpoints at once; the others wait their turn, so a slow
 * receiver holds one of them, never mail or the other endpoints. Each is among the job queue's
 * work that jobs.drain waits for.
 */
type LocalDrains = ReturnType<typeof localDrains>;

function localDrains(app: FastifyInstance) {
  const running = new Map<number, Promise<void>>();
  const queued: (() => void)[] = [];
  let active = 0;
  const slot = () => (active < LANE_WORKERS ? Promise.resolve() : new Promise<void>((start) => queued.push(start)));
  return {
    running,
    run(endpointId: number): Promise<void> {
      const before = running.get(endpointId)?.catch(() => undefined) ?? slot();
      const run: Promise<void> = before
        .then(async () => {
          active += 1;
          try {
            await drain(app, endpointId);
          } finally {
            active -= 1;
            queued.shift()?.();
          }
        })
        .finally(() => {
          if (running.get(endpointId) === run) running.delete(endpointId);
        });
      running.set(endpointId, run);
      return run;
    },
  };
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
      // A drain running here looks again before it ends.
      if (closed || !Number.isInteger(endpointId) || drains.running.has(endpointId)) continue;
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
    const running = [...drains.running.values()];
    await Promise.allSettled(running);
    return (await drainStalled(app, drains)) > 0 || running.length > 0;
  });
  app.bookingEvents.on((tx, event) =>
    queueEvent(tx, event.companyId, bookingType(event), () => app.bookingEvents.record(tx, event.companyId, event.bookingId), { Id: event.bookingId }).then(() => undefined),
  );
  app.recordEvents.on((tx, event) => queueEvent(tx, event.companyId, event.type, event.record, { Id: event.id }).then(() => undefined));
}
