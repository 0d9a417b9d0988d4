/**
 * What the webhook tests share: a receiving HTTP server on loopback, an endpoint made through the
 * API, and a booking of the demo's first bookable service at a free time.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { expect } from 'vitest';
import type { WebhookEndpointWithSecret } from '../../schema/webhooks';
import type { TestServer } from './harness';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A receiving HTTP server on loopback that answers each request with the next status of `statuses`
 * (then 200), `answerAfterMs` after it came (a slow receiver).
 */
export async function receiver(statuses: number[] = [], answerAfterMs = 0): Promise<{ url: string; got: Received[]; server: Server }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.statusCode = statuses.shift() ?? 200;
      setTimeout(() => res.end(res.statusCode < 300 ? 'ok' : 'down'), answerAfterMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`, got, server };
}

/** An endpoint of the demo company through POST /webhook/endpoints, with its secret. */
export async function endpoint(server: TestServer, url: string, eventTypes = ['booking.created']): Promise<WebhookEndpointWithSecret> {
  const res = await server.api({ method: 'POST', url: '/api/webhook/endpoints', payload: { Url: url, EventTypes: eventTypes } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WebhookEndpointWithSecret;
}

/** The demo company's first bookable service. */
export async function firstService(server: TestServer): Promise<number> {
  const service = await server.db.one<{ id: number }>(
    `select s.id from services s where s.company_id = (select company_id from users where email = 'demo@example.com') and s.active order by s.id limit 1`,
  );
  return service!.id;
}

/** A booking through the API (a free time of the demo's first bookable service), for a new customer unless one is given. */
export async function book(server: TestServer, customer: { CustomerId: number } | { Customer: Record<string, unknown> } = { Customer: { Firstname: 'Webb', Lastname: 'Krok', Email: 'webb.krok@example.com' } }): Promise<number> {
  const serviceId = await firstService(server);
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const free = await server.api({ method: 'GET', url: `/api/services/${serviceId}/availabletimes?From=${day(7)}&To=${day(21)}` });
  expect(free.statusCode, free.body).toBe(200);
  const times = (free.json() as { Times: { From: string; To: string; Free: number }[] }).Times.filter((t) => t.Free > 0);
  const taken = new Set((await server.db.query<{ id: number }>('select id from bookings')).map((b) => b.id));
  for (const t of times) {
    const res = await server.api({ method: 'POST', url: '/api/bookings', payload: { ServiceId: serviceId, From: t.From, To: t.To, ...customer, Quantities: [] } });
    if (res.statusCode === 200) {
      const id = (res.json() as { Id: number }).Id;
      if (!taken.has(id)) return id;
    }
  }
  throw new Error('no free time to book');
}
