/**
 * Statistics (issue 37): the demo company with a year of 200,000 bookings (ten a day per court,
 * instructor and room, a tenth canceled, two thirds booked by an administrator), then GET /statistics
 * for the whole year beside the year before, per service and per resource, and the dashboard's
 * GET /statistics/today; target p95 under 100 ms. The bookings go in through the table, so the
 * triggers of migration 137 build the rollups as any booking write does.
 * `npm run bench statistics`; with DATABASE_URL on the PostgreSQL server.
 */
import { DateTime } from 'luxon';
import type { Db } from '../server/db/db';
import { startBenchServer } from './server';
import { keepAliveClient, loadTest, type LatencyResult } from './stats';

const BOOKINGS = 200_000;
const CHUNK = 20_000;

export interface StatisticsBenchResult extends LatencyResult {
  name: string;
}

/** A year of BOOKINGS bookings of the company up to `today`, written through the table (its triggers keep the rollups); answers a service id. */
export async function seedYear(db: Db, companyId: number, today: string): Promise<number> {
  const pairs = await db.query<{ service_id: number; resource_id: number }>(
    `select srt.service_id, m.resource_id from service_resource_types srt join resource_type_resources m on m.resource_type_id = srt.resource_type_id
      where srt.company_id = $1 and (srt.all_resources or exists (select 1 from service_resources sr where sr.service_id = srt.service_id and sr.resource_id = m.resource_id))
      order by 1, 2`,
    [companyId],
  );
  const customers = (await db.query<{ id: number }>('select id from customers where company_id = $1 order by id', [companyId])).map((c) => c.id);
  const admins = (await db.query<{ id: number }>('select id from users where company_id = $1 order by id', [companyId])).map((u) => u.id);
  for (let first = 0; first < BOOKINGS; first += CHUNK) {
    await db.query(
      `insert into bookings (company_id, service_id, customer_id, starts_at, ends_at, status_id, spots, resource_ids, total_price_minor, total_vat_minor,
                             currency_id, price_sign, created_by, created)
       select $1, ($2::int[])[1 + g % n], ($4::int[])[1 + (g * 7919) % array_length($4::int[], 1)], s, s + interval '1 hour',
              case when g % 10 = 0 then 4 else 1 end, 1 + g % 2, array[($3::int[])[1 + g % n]], 25000 + (g % 5) * 5000, 1415 + (g % 5) * 283,
              'SEK', 'kr', case when g % 3 = 0 then null else ($5::int[])[1 + g % array_length($5::int[], 1)] end, s - make_interval(days => g % 30, hours => 1)
         from (select g, cardinality($2::int[]) as n,
                      ($6::date - (g % 365) + make_interval(hours => 7 + (g / 365) % 14))::timestamp at time zone 'Europe/Stockholm' as s
                 from generate_series($7::int, $8::int) g) x`,
      [companyId, pairs.map((p) => p.service_id), pairs.map((p) => p.resource_id), customers, admins, today, first, Math.min(first + CHUNK, BOOKINGS) - 1],
    );
  }
  for (const table of ['bookings', 'booking_stat_days', 'customer_first_bookings']) await db.exec(`vacuum analyze ${table}`);
  return pairs[0].service_id;
}

export async function runStatisticsBench(): Promise<StatisticsBenchResult[]> {
  const today = DateTime.now().setZone('Europe/Stockholm').startOf('day');
  const from = today.minus({ days: 364 }).toISODate()!;
  let seededIn = 0;
  let firstService = 0;
  const server = await startBenchServer(async (db, companyId) => {
    const started = performance.now();
    firstService = await seedYear(db, companyId, today.toISODate()!);
    seededIn = (performance.now() - started) / 1000;
  });
  try {
    console.log(`statistics bench: ${BOOKINGS.toLocaleString('en')} bookings and their rollups written in ${seededIn.toFixed(1)} s`);
    const headers = { accept: 'application/json', authorization: `Bearer ${server.token}`, 'x-language': 'en' };
    const client = keepAliveClient(server.baseUrl, 4);
    const year = `From=${from}&To=${today.toISODate()}`;
    const check = await fetch(`${server.baseUrl}/api/statistics?${year}`, { headers });
    const body = (await check.json()) as { Totals?: { Bookings: number } };
    if (!check.ok || (body.Totals?.Bookings ?? 0) < BOOKINGS * 0.85) throw new Error(`GET /statistics answered ${check.status}: ${JSON.stringify(body).slice(0, 300)}`);
    const rows: StatisticsBenchResult[] = [];
    const run = async (name: string, path: string): Promise<void> => {
      const send = client.get(path, headers);
      await loadTest(send, { total: 10, concurrency: 1 });
      rows.push({ name, ...(await loadTest(send, { total: 100, concurrency: 1 })) });
    };
    await run('GET /statistics, a year of 200,000 bookings beside the year before, per service', `/api/statistics?${year}`);
    await run('GET /statistics, the same per resource', `/api/statistics?${year}&GroupBy=resource`);
    await run('GET /statistics, the same per administrator, one service', `/api/statistics?${year}&GroupBy=administrator&ServiceIds=${firstService}`);
    await run('GET /statistics, the last 30 days (the screen opens on it)', '/api/statistics');
    await run('GET /statistics/today (the dashboard)', '/api/statistics/today');
    await client.close();
    return rows;
  } finally {
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('statistics.ts')) {
  for (const r of await runStatisticsBench()) console.log(`${r.name}\n  p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms  (${r.requests} requests, ${r.errors} errors)`);
}
