/**
 * Issue 10: no single request may hold the server. While one company keeps asking for the most
 * expensive things the limits allow — the largest availability range (RANGE_LIMIT_DAYS.availableTimes
 * of a calendar with a slot every minute round the clock on 10 resources, per resource) and a
 * customer whose custom fields all carry the slowest allowed pattern against values of the
 * largest allowed length — another company's customer list is timed. Target: p95 under 50 ms.
 * `npx tsx bench/limits.ts`.
 */
import { DateTime } from 'luxon';
import type { Db } from '../server/db/db';
import { seedOtherCompany } from '../server/db/seed';
import { MAX_CUSTOM_FIELDS_PER_TABLE } from '../server/areas/services/customFields';
import { RANGE_LIMIT_DAYS } from '../server/shared/limits';
import { MAX_PATTERN_VALUE_LENGTH } from '../domain/patterns';
import { loadTest, percentile, viaFetch, type LatencyResult } from './stats';
import { startBenchServer } from './server';

const OTHER = { email: 'other-bench@example.com', password: 'other-bench-password' };
const RESOURCES = 10;
/** Among the slowest patterns found that RE2 accepts under MAX_PATTERN_PROGRAM (about 500 steps). */
export const SLOW_PATTERN = '^(.){1,124}$';

async function prepare(db: Db, companyId: number): Promise<number> {
  const service = await db.one<{ id: number }>(
    `insert into services (company_id, name, description, duration, min_duration, max_duration, duration_interval, total_spots)
     values ($1, 'Bench every minute', 'bench', 1, 1, 1, 1, 1) returning id`,
    [companyId],
  );
  const type = await db.one<{ id: number }>(`insert into resource_types (company_id, name) values ($1, 'Bench rooms') returning id`, [companyId]);
  const resources = await db.query<{ id: number }>(
    `insert into resources (company_id, name, color, priority) select $1, 'Room ' || g, '#4fc3f7', g from generate_series(1, $2::int) g returning id`,
    [companyId, RESOURCES],
  );
  await db.query('insert into resource_type_resources (company_id, resource_type_id, resource_id) select $1, $2, unnest($3::int[])', [
    companyId,
    type!.id,
    resources.map((r) => r.id),
  ]);
  await db.query('insert into service_resource_types (company_id, service_id, resource_type_id) values ($1, $2, $3)', [
    companyId,
    service!.id,
    type!.id,
  ]);
  const schedule = await db.one<{ id: number }>(
    `insert into recurring_schedules (company_id, name, time_interval, start_time, end_time, days_of_week)
     values ($1, 'Round the clock', 1, '00:00', '00:00', '[1,2,3,4,5,6,7]') returning id`,
    [companyId],
  );
  await db.query('insert into recurring_schedule_services (company_id, schedule_id, service_id) values ($1, $2, $3)', [companyId, schedule!.id, service!.id]);
  await db.query(
    `insert into custom_fields (company_id, name, description, data_type, table_name, sort_order, width, max_length, reg_ex, reg_ex_error_message)
     select $1, 'Bench pattern ' || g, '', 'TextBox', 'RegisteredUsers', 100 + g, 12, $2, $3, 'bench' from generate_series(1, $4::int) g`,
    [companyId, MAX_PATTERN_VALUE_LENGTH, SLOW_PATTERN, MAX_CUSTOM_FIELDS_PER_TABLE - 1],
  );
  return service!.id;
}

export interface LimitsResult extends LatencyResult {
  name: string;
}

/**
 * Runs the scenario and answers the other company's latencies and how the heavy requests fared.
 * @example
 * const [quiet, loaded] = await runLimitsBench();
 */
export async function runLimitsBench(): Promise<LimitsResult[]> {
  let serviceId = 0;
  const server = await startBenchServer(async (db, companyId) => {
    serviceId = await prepare(db, companyId);
    await seedOtherCompany(db, OTHER.email, OTHER.password);
  });
  try {
    const token = await fetch(`${server.baseUrl}/realms/booking-admin/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', client_id: 'api-users', username: OTHER.email, password: OTHER.password }),
    }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
    const heavy = { accept: 'application/json', authorization: `Bearer ${server.token}`, 'x-language': 'en' };
    const other = { accept: 'application/json', authorization: `Bearer ${token}`, 'x-language': 'en' };
    const probe = viaFetch(`${server.baseUrl}/api/customers?Take=25`, { headers: other });

    const from = DateTime.now().startOf('day').plus({ days: 1 });
    const format = (d: DateTime) => d.toFormat("yyyy-MM-dd'T'HH:mm:ss");
    const range = `From=${format(from)}&To=${format(from.plus({ days: RANGE_LIMIT_DAYS.availableTimes }))}`;
    const availability = `${server.baseUrl}/api/services/${serviceId}/availabletimes?${range}&ShowPerResource=true`;
    const fields = (await fetch(`${server.baseUrl}/api/customfields?Table=RegisteredUsers&Take=100`, { headers: heavy }).then((r) => r.json())) as {
      Results: { Id: number; RegExId: string | null }[];
    };
    const value = 'ab1 é'.repeat(MAX_PATTERN_VALUE_LENGTH).slice(0, MAX_PATTERN_VALUE_LENGTH - 1) + '\n';
    const customer = JSON.stringify({
      Firstname: 'Bench',
      Lastname: 'Pattern',
      Email: 'bench@example.com',
      CustomFieldValues: fields.Results.map((f) => ({ Id: f.Id, Value: f.RegExId === SLOW_PATTERN ? value : 'M12345' })),
    });
    const heavyAnswers = new Map<string, number>();
    const took: Record<'availability' | 'patterns', number[]> = { availability: [], patterns: [] };
    const count = (status: number | string) => heavyAnswers.set(String(status), (heavyAnswers.get(String(status)) ?? 0) + 1);
    const timed = async (kind: keyof typeof took, send: () => Promise<Response>) => {
      const t0 = performance.now();
      const res = await send();
      await res.arrayBuffer();
      took[kind].push(performance.now() - t0);
      count(res.status);
    };
    const sendHeavy = [
      () => timed('availability', () => fetch(availability, { headers: heavy })),
      () => timed('patterns', () => fetch(`${server.baseUrl}/api/customers`, { method: 'POST', headers: { ...heavy, 'content-type': 'application/json' }, body: customer })),
    ];

    await loadTest(probe, { total: 50, concurrency: 1 });
    const rows: LimitsResult[] = [{ name: "Another company's GET customers, quiet server (1 connection)", ...(await loadTest(probe, { total: 300, concurrency: 1 })) }];

    let running = true;
    const loop = async (send: () => Promise<void>) => {
      while (running) await send().catch(() => count(0));
    };
    const load = sendHeavy.map(loop);
    await new Promise((r) => setTimeout(r, 500));
    const loaded = await loadTest(probe, { total: 300, concurrency: 1 });
    running = false;
    await Promise.all(load);
    const answers = [...heavyAnswers].map(([status, n]) => `${n}×${status}`).join(', ');
    const median = (list: number[]) => percentile(list, 50).toFixed(0);
    rows.push({
      name: `Another company's GET customers while one connection asks for ${RANGE_LIMIT_DAYS.availableTimes} days of per-minute times on ${RESOURCES} resources and another checks ${MAX_CUSTOM_FIELDS_PER_TABLE - 1} slowest patterns on ${MAX_PATTERN_VALUE_LENGTH}-character values (answers ${answers}; median ${median(took.availability)} ms and ${median(took.patterns)} ms)`,
      ...loaded,
    });
    return rows;
  } finally {
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('limits.ts')) {
  for (const r of await runLimitsBench()) {
    console.log(`${r.name}\n  p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  (${r.requests} requests, ${r.errors} errors)`);
  }
}
