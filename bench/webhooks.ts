/**
 * Webhooks (issue 31): 32 clients book through the real server while its webhook lane delivers each
 * booking's `booking.created` to four endpoints on a loopback receiver (one HTTP server in this
 * process, answering 200 at once):
 * - deliveries per second, from the first booking until the last delivery;
 * - time from commit to delivery, p50 and p95, target p95 under 1 s: from the moment the booking's
 *   answer reached its client (just after the commit) to the receiver's, or nothing when the
 *   delivery came first; and, for comparison, from the event's timestamp, taken inside the booking's
 *   transaction (which under 32 clients includes the time the booking waited for its locks);
 * - whether any was lost or came twice (each endpoint hears each booking once). The order an
 *   endpoint hears them in is that of the events' commits, which concurrent bookings need not make
 *   the order of their ids: tests/server/webhooks.delivery.test.ts checks it, not this bench.
 * BENCH_WEBHOOK_EVENTS bookings (default 1,000). `npm run bench webhooks`; with DATABASE_URL on the
 * PostgreSQL server.
 */
import { createServer } from 'node:http';
import { benchMonth, prepare } from './availabilityHttp';
import { addBenchPrice, gridTimes } from './bookings';
import { startBenchServer } from './server';
import { percentile } from './stats';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);
const CLIENTS = 32;
const ENDPOINTS = 4;

export interface WebhookBenchResult {
  name: string;
  p50: number;
  p95: number;
  deliveriesPerSecond: number;
  delivered: number;
  expected: number;
  duplicates: number;
}

export async function runWebhookBench(): Promise<WebhookBenchResult[]> {
  // Arrivals per endpoint path: [booking id, ms since the event's timestamp, arrival (epoch ms)].
  const arrivals = new Map<string, [number, number, number][]>();
  // When each booking's answer reached its client (epoch ms).
  const answered = new Map<number, number>();
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp: string; data: { Id: number } };
      const list = arrivals.get(req.url ?? '') ?? [];
      const now = Date.now();
      list.push([event.data.Id, now - Date.parse(event.timestamp), now]);
      arrivals.set(req.url ?? '', list);
      res.end('ok');
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;

  process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK = 'true';
  let scenario: Awaited<ReturnType<typeof prepare>> | undefined;
  let customerIds: number[] = [];
  const server = await startBenchServer(async (db, companyId) => {
    scenario = await prepare(db, companyId, benchMonth());
    await addBenchPrice(db, companyId, scenario.serviceId);
    customerIds = (await db.query<{ id: number }>('select id from customers where company_id = $1 order by id limit 200', [companyId])).map((c) => c.id);
  });
  try {
    const headers = { accept: 'application/json', authorization: `Bearer ${server.token}`, 'x-language': 'en', 'content-type': 'application/json' };
    const call = async (method: string, path: string, body: unknown): Promise<void> => {
      const res = await fetch(`${server.baseUrl}/api${path}`, { method, headers, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    };
    await call('PUT', '/webhook/settings', { Enabled: true });
    for (let i = 0; i < ENDPOINTS; i += 1) await call('POST', '/webhook/endpoints', { Url: `${receiverUrl}/e${i}`, EventTypes: ['booking.created'] });

    let n = 0;
    const nextTime = gridTimes();
    const booked: number[] = [];
    const started = performance.now();
    let tries = 0;
    let refusal = '';
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (booked.length < EVENTS && tries < EVENTS * 5) {
          tries += 1;
          const res = await fetch(`${server.baseUrl}/api/bookings`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ ServiceId: scenario!.serviceId, CustomerId: customerIds[n++ % customerIds.length], From: nextTime() }),
          });
          const body = (await res.json().catch(() => ({}))) as { Id?: number };
          // Every booking made counts (the last clients' may pass EVENTS): each is an event to deliver.
          if (res.status === 200 && body.Id) {
            answered.set(body.Id, Date.now());
            booked.push(body.Id);
          }
          else if (res.status !== 409 && !refusal) refusal = `${res.status} ${JSON.stringify(body).slice(0, 300)}`;
        }
      }),
    );
    if (!booked.length) throw new Error(`no booking was made: ${refusal}`);
    const expected = booked.length * ENDPOINTS;
    const count = () => [...arrivals.values()].reduce((sum, list) => sum + list.length, 0);
    const deadline = performance.now() + 180_000;
    while (count() < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const seconds = (performance.now() - started) / 1000;

    const all = [...arrivals.values()].flat();
    let duplicates = 0;
    for (const list of arrivals.values()) duplicates += list.length - new Set(list.map(([id]) => id)).size;
    const fromEvent = all.map(([, ms]) => ms);
    const fromAnswer = all.map(([id, , at]) => Math.max(0, at - (answered.get(id) ?? at)));
    const what = `(${booked.length} bookings by ${CLIENTS} clients, ${ENDPOINTS} endpoints)`;
    return [
      {
        name: `webhook delivery, event's timestamp in the booking's transaction to receiver ${what}`,
        p50: percentile(fromEvent, 50),
        p95: percentile(fromEvent, 95),
        deliveriesPerSecond: all.length / seconds,
        delivered: all.length,
        expected,
        duplicates,
      },
      {
        name: `webhook delivery, commit (the booking's answer) to receiver ${what}`,
        p50: percentile(fromAnswer, 50),
        p95: percentile(fromAnswer, 95),
        deliveriesPerSecond: all.length / seconds,
        delivered: all.length,
        expected,
        duplicates,
      },
    ];
  } finally {
    await server.stop();
    receiver.close();
  }
}
