/**
 * Webhook deliveries as the checks word them (issue 31): a booking reaches a real receiver
 * on loopback once, verifiable with standardwebhooks; a receiver that fails twice gets a third
 * attempt and the log shows three; a server stopped between attempts delivers once it is back;
 * a rolled-back change sends nothing; events reach an endpoint in the order they happened, retries
 * included; a receiver that never answers holds up neither other endpoints nor mail; and no
 * request reaches a private, link-local or loopback address (or one a redirect points at).
 */
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { WebhookMessageList } from '../../schema/webhooks';
import { buildApp } from '../../server/app';
import { postWebhook } from '../../server/integrations/webhooks/http';
import { queueMail } from '../../server/integrations/mail/queue';
import { createTestServer, type TestServer } from './harness';
import { book as bookFor, endpoint as endpointFor, receiver } from './webhookHelpers';

let server: TestServer;
const endpoint = (url: string, eventTypes?: string[]) => endpointFor(server, url, eventTypes);
const book = () => bookFor(server);
const open: Server[] = [];
const env = { loopback: process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK, delays: process.env.WEBHOOK_RETRY_DELAYS_SECONDS };

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK = 'true';
  // Retries at once: the schedule (5 s, 5 min, 30 min …) is the production default.
  process.env.WEBHOOK_RETRY_DELAYS_SECONDS = '0,0,0,0,0,0,0';
  server = await createTestServer();
  await server.api({ method: 'PUT', url: '/api/webhook/settings', payload: { Enabled: true } });
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
  process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK = 'true';
});
afterAll(async () => {
  await server?.close();
  for (const [name, value] of [['WEBHOOKS_ALLOW_HTTP_LOOPBACK', env.loopback], ['WEBHOOK_RETRY_DELAYS_SECONDS', env.delays]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

async function attemptsOf(endpointId: number): Promise<{ status: number | null }[]> {
  return server.db.query<{ status: number | null }>(
    'select a.http_status as status from webhook_attempts a join webhook_messages m on m.id = a.message_id where m.endpoint_id = $1 order by a.id',
    [endpointId],
  );
}

describe('a booking delivered to a receiver', () => {
  it('arrives once, verifiable with standardwebhooks and the endpoint’s secret, with the booking as GET answers it', async () => {
    const r = await receiver();
    open.push(r.server);
    const e = await endpoint(r.url);
    const id = await book();
    await expect.poll(() => r.got.length, { timeout: 15_000 }).toBe(1);
    const event = new Webhook(e.Secret).verify(r.got[0]!.body, r.got[0]!.headers as Record<string, string>) as { type: string; data: { Id: number } };
    expect(event.type).toBe('booking.created');
    expect(event.data.Id).toBe(id);
    await server.app.jobs.drain();
    expect(r.got).toHaveLength(1);
  });

  it('is tried a third time after two failures, with the same webhook-id, and the log shows the three attempts', async () => {
    const r = await receiver([500, 503]);
    open.push(r.server);
    const e = await endpoint(r.url);
    await book();
    await expect.poll(() => r.got.length, { timeout: 20_000 }).toBe(3);
    expect(new Set(r.got.map((g) => g.headers['webhook-id'])).size).toBe(1);
    await expect.poll(async () => (await attemptsOf(e.Id)).map((a) => a.status), { timeout: 10_000 }).toEqual([500, 503, 200]);
    const log = (await server.api({ method: 'GET', url: `/api/webhook/messages?EndpointId=${e.Id}` })).json() as WebhookMessageList;
    expect(log.Data[0]!.Attempts.map((a) => a.HttpStatus)).toEqual(expect.arrayContaining([500, 503, 200]));
  });

  it('sends nothing for a change that was rolled back', async () => {
    const r = await receiver();
    open.push(r.server);
    const e = await endpoint(r.url);
    await server.db
      .tx(async (tx) => {
        await server.app.bookingEvents.emit(tx, { kind: 'created', companyId: (await tx.one<{ company_id: number }>('select company_id from webhook_endpoints where id = $1', [e.Id]))!.company_id, bookingId: (await tx.one<{ id: number }>('select id from bookings order by id limit 1'))!.id });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await server.app.jobs.drain();
    expect(r.got).toHaveLength(0);
    expect(await server.db.one<{ n: number }>('select count(*)::int as n from webhook_messages where endpoint_id = $1', [e.Id])).toEqual({ n: 0 });
  });

  it('reaches an endpoint in the order the events happened', async () => {
    const r = await receiver();
    open.push(r.server);
    const e = await endpoint(r.url, ['booking.updated']);
    const companyId = (await server.db.one<{ company_id: number }>('select company_id from webhook_endpoints where id = $1', [e.Id]))!.company_id;
    // A booking changed twelve times, each change its own transaction and message.
    const booking = await book();
    for (let i = 0; i < 12; i += 1) await server.db.tx((tx) => server.app.bookingEvents.emit(tx, { kind: 'changed', companyId, bookingId: booking }));
    await expect.poll(() => r.got.length, { timeout: 20_000 }).toBe(12);
    const written = await server.db.query<{ event_id: string }>('select event_id from webhook_messages where endpoint_id = $1 order by id', [e.Id]);
    expect(r.got.map((g) => g.headers['webhook-id'])).toEqual(written.map((m) => m.event_id));
  });

  it('keeps the order through retries: a later event waits while an earlier one to the endpoint is being retried', async () => {
    const r = await receiver([500, 503]);
    open.push(r.server);
    const e = await endpoint(r.url, ['booking.updated']);
    const companyId = (await server.db.one<{ company_id: number }>('select company_id from webhook_endpoints where id = $1', [e.Id]))!.company_id;
    const booking = await book();
    for (let i = 0; i < 4; i += 1) await server.db.tx((tx) => server.app.bookingEvents.emit(tx, { kind: 'changed', companyId, bookingId: booking }));
    await expect.poll(() => r.got.length, { timeout: 20_000 }).toBe(6);
    const written = (await server.db.query<{ event_id: string }>('select event_id from webhook_messages where endpoint_id = $1 order by id', [e.Id])).map((m) => m.event_id);
    // The first message's three attempts, then each of the others once, in the order written.
    expect(r.got.map((g) => g.headers['webhook-id'])).toEqual([written[0], written[0], written[0], ...written.slice(1)]);
    await expect
      .poll(async () => (await server.db.query<{ status: string }>('select status from webhook_messages where endpoint_id = $1', [e.Id])).map((m) => m.status), { timeout: 10_000 })
      .toEqual(['delivered', 'delivered', 'delivered', 'delivered']);
  });

  it('ends the held messages of an endpoint disabled meanwhile as failed, sends them nowhere, and sends one resent once it is enabled', async () => {
    const answers: ((status: number) => void)[] = [];
    const got: string[] = [];
    const gate = createServer((req, res) => {
      got.push(String(req.headers['webhook-id']));
      req.resume();
      answers.push((status) => {
        res.statusCode = status;
        res.end();
      });
    });
    await new Promise<void>((ok) => gate.listen(0, '127.0.0.1', ok));
    open.push(gate);
    const url = `http://127.0.0.1:${(gate.address() as { port: number }).port}/hook`;
    const e = await endpoint(url, ['booking.updated']);
    const companyId = (await server.db.one<{ company_id: number }>('select company_id from webhook_endpoints where id = $1', [e.Id]))!.company_id;
    const booking = await book();
    for (let i = 0; i < 3; i += 1) await server.db.tx((tx) => server.app.bookingEvents.emit(tx, { kind: 'changed', companyId, bookingId: booking }));
    // The first is at the receiver, the two after it wait for it.
    await expect.poll(() => answers.length, { timeout: 10_000 }).toBe(1);
    const put = await server.api({ method: 'PUT', url: `/api/webhook/endpoints/${e.Id}`, payload: { Url: url, EventTypes: ['booking.updated'], Disabled: true } });
    expect(put.statusCode, put.body).toBe(200);
    answers[0]!(500);
    const statuses = async () => (await server.db.query<{ status: string }>('select status from webhook_messages where endpoint_id = $1 order by id', [e.Id])).map((m) => m.status);
    await expect.poll(statuses, { timeout: 15_000 }).toEqual(['failed', 'failed', 'failed']);
    await server.app.jobs.drain();
    expect(got).toHaveLength(1);

    const enabled = await server.api({ method: 'PUT', url: `/api/webhook/endpoints/${e.Id}`, payload: { Url: url, EventTypes: ['booking.updated'], Disabled: false } });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const last = (await server.db.one<{ id: number; event_id: string }>('select id, event_id from webhook_messages where endpoint_id = $1 order by id desc limit 1', [e.Id]))!;
    const resend = await server.api({ method: 'POST', url: `/api/webhook/messages/${last.id}/resend` });
    expect(resend.statusCode, resend.body).toBe(200);
    await expect.poll(() => answers.length, { timeout: 10_000 }).toBe(2);
    answers[1]!(200);
    expect(got[1]).toBe(last.event_id);
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(['failed', 'failed', 'delivered']);
  });

  it('fails an attempt that cannot be signed, with the reason, and holds no later message behind it', async () => {
    const r = await receiver();
    open.push(r.server);
    const e = await endpoint(r.url, ['booking.updated']);
    const companyId = (await server.db.one<{ company_id: number }>('select company_id from webhook_endpoints where id = $1', [e.Id]))!.company_id;
    const sealed = (await server.db.one<{ secret: string }>('select secret from webhook_endpoints where id = $1', [e.Id]))!.secret;
    await server.db.query(`update webhook_endpoints set secret = 'not-a-sealed-secret' where id = $1`, [e.Id]);
    const booking = await book();
    await server.db.tx((tx) => server.app.bookingEvents.emit(tx, { kind: 'changed', companyId, bookingId: booking }));
    const first = async () => server.db.one<{ status: string; attempts: number; excerpt: string | null }>(
      `select m.status, count(a.id)::int as attempts, max(a.response_excerpt) as excerpt
         from webhook_messages m left join webhook_attempts a on a.message_id = m.id where m.endpoint_id = $1 group by m.id order by m.id limit 1`,
      [e.Id],
    );
    // The first try and its seven retries, each failed without a request, then failed for good.
    await expect.poll(async () => (await first())?.status, { timeout: 20_000 }).toBe('failed');
    expect(await first()).toMatchObject({ attempts: 8 });
    expect((await first())!.excerpt).toBeTruthy();
    expect(r.got).toHaveLength(0);

    await server.db.query('update webhook_endpoints set secret = $2 where id = $1', [e.Id, sealed]);
    await server.db.tx((tx) => server.app.bookingEvents.emit(tx, { kind: 'changed', companyId, bookingId: booking }));
    await expect.poll(() => r.got.length, { timeout: 10_000 }).toBe(1);
  });

  it('lets a receiver that does not answer hold neither another endpoint nor the mail', async () => {
    let hanging = 0;
    const held: (() => void)[] = [];
    const slow = createServer((req, res) => {
      hanging += 1;
      req.resume();
      held.push(() => res.end('late'));
    });
    await new Promise<void>((ok) => slow.listen(0, '127.0.0.1', ok));
    open.push(slow);
    const fast = await receiver();
    open.push(fast.server);
    const slowEndpoint = await endpoint(`http://127.0.0.1:${(slow.address() as { port: number }).port}/hook`, ['booking.updated']);
    await endpoint(fast.url, ['booking.updated']);
    const companyId = (await server.db.one<{ company_id: number }>('select company_id from webhook_endpoints where id = $1', [slowEndpoint.Id]))!.company_id;
    const booking = await book();
    await server.db.tx((tx) => server.app.bookingEvents.emit(tx, { kind: 'changed', companyId, bookingId: booking }));
    await expect.poll(() => hanging, { timeout: 10_000 }).toBe(1);
    // The slow receiver has the request and has not answered: the other endpoint hears its event meanwhile.
    await expect.poll(() => fast.got.length, { timeout: 5_000 }).toBe(1);
    // And a mail queued after it leaves while the slow receiver still holds its request.
    const mailId = await server.db.tx(async (tx) =>
      (await queueMail(server.app.outbox, tx, { companyId, to: 'lane@example.com', subject: 'Lane', text: 'Not held up', kind: 'lane_test' })).id,
    );
    await expect.poll(async () => (await server.db.one<{ state: string }>('select state from outbox where id = $1', [mailId]))!.state, { timeout: 5_000 }).toBe('sent');
    expect(held).toHaveLength(1);
    for (const answer of held) answer();
  });

  it('gives an endpoint waiting for a drain slot its turn while slow receivers with a backlog hold every slot', async () => {
    // Only this test's endpoints hear anything.
    await server.db.query('update webhook_endpoints set disabled = true');
    // Eight receivers that answer after 400 ms, twelve messages each: every slot of this process
    // would be busy for five seconds.
    const slow = await Promise.all(Array.from({ length: 8 }, () => receiver([], 400)));
    open.push(...slow.map((r) => r.server));
    for (const r of slow) await endpoint(r.url, ['booking.updated']);
    const fast = await receiver();
    open.push(fast.server);
    const slowGot = () => slow.reduce((sum, r) => sum + r.got.length, 0);
    // How many the slow receivers had had when the waiting endpoint's message came.
    let slowAtFast = -1;
    fast.server.on('request', () => (slowAtFast = slowGot()));
    // It hears nothing but its test event.
    const e = await endpoint(fast.url, ['payment.received']);
    const companyId = (await server.db.one<{ company_id: number }>('select company_id from webhook_endpoints where id = $1', [e.Id]))!.company_id;
    const booking = await book();
    await server.db.tx(async (tx) => {
      for (let i = 0; i < 12; i += 1) await server.app.bookingEvents.emit(tx, { kind: 'changed', companyId, bookingId: booking });
    });
    const test = await server.api({ method: 'POST', url: `/api/webhook/endpoints/${e.Id}/test` });
    expect(test.statusCode, test.body).toBe(200);
    const atTest = slowGot();
    // A backlog was left when the waiting endpoint's message was written (else this test shows nothing).
    expect(atTest).toBeLessThanOrEqual(48);
    // It goes after a slow one's turn (a second, three answers), not after a whole backlog.
    await expect.poll(() => fast.got.length, { timeout: 15_000 }).toBe(1);
    expect(slowAtFast - atTest).toBeLessThanOrEqual(32);
    await expect.poll(slowGot, { timeout: 20_000 }).toBe(96);
  });

  it('takes over from a drain that died holding its endpoint, once its lease has run out', async () => {
    const r = await receiver();
    open.push(r.server);
    const e = await endpoint(r.url);
    // A drain of a process that died: its lease on the endpoint still runs.
    await server.db.query(`update webhook_endpoints set drain_until = now() + interval '1 hour' where id = $1`, [e.Id]);
    await book();
    await server.app.jobs.send(server.db, 'webhooks_drain', {});
    await server.app.jobs.drain();
    expect(r.got).toHaveLength(0);
    expect((await server.db.one<{ status: string }>('select status from webhook_messages where endpoint_id = $1', [e.Id]))!.status).toBe('pending');
    // The lease runs out; the next round of the minute's schedule drains the endpoint.
    await server.db.query(`update webhook_endpoints set drain_until = now() - interval '1 second' where id = $1`, [e.Id]);
    await server.app.jobs.send(server.db, 'webhooks_drain', {});
    await expect.poll(() => r.got.length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await attemptsOf(e.Id)).map((a) => a.status)).toEqual([200]);
  });

  it('still arrives when the server stops between attempts and starts again', async () => {
    const r = await receiver([500]);
    open.push(r.server);
    const e = await endpoint(r.url);
    // The retry is due three seconds after the failure (not at once, as elsewhere in this file), so
    // the process can go away before it.
    process.env.WEBHOOK_RETRY_DELAYS_SECONDS = '3,0,0,0,0,0,0';
    await book();
    await expect.poll(() => r.got.length, { timeout: 15_000 }).toBe(1);
    // The process goes away with the retry queued; the next one on the same database delivers it.
    await server.app.close();
    const again = await buildApp({ db: server.db, config: server.config });
    await again.ready();
    try {
      await expect.poll(() => r.got.length, { timeout: 20_000 }).toBe(2);
      await expect.poll(async () => (await attemptsOf(e.Id)).map((a) => a.status), { timeout: 10_000 }).toEqual([500, 200]);
    } finally {
      process.env.WEBHOOK_RETRY_DELAYS_SECONDS = '0,0,0,0,0,0,0';
      await again.close();
    }
    // It boots a second server on the database (every area): more than the default 30 s on a loaded machine.
  }, 90_000);
});

describe('no request to a private address', () => {
  it('refuses private and metadata addresses before connecting', async () => {
    for (const url of ['http://10.0.0.1/hook', 'http://169.254.169.254/latest/meta-data/']) {
      const result = await postWebhook(url, {}, '{}', 3000);
      expect(result.status, url).toBeNull();
      expect(result.excerpt, url).toMatch(/not allowed/i);
    }
  });

  it('refuses a name that resolves to loopback outside the embedded default, and the receiver hears nothing', async () => {
    const r = await receiver();
    open.push(r.server);
    delete process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK;
    const result = await postWebhook(r.url.replace('127.0.0.1', 'localhost'), {}, '{}', 3000);
    expect(result.status).toBeNull();
    expect(result.excerpt).toMatch(/not allowed/i);
    expect(r.got).toHaveLength(0);
  });

  it('does not follow a redirect: the address it points at hears nothing, and the attempt fails', async () => {
    const target = await receiver();
    open.push(target.server);
    const redirector = createServer((req, res) => {
      req.resume();
      res.writeHead(302, { location: target.url });
      res.end();
    });
    await new Promise<void>((ok) => redirector.listen(0, '127.0.0.1', ok));
    open.push(redirector);
    const result = await postWebhook(`http://127.0.0.1:${(redirector.address() as { port: number }).port}/hook`, {}, '{}', 3000);
    expect(result.status).toBe(302);
    expect(target.got).toHaveLength(0);
  });
});
