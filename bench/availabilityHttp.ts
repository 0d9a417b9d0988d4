/**
 * Availability over HTTP (issue 3): the engine bench's calendar (one service with 10 resources, a
 * 15-minute interval, 31 days, 20,000 bookings in the month, 200 time exceptions) stored in the
 * database and asked for through GET /api/services/{Id}/availabletimes and /nextfreetime on the
 * real server process on loopback. Target: p95 under 30 ms. `npx tsx bench/availabilityHttp.ts`.
 */
import { DateTime } from 'luxon';
import type { Db } from '../server/db/db';
import { loadTest, percentile, viaFetch, type LatencyResult } from './stats';
import { startBenchServer } from './server';

const ZONE = 'Europe/Stockholm';
const RESOURCES = 10;
const BOOKINGS = 20_000;
const EXCEPTIONS = 200;
const MINUTE = 60_000;

/** mulberry32, as in bench/availability.ts, so both benches measure the same kind of calendar. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Scenario {
  serviceId: number;
  from: string;
  to: string;
}

/** The month two months ahead, so every time lies in the future whatever day the bench runs. */
export function benchMonth(): DateTime {
  return DateTime.now().setZone(ZONE).startOf('month').plus({ months: 2 });
}

export async function prepare(db: Db, companyId: number, month: DateTime): Promise<Scenario> {
  const service = await db.one<{ id: number }>(
    `insert into services (company_id, name, description, duration, min_duration, max_duration, duration_interval, total_spots)
     values ($1, 'Bench courts', 'bench', 60, 60, 180, 60, 20) returning id`,
    [companyId],
  );
  const otherService = await db.one<{ id: number }>(
    `insert into services (company_id, name, description, duration, min_duration, max_duration, duration_interval)
     values ($1, 'Bench other', 'bench', 60, 60, 180, 60) returning id`,
    [companyId],
  );
  const type = await db.one<{ id: number }>(`insert into resource_types (company_id, name) values ($1, 'Bench courts') returning id`, [companyId]);
  const resources = await db.query<{ id: number }>(
    `insert into resources (company_id, name, color, priority) select $1, 'Court ' || g, '#4fc3f7', g from generate_series(1, $2::int) g returning id`,
    [companyId, RESOURCES],
  );
  const resourceIds = resources.map((r) => r.id);
  await db.query('insert into resource_type_resources (company_id, resource_type_id, resource_id) select $1, $2, unnest($3::int[])', [companyId, type!.id, resourceIds]);
  await db.query('insert into service_resource_types (company_id, service_id, resource_type_id) values ($1, $2, $3)', [companyId, service!.id, type!.id]);
  for (const [days, start, end, breaks] of [
    [[1, 2, 3, 4, 5], '07:00', '21:00', [{ StartTime: '12:00:00', EndTime: '12:30:00' }]],
    [[6, 7], '09:00', '17:00', []],
  ] as const) {
    const schedule = await db.one<{ id: number }>(
      `insert into recurring_schedules (company_id, name, time_interval, start_time, end_time, days_of_week, exceptions)
       values ($1, 'Bench opening hours', 15, $2, $3, $4::text::jsonb, $5::text::jsonb) returning id`,
      [companyId, start, end, JSON.stringify(days), JSON.stringify(breaks)],
    );
    await db.query('insert into recurring_schedule_services (company_id, schedule_id, service_id) values ($1, $2, $3)', [companyId, schedule!.id, service!.id]);
  }

  const monthStart = month.toMillis();
  const spanDays = 31;
  const rand = random(1);
  const services: number[] = [];
  const starts: string[] = [];
  const ends: string[] = [];
  const statuses: number[] = [];
  const spots: number[] = [];
  const resourceOf: number[] = [];
  for (let i = 0; i < BOOKINGS; i++) {
    const day = Math.floor(rand() * spanDays);
    const start = month.plus({ days: day }).toMillis() + (7 * 60 + Math.floor(rand() * 13 * 4) * 15) * MINUTE;
    services.push(rand() < 0.9 ? service!.id : otherService!.id);
    starts.push(new Date(start).toISOString());
    ends.push(new Date(start + (1 + Math.floor(rand() * 4)) * 15 * MINUTE).toISOString());
    statuses.push(rand() < 0.1 ? 4 : 1);
    spots.push(1 + Math.floor(rand() * 3));
    resourceOf.push(resourceIds[Math.floor(rand() * resourceIds.length)]);
  }
  const bookingIds = await db.query<{ id: number }>(
    `insert into bookings (company_id, service_id, starts_at, ends_at, status_id, spots, resource_ids)
     select $1, s, f, t, st, sp, array[r] from unnest($2::int[], $3::timestamptz[], $4::timestamptz[], $5::int[], $6::int[], $7::int[]) as x(s, f, t, st, sp, r)
     returning id`,
    [companyId, services, starts, ends, statuses, spots, resourceOf],
  );
  // resource_ids is already set above; the sync trigger would only rewrite the same 20,000 rows.
  await db.exec('alter table booking_resources disable trigger booking_resources_sync');
  await db.query(
    `insert into booking_resources (company_id, booking_id, resource_type_id, resource_id)
     select $1, b, $2, r from unnest($3::int[], $4::int[]) as x(b, r)`,
    [companyId, type!.id, bookingIds.map((b) => b.id), resourceOf],
  );
  await db.exec('alter table booking_resources enable trigger booking_resources_sync');

  const exRand = random(2);
  for (let i = 0; i < EXCEPTIONS; i++) {
    const start = monthStart + Math.floor(exRand() * spanDays * 24 * 4) * 15 * MINUTE;
    const recurring = i % 4 === 0;
    const hour = 7 + Math.floor(exRand() * 12);
    const end = recurring ? start + 14 * 86_400_000 : start + (1 + Math.floor(exRand() * 8)) * 15 * MINUTE;
    const row = await db.one<{ id: number }>(
      `insert into time_exceptions (company_id, from_at, to_at, from_time, to_time, is_recurring, days_of_week, reason_text, reason_text_public, block_time)
       values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, 'Maintenance', $8, $9) returning id`,
      [
        companyId,
        new Date(start).toISOString(),
        new Date(end).toISOString(),
        `${String(hour).padStart(2, '0')}:00`,
        `${String(hour + 1).padStart(2, '0')}:00`,
        recurring,
        JSON.stringify(recurring ? [1 + (i % 7)] : []),
        i % 5 === 0 ? 'Court maintenance' : null,
        i % 7 !== 0,
      ],
    );
    if (i % 10 !== 0) {
      await db.query('insert into time_exception_resources (company_id, time_exception_id, resource_id) values ($1, $2, $3)', [companyId, row!.id, resourceIds[i % resourceIds.length]]);
    }
  }
  await db.exec('analyze bookings; analyze booking_resources; analyze time_exceptions');
  const format = (d: DateTime) => d.toFormat("yyyy-MM-dd'T'HH:mm:ss");
  return { serviceId: service!.id, from: format(month), to: format(month.plus({ days: spanDays })) };
}

export interface AvailabilityHttpResult extends LatencyResult {
  name: string;
}

/**
 * Runs the HTTP availability scenarios against a fresh server and answers their latencies.
 * @example
 * for (const r of await runAvailabilityHttpBench()) console.log(r.name, r.p50, r.p95);
 */
export async function runAvailabilityHttpBench(): Promise<AvailabilityHttpResult[]> {
  const month = benchMonth();
  let scenario: Scenario | undefined;
  const server = await startBenchServer(async (db, companyId) => {
    scenario = await prepare(db, companyId, month);
  });
  try {
    const s = scenario!;
    const headers = { accept: 'application/json', authorization: `Bearer ${server.token}`, 'x-language': 'en' };
    const url = `${server.baseUrl}/api/services/${s.serviceId}/availabletimes?From=${s.from}&To=${s.to}`;
    const check = await fetch(url, { headers });
    const body = (await check.json()) as { Times?: { Free: boolean }[] };
    const count = body.Times?.length ?? 0;
    if (!check.ok || count < 31 * 30) throw new Error(`unexpected answer: ${check.status}, ${count} times`);
    const next = `${server.baseUrl}/api/services/${s.serviceId}/nextfreetime?From=${s.from}`;
    const rows: AvailabilityHttpResult[] = [];
    // Cold: a write before every request (an exception far ahead is moved), so the server must
    // load the calendar from the database each time instead of reusing what it loaded.
    const bump = await fetch(`${server.baseUrl}/api/timeexceptions`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ From: '2099-01-01T10:00:00', To: '2099-01-01T11:00:00', ReasonText: 'bench' }),
    });
    const bumpId = ((await bump.json()) as { Id: number }).Id;
    const cold: number[] = [];
    for (let i = 0; i < 60; i++) {
      const minute = String(i % 60).padStart(2, '0');
      await fetch(`${server.baseUrl}/api/timeexceptions/${bumpId}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ From: `2099-01-01T10:${minute}:00`, To: '2099-01-01T11:00:00' }),
      }).then((r) => r.arrayBuffer());
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`cold request failed: ${res.status}`);
      cold.push(performance.now() - t0);
    }
    rows.push({
      name: 'GET availabletimes, same, loaded afresh after a write (1 connection)',
      requests: cold.length,
      errors: 0,
      p50: percentile(cold, 50),
      p95: percentile(cold, 95),
      p99: percentile(cold, 99),
      rps: 0,
    });
    await loadTest(viaFetch(url, { headers }), { total: 30, concurrency: 1 }); // warm-up
    rows.push({
      name: `GET availabletimes, 31 days, 10 resources, ${BOOKINGS.toLocaleString('en')} bookings, ${EXCEPTIONS} exceptions → ${count} times, unchanged calendar (1 connection)`,
      ...(await loadTest(viaFetch(url, { headers }), { total: 300, concurrency: 1 })),
    });
    rows.push({
      name: 'GET availabletimes, same, 4 connections',
      ...(await loadTest(viaFetch(url, { headers }), { total: 300, concurrency: 4 })),
    });
    await loadTest(viaFetch(next, { headers }), { total: 30, concurrency: 1 });
    rows.push({ name: 'GET nextfreetime, same calendar (1 connection)', ...(await loadTest(viaFetch(next, { headers }), { total: 500, concurrency: 1 })) });
    return rows;
  } finally {
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('availabilityHttp.ts')) {
  for (const r of await runAvailabilityHttpBench()) {
    console.log(`${r.name}\n  p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  (${r.requests} requests, ${r.errors} errors, ${r.rps.toFixed(0)} req/s)`);
  }
}
