/**
 * Bookings (issue 12): on the availability bench's calendar (10 courts, 20,000 bookings in the
 * month, 200 exceptions) plus 200,000 older bookings of the demo company:
 * - POST /bookings per second with 32 clients (each a free grid time; a 409 for a time another
 *   client took first counts as refused, not as an error);
 * - GET availabletimes p95 right after a booking write (the written days must be loaded afresh),
 *   and with 4 connections while one client keeps writing bookings (after the server has delivered
 *   the confirmations of the 32 clients' bookings; those of the bookings written meanwhile count);
 * - GET /bookings (first page, default order, and a filtered search) p95 with 200,000 bookings.
 * `npm run bench bookings`; with DATABASE_URL on the PostgreSQL server.
 */
import type { Db } from '../server/db/db';
import { benchMonth, prepare } from './availabilityHttp';
import { startBenchServer } from './server';
import { keepAliveClient, loadTest, percentile, type LatencyResult } from './stats';

const LIST_BOOKINGS = 200_000;
const CLIENTS = 32;

export interface BookingBenchResult extends LatencyResult {
  name: string;
  /** Booking creation: answers 409 (the time was taken meanwhile). */
  refused?: number;
}

/**
 * Times spread over the bench month's weekday grid (07:00–20:00 on 15 minutes), a different one each call.
 * @example const next = gridTimes(); next(); // '2027-01-01T07:00:00'
 */
export function gridTimes(): () => string {
  const month = benchMonth();
  let i = 0;
  return () => {
    const k = i++;
    const day = month.plus({ days: k % 28 });
    const weekday = day.weekday <= 5 ? day : day.plus({ days: 8 - day.weekday });
    const slot = Math.floor(k / 28) % 52;
    return weekday.set({ hour: 7 + Math.floor(slot / 4), minute: (slot % 4) * 15 }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
  };
}

/** A price for every time of the bench's service (250 SEK), so bookings of it can be made. */
export async function addBenchPrice(db: Db, companyId: number, serviceId: number): Promise<void> {
  await db.query(
    `insert into service_prices (company_id, service_id, price_minor, calculation_type_id, currency_id, vat, category, price_text, days_of_week)
     values ($1, $2, 25000, 1, 'SEK', 6, '', 'Bench', '[]')`,
    [companyId, serviceId],
  );
}

export async function prepareBookings(db: Db, companyId: number): Promise<{ serviceId: number; customerIds: number[]; from: string; to: string }> {
  const month = benchMonth();
  const scenario = await prepare(db, companyId, month);
  await addBenchPrice(db, companyId, scenario.serviceId);
  const customers = await db.query<{ id: number }>('select id from customers where company_id = $1 order by id limit 200', [companyId]);
  const other = await db.one<{ id: number }>("select id from services where company_id = $1 and name = 'Bench other'", [companyId]);
  // 200,000 bookings over the two years before the bench month, for the list.
  await db.query(
    `insert into bookings (company_id, service_id, customer_id, starts_at, ends_at, status_id, spots, total_price_minor, currency_id, price_sign, created)
     select $1, $2, ($3::int[])[1 + (g % array_length($3::int[], 1))],
            $4::timestamptz - make_interval(mins => g * 5), $4::timestamptz - make_interval(mins => g * 5) + interval '1 hour',
            case when g % 10 = 0 then 4 else 1 end, 1, 25000, 'SEK', 'kr', $4::timestamptz - make_interval(mins => g * 5 + 1440)
       from generate_series(1, $5::int) g`,
    [companyId, other!.id, customers.map((c) => c.id), month.toISO(), LIST_BOOKINGS],
  );
  // As autovacuum would after a bulk load: the visibility map lets counts read indexes only.
  await db.exec('vacuum analyze bookings');
  await db.exec('analyze customers; analyze services');
  return { serviceId: scenario.serviceId, customerIds: customers.map((c) => c.id), from: scenario.from, to: scenario.to };
}

/** Waits (at most a minute) until the company's caught mails stop growing for 3 s: the outbox is delivered. */
async function settled(baseUrl: string, headers: Record<string, string>): Promise<void> {
  const caught = async () => ((await (await fetch(`${baseUrl}/api/messages/outbox?Take=1`, { headers })).json()) as { Total: number }).Total;
  const deadline = performance.now() + 60_000;
  let last = await caught();
  let stableSince = performance.now();
  while (performance.now() - stableSince < 3000 && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    const now = await caught();
    if (now !== last) [last, stableSince] = [now, performance.now()];
  }
}

/**
 * Runs the booking scenarios against a fresh server and answers their figures.
 * @example
 * for (const r of await runBookingBench()) console.log(r.name, r.p95);
 */
export async function runBookingBench(seconds = Number(process.env.BENCH_SECONDS ?? 20)): Promise<BookingBenchResult[]> {
  let scenario: Awaited<ReturnType<typeof prepareBookings>> | undefined;
  const server = await startBenchServer(async (db, companyId) => {
    scenario = await prepareBookings(db, companyId);
  });
  try {
    const s = scenario!;
    const headers = { accept: 'application/json', authorization: `Bearer ${server.token}`, 'x-language': 'en' };
    const json = { ...headers, 'content-type': 'application/json' };
    let n = 0;
    const nextTime = gridTimes();
    const create = async (): Promise<number> => {
      const res = await fetch(`${server.baseUrl}/api/bookings`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ ServiceId: s.serviceId, CustomerId: s.customerIds[n++ % s.customerIds.length], From: nextTime() }),
      });
      await res.arrayBuffer();
      return res.status;
    };

    const rows: BookingBenchResult[] = [];
    // Booking creation with 32 clients for `seconds`.
    const latencies: number[] = [];
    let errors = 0;
    let refused = 0;
    const started = performance.now();
    const until = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < until) {
          const t0 = performance.now();
          const status = await create().catch(() => 0);
          latencies.push(performance.now() - t0);
          if (status === 409 || status === 400) refused++;
          else if (status !== 200) errors++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    rows.push({
      name: `POST /bookings, ${CLIENTS} clients`,
      requests: latencies.length,
      errors,
      refused,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      rps: (latencies.length - refused - errors) / elapsed,
    });

    // The server settles before the read phases: the 32 clients' bookings queued as many
    // confirmations, which its job queue delivers (about 175 a second) for a while after.
    await settled(server.baseUrl, headers);

    // availabletimes right after a booking write: the calendar is loaded afresh each time.
    // The reads go through keep-alive connections of undici's Pool: fetch spent more CPU per
    // 179 KB answer than the server did (about 2.5 ms), on the same two cores. Like the admin's
    // browser, the client accepts compressed answers (about 10 KB) and decodes them.
    const client = keepAliveClient(server.baseUrl, 8);
    const timeGet = async (path: string): Promise<number> => {
      const t0 = performance.now();
      if (!(await client.get(path, headers)())) throw new Error(`GET ${path} failed`);
      return performance.now() - t0;
    };
    const path = `/api/services/${s.serviceId}/availabletimes?From=${s.from}&To=${s.to}`;
    const after: number[] = [];
    for (let i = 0; i < 60; i++) {
      await create();
      after.push(await timeGet(path));
    }
    rows.push({ name: 'GET availabletimes (31 days) right after a booking write', requests: after.length, errors: 0, p50: percentile(after, 50), p95: percentile(after, 95), p99: percentile(after, 99), rps: 0 });

    // availabletimes with 4 connections while one client keeps writing bookings.
    const during: number[] = [];
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await create();
        written++;
      }
    })();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = 0; i < 50; i++) during.push(await timeGet(path));
      }),
    );
    writing = false;
    await writer;
    rows.push({
      name: `GET availabletimes (31 days), 4 connections while bookings are written (${written} written)`,
      requests: during.length,
      errors: 0,
      p50: percentile(during, 50),
      p95: percentile(during, 95),
      p99: percentile(during, 99),
      rps: 0,
    });

    // The bookings list with 200,000 (and more) bookings.
    const list = client.get('/api/bookings?Take=50', headers);
    await loadTest(list, { total: 20, concurrency: 1 });
    rows.push({ name: `GET /bookings first page, ${LIST_BOOKINGS.toLocaleString('en')}+ bookings (1 connection)`, ...(await loadTest(list, { total: 200, concurrency: 1 })) });
    rows.push({ name: 'GET /bookings first page, 4 connections', ...(await loadTest(list, { total: 200, concurrency: 4 })) });
    const filtered = client.get(`/api/bookings?Take=50&StatusIds=1&BookingStart=${s.from.slice(0, 10)}&OrderBy=From`, headers);
    rows.push({ name: 'GET /bookings, status and date filter (1 connection)', ...(await loadTest(filtered, { total: 200, concurrency: 1 })) });
    await client.close();
    return rows;
  } finally {
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('bookings.ts')) {
  for (const r of await runBookingBench()) {
    console.log(`${r.name}\n  p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms  (${r.requests} requests, ${r.errors} errors, ${r.refused ?? 0} refused, ${r.rps.toFixed(0)}/s)`);
  }
}
