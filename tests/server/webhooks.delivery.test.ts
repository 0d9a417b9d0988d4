/**
 * Webhook deliveries as the checks word them (issue 31): a booking reaches a real receiver
 * on loopback once, verifiable with standardwebhooks; a receiver that fails twice gets a third
 * attempt and the log shows three; a server stopped between attempts delivers once it is back;
 * a rolled-back change sends nothing; events reach an endpoint in the order they happened; and no
 * request reaches a private, link-local or loopback address (or one a redirect points at).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { WebhookEndpointWithSecret, WebhookMessageList } from '../../schema/webhooks';
import { buildApp } from '../../server/app';
import { postWebhook } from '../../server/integrations/webhooks/http';
import { createTestServer, type TestServer } from './harness';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiving HTTP server on loopback that answers each request with the next status of `statuses` (then 200). */
async function receiver(statuses: number[] = []): Promise<{ url: string; got: Received[]; server: Server }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.statusCode = statuses.shift() ?? 200;
      res.end(res.statusCode < 300 ? 'ok' : 'down');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`, got, server };
}

let server: TestServer;
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

async function endpoint(url: string, eventTypes = ['booking.created']): Promise<WebhookEndpointWithSecret> {
  const res = await server.api({ method: 'POST', url: '/api/webhook/endpoints', payload: { Url: url, EventTypes: eventTypes } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WebhookEndpointWithSecret;
}

/** A booking through the API (a free time of the demo's first bookable service). */
async function book(): Promise<number> {
  const service = await server.db.one<{ id: number }>(
    `select s.id from services s where s.company_id = (select company_id from users where email = 'demo@example.com') and s.active order by s.id limit 1`,
  );
  const free = await server.api({ method: 'GET', url: `/api/services/${service!.id}/availabletimes?From=${new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)}&To=${new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10)}` });
  expect(free.statusCode, free.body).toBe(200);
  const times = (free.json() as { Times: { From: string; To: string; Free: number }[] }).Times.filter((t) => t.Free > 0);
  const taken = new Set((await server.db.query<{ id: number }>('select id from bookings')).map((b) => b.id));
  for (const t of times) {
    const res = await server.api({ method: 'POST', url: '/api/bookings', payload: { ServiceId: service!.id, From: t.From, To: t.To, Customer: { Firstname: 'Webb', Lastname: 'Krok', Email: 'webb.krok@example.com' }, Quantities: [] } });
    if (res.statusCode === 200) {
      const id = (res.json() as { Id: number }).Id;
      if (!taken.has(id)) return id;
    }
  }
  throw new Error('no free time to book');
}

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

  it('still arrives when the server stops between attempts and starts again', async () => {
    const r = await receiver([500]);
    open.push(r.server);
    const e = await endpoint(r.url);
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
      await again.close();
    }
  });
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
