import { percentile } from './stats';
import { startBenchServer } from './server';

const BOOKINGS = 5000;

export interface FeedResult {
  name: string;
  p50: number;
  p95: number;
}

/**
 * A resource's iCal feed (issue 33) holding a year of a busy resource, 5,000 bookings, over HTTP:
 * made afresh after a booking changed (every change moves the feed's data version), kept while
 * nothing changed, and answered 304 to a calendar that holds the current text (target: under 200 ms).
 */
export async function runFeedBench(): Promise<FeedResult[]> {
  let resourceId = 0;
  const server = await startBenchServer(async (db, companyId) => {
    const resource = (await db.one<{ id: number; type: number; service: number }>(
      `select r.id, rr.resource_type_id as type, st.service_id as service from resources r
         join resource_type_resources rr on rr.resource_id = r.id join service_resource_types st on st.resource_type_id = rr.resource_type_id
        where r.company_id = $1 order by r.id limit 1`,
      [companyId],
    ))!;
    resourceId = resource.id;
    const customer = (await db.one<{ id: number }>('select id from customers where company_id = $1 order by id limit 1', [companyId]))!;
    // Fourteen 45-minute bookings a day from tomorrow, one after another.
    await db.query(
      `insert into bookings (company_id, service_id, customer_id, starts_at, ends_at, status_id, resource_ids)
       select $1, $2, $3, s, s + interval '45 minutes', 1, array[$4::int]
         from (select date_trunc('day', now()) + interval '1 day' + (g / 14) * interval '1 day' + interval '7 hours' + (g % 14) * interval '50 minutes' as s
                 from generate_series(0, $5::int - 1) g) t`,
      [companyId, resource.service, customer.id, resource.id, BOOKINGS],
    );
    await db.exec('analyze bookings');
  });
  const headers = { accept: 'application/json', authorization: `Bearer ${server.token}`, 'x-language': 'en', 'content-type': 'application/json' };
  const made = await fetch(`${server.baseUrl}/api/sync/icalsync`, { method: 'POST', headers, body: JSON.stringify({ ResourceId: resourceId }) });
  if (!made.ok) throw new Error(`feed not made: ${made.status} ${await made.text()}`);
  const url = new URL(((await made.json()) as { Url: string }).Url).pathname;
  const first = await fetch(`${server.baseUrl}${url}`);
  const text = await first.text();
  const events = text.split('BEGIN:VEVENT').length - 1;
  if (events < BOOKINGS) throw new Error(`the feed holds ${events} events, not ${BOOKINGS}`);
  const etag = first.headers.get('etag')!;
  const time = async (n: number, init: RequestInit = {}, status = 200): Promise<{ p50: number; p95: number }> => {
    const took: number[] = [];
    for (let i = 0; i < n; i++) {
      const start = performance.now();
      const res = await fetch(`${server.baseUrl}${url}`, init);
      await res.arrayBuffer();
      took.push(performance.now() - start);
      if (res.status !== status) throw new Error(`feed answered ${res.status}`);
    }
    return { p50: percentile(took, 50), p95: percentile(took, 95) };
  };
  const results: FeedResult[] = [];
  try {
    results.push({ name: `iCal feed, ${BOOKINGS} bookings, kept (nothing changed)`, ...(await time(30)) });
    results.push({ name: `iCal feed, ${BOOKINGS} bookings, 304 to If-None-Match`, ...(await time(30, { headers: { 'if-none-match': etag } }, 304)) });
    // What the first read after any booking change costs: nothing kept.
    await server.restart({ RESPONSE_CACHE: 'off' });
    results.push({ name: `iCal feed, ${BOOKINGS} bookings, made afresh (RESPONSE_CACHE=off)`, ...(await time(10)) });
  } finally {
    await server.stop();
  }
  return results;
}
