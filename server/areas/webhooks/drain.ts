/**
 * The drains of webhook deliveries (issue 31; delivery.ts writes the messages and wakes them): one
 * drain at a time per endpoint, behind a lease on its row (drain_until), sends its pending messages
 * back to back in the order of their ids and logs each attempt; a failed one queues its retry as an
 * outbox entry for when it is due, and the endpoint's later messages wait behind it.
 */
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { postWebhook, WEBHOOK_TIMEOUT_MS, type DeliveryResult } from '../../integrations/webhooks/http';
import { openSecret } from '../../integrations/webhooks/secrets';
import { disableWhenFailing } from './disable';

const DEFAULT_DELAYS = [5, 300, 1800, 7200, 18000, 36000, 36000];

function retryDelays(): number[] {
  const text = process.env.WEBHOOK_RETRY_DELAYS_SECONDS;
  if (!text) return DEFAULT_DELAYS;
  return text.split(',').map(Number).filter((n) => Number.isFinite(n) && n >= 0);
}

/** The outbox key of an attempt: the first series has the short form, a resend's carries its series. */
const attemptKey = (messageId: number, attemptNo: number, series: string | undefined) => (series ? `webhook:${messageId}:${series}:${attemptNo}` : `webhook:${messageId}:${attemptNo}`);


/** Endpoints drained at once in each process. */
export const LANE_WORKERS = 8;
/** How many pending messages a drain reads at a time; their bookkeeping is one transaction. */
const BATCH = 100;
/** How long a drain sends before it lets an endpoint waiting for a slot go first. */
const TURN_MS = 1000;
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
async function drainLeased(app: FastifyInstance, endpointId: number, othersWaiting: () => boolean): Promise<boolean> {
  const started = Date.now();
  let yielded = false;
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
        if (othersWaiting() && Date.now() - started > TURN_MS) {
          yielded = true;
          break;
        }
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
        // The head waits for its retry, or another endpoint's turn has come: whatever was read
        // ahead waits.
        await next?.catch(() => undefined);
        next = undefined;
      }
    }
  } finally {
    await next?.catch(() => undefined);
    await recording;
  }
  return yielded;
}

/**
 * Drains the endpoint unless another drain holds its lease. A message written while that drain
 * held it had its wake-up find the lease taken, so once a drain lets go it looks again: the
 * endpoint's first pending message ready means someone must drain, and it tries to. Answers true
 * when it stopped to let an endpoint waiting for a slot go first (see localDrains).
 */
async function drain(app: FastifyInstance, endpointId: number, othersWaiting: () => boolean): Promise<boolean> {
  for (;;) {
    const leased = await app.db.one(
      `update webhook_endpoints set drain_until = now() + make_interval(secs => $2) where id = $1 and (drain_until is null or drain_until < now()) returning id`,
      [endpointId, LEASE_SECONDS],
    );
    if (!leased) return false;
    let yielded: boolean;
    let head: { ready: boolean } | undefined;
    try {
      yielded = await drainLeased(app, endpointId, othersWaiting);
    } finally {
      head = await app.db.one<{ ready: boolean }>(
        `with released as (update webhook_endpoints set drain_until = null where id = $1)
         select (due is null or due <= now()) as ready from webhook_messages where endpoint_id = $1 and status = 'pending' order by id limit 1`,
        [endpointId],
      );
    }
    if (yielded) return true;
    if (!head?.ready) return false;
  }
}

/**
 * Endpoints with a message ready to go and no live drain: those whose wake-up was lost (a process
 * that died after the commit, a dropped listening connection, a retry's entry) or whose drain died
 * with its process once its lease ran out. Answers how many it drained.
 */
export async function drainStalled(app: FastifyInstance, drains: LocalDrains): Promise<number> {
  const stalled = await app.db.query<{ id: number }>(
    `select e.id from webhook_endpoints e
      where (e.drain_until is null or e.drain_until < now())
        and (select (m.due is null or m.due <= now()) from webhook_messages m
              where m.endpoint_id = e.id and m.status = 'pending' order by m.id limit 1)`,
  );
  await Promise.all(stalled.map(({ id }) => drains.run(id)));
  return stalled.length;
}

/**
 * This process's drains: one chain per endpoint (a drain asked for while one runs here starts when
 * that one ends), at most LANE_WORKERS endpoints at once. The others wait for a slot in turn, and a
 * drain that has sent for TURN_MS while one waits gives its slot up and queues again behind it: a
 * slow receiver with a backlog holds one slot for a turn at a time, never mail or the other
 * endpoints. jobs.drain waits for these drains (registerDelivery).
 */
export type LocalDrains = ReturnType<typeof localDrains>;

export function localDrains(app: FastifyInstance) {
  const running = new Map<number, Promise<void>>();
  const waiting: (() => void)[] = [];
  let active = 0;
  const acquire = async () => {
    if (active < LANE_WORKERS) active += 1;
    // A slot given up is handed over as it is (active unchanged).
    else await new Promise<void>((start) => waiting.push(start));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  const othersWaiting = () => waiting.length > 0;
  // A drain asked for while one runs here, not started yet: asking again joins it, since it starts
  // after every commit that asked for it and sees their messages.
  const queued = new Map<number, Promise<void>>();
  return {
    running,
    run(endpointId: number): Promise<void> {
      const waitingRun = queued.get(endpointId);
      if (waitingRun) return waitingRun;
      const current = running.get(endpointId);
      const before = current?.catch(() => undefined) ?? Promise.resolve();
      const run: Promise<void> = before
        .then(async () => {
          if (queued.get(endpointId) === run) queued.delete(endpointId);
          for (let yielded = true; yielded; ) {
            await acquire();
            try {
              yielded = await drain(app, endpointId, othersWaiting);
            } finally {
              release();
            }
          }
        })
        .finally(() => {
          if (running.get(endpointId) === run) running.delete(endpointId);
        });
      running.set(endpointId, run);
      if (current) queued.set(endpointId, run);
      return run;
    },
  };
}
