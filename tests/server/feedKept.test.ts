/**
 * A kept iCal feed text (server/areas/sync/feed.ts) must equal the text made afresh. Two caching
 * instances of the API (two processes on PostgreSQL, each its own connection) and one that keeps
 * nothing (RESPONSE_CACHE=off) serve one database; a seeded sequence changes everything a feed shows
 * — bookings made, moved, canceled and released (through the API and, as background jobs do, straight
 * in SQL), the names of customers, services, resources, administrators and the company, a resource's
 * e-mail that makes it an administrator's own, the company's zone — and after every change the
 * company's, a resource's and an administrator's own feed are read from every instance and compared
 * byte for byte. A failure prints the seed and the steps (`FEED_SEEDS=7` replays a seed).
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openDb, type Db } from '../../server/db/db';
import { FeedTexts, type FeedNames, type FeedRow } from '../../server/areas/sync/feed';
import type { IcalSync } from '../../schema/sync';
import { createTestServer, type TestServer } from './harness';
import { withDatabase } from './template';
import { seedIds, type Seed } from './bookings/helpers';
import { generator as seededRandom } from './fuzz/random';

let server: TestServer;
let seed: Seed;
let second: FastifyInstance;
let fresh: FastifyInstance;
const connections: Db[] = [];
const feeds: string[] = [];

/** A separate connection to the server's database on PostgreSQL (another process), the same PGlite otherwise. */
async function connection(): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (!url) return server.db;
  const name = (await server.db.one<{ name: string }>('select current_database() as name'))!.name;
  const db = await openDb({ databaseUrl: withDatabase(url, name) });
  connections.push(db);
  return db;
}

beforeAll(async () => {
  server = await createTestServer();
  seed = await seedIds(server);
  second = await buildApp({ db: await connection(), config: server.config });
  fresh = await buildApp({ db: await connection(), config: { ...server.config, responseCache: false } });
  await Promise.all([second.ready(), fresh.ready()]);
  const court = [...seed.resources.values()][0];
  for (const payload of [{}, { ResourceId: court }, { Own: true }]) {
    const res = await server.api({ method: 'POST', url: '/api/sync/icalsync', payload });
    expect(res.statusCode, res.body).toBe(200);
    feeds.push(new URL((res.json() as IcalSync).Url).pathname);
  }
});
afterAll(async () => {
  await second?.close();
  await fresh?.close();
  for (const db of connections) await db.close();
  await server?.close();
});

const zone = 'Europe/Stockholm';
/** A time `days` from today at `hour`, in the demo company's zone; negative days reach behind the feed's window. */
const at = (days: number, hour: number) => DateTime.now().setZone(zone).plus({ days }).set({ hour, minute: 0, second: 0, millisecond: 0 }).toFormat("yyyy-MM-dd'T'HH:mm:ss");

/** The first feed whose text differs between a caching instance and the fresh one, with both texts. */
async function differences(): Promise<string | undefined> {
  for (const url of feeds) {
    const made = await fresh.inject({ method: 'GET', url });
    for (const [name, app] of [['first', server.app], ['second', second]] as const) {
      const kept = await app.inject({ method: 'GET', url });
      if (kept.statusCode !== made.statusCode || kept.body !== made.body || kept.headers.etag !== made.headers.etag) {
        const a = kept.body.split('\r\n');
        const b = made.body.split('\r\n');
        const line = a.findIndex((text, i) => text !== b[i]);
        return `${url} from the ${name} instance: ${kept.statusCode} ${String(kept.headers.etag)} vs fresh ${made.statusCode} ${String(made.headers.etag)}, first different line ${line}:\n  kept:  ${a.slice(line - 3, line + 3).join(' | ')}\n  fresh: ${b.slice(line - 3, line + 3).join(' | ')}`;
      }
    }
  }
  return undefined;
}

function generator(seedNumber: number) {
  const next = seededRandom(seedNumber);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { int, pick };
}

async function runSequence(seedNumber: number, steps: number): Promise<{ log: string[]; failure?: string }> {
  const rng = generator(seedNumber);
  const log: string[] = [];
  const bookings: number[] = [];
  const resources = [...seed.resources.values()];
  // Services booked on one resource of their one resource type: every booking below can be made.
  const choices = await server.db.query<{ service_id: number; resource_type_id: number; resource_id: number }>(
    `select st.service_id, st.resource_type_id, rr.resource_id from service_resource_types st
       join resource_type_resources rr on rr.resource_type_id = st.resource_type_id
      where st.company_id = $1 and st.number_of_resources = 1
        and (st.all_resources or exists (select 1 from service_resources sr where sr.service_id = st.service_id and sr.resource_id = rr.resource_id))
        and (select count(*) from service_prices p where p.service_id = st.service_id) <= 1
        and (select count(*) from service_resource_types o where o.service_id = st.service_id) = 1
      order by 1, 3`,
    [seed.companyId],
  );
  const services = [...new Set(choices.map((c) => c.service_id))];
  const admin = (await server.db.one<{ id: number; email: string }>("select id, email from users where email = 'demo@example.com'"))!;
  const customers = (await server.db.query<{ id: number }>('select id from customers where company_id = $1 order by id limit 5', [seed.companyId])).map((r) => r.id);
  const token = await server.login();
  const api = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
    const app = rng.pick([server.app, second]);
    log.push(`  ${method} ${url} ${JSON.stringify(payload ?? {})}`);
    const res = await app.inject({ method, url, payload, headers: { accept: 'application/json', 'x-language': 'en', authorization: `Bearer ${token}` } });
    log.push(`  → ${res.statusCode}`);
    if (res.statusCode >= 500) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res;
  };
  const sql = async (text: string, params: (string | number | null)[]) => {
    log.push(`  sql ${text} ${JSON.stringify(params)}`);
    await server.db.query(text, params);
  };
  let made = 0;
  for (let step = 0; step < steps; step++) {
    const what = rng.int(11);
    const booking = bookings.length ? rng.pick(bookings) : undefined;
    log.push(`${step}: change ${what}`);
    if (what <= 2 || booking === undefined) {
      const days = rng.pick([-120, -3, 1, 2, 9, 30, 200, 420]);
      const choice = rng.pick(choices);
      const res = await api('POST', '/api/bookings', {
        ServiceId: choice.service_id,
        CustomerId: rng.pick(customers),
        From: at(days, 8 + rng.int(10)),
        AllowBookingOutsideSchedules: true,
        Resources: [{ ResourceTypeId: choice.resource_type_id, ResourceId: choice.resource_id }],
      });
      if (res.statusCode === 200) bookings.push((res.json() as { Id: number }).Id);
      if (res.statusCode === 200) made++;
      else if (days > -90) throw new Error(`booking ${step} refused: ${res.body}\n${log.join("\n")}`);
    } else if (what === 3) {
      await api('PUT', `/api/bookings/${booking}`, { From: at(rng.pick([2, 5, 11]), 7 + rng.int(12)), AllowBookingOutsideSchedules: true });
    } else if (what === 4) {
      await api('DELETE', `/api/bookings/${booking}`);
    } else if (what === 5) {
      // What a background job does (releasing a hold): a write with no request and no booking event.
      await sql('update bookings set status_id = $2, starts_at = starts_at + interval \'15 minutes\', ends_at = ends_at + interval \'15 minutes\' where id = $1', [booking, rng.pick([1, 2, 3, 5])]);
    } else if (what === 6) {
      await sql('update customers set firstname = $2 where id = $1', [rng.pick(customers), `Kund${seedNumber}x${step}`]);
    } else if (what === 7) {
      await sql('update services set name = $2 where id = $1', [rng.pick(services), `Tjänst ${seedNumber}.${step}`]);
    } else if (what === 8) {
      await sql('update resources set name = $2, email = $3 where id = $1', [rng.pick(resources), `Bana ${seedNumber}.${step}`, rng.pick([null, admin.email, 'someone@example.com'])]);
    } else if (what === 9) {
      await sql('update users set firstname = $2 where id = $1', [admin.id, `Admin${step}`]);
    } else {
      await sql('update companies set name = $2, time_zone = $3 where id = $1', [seed.companyId, `Företaget ${step}`, rng.pick(['Europe/Stockholm', 'Europe/Helsinki', 'America/New_York'])]);
    }
    const failure = await differences();
    if (failure) return { log, failure };
  }
  expect(made, 'bookings made by the sequence').toBeGreaterThan(3);
  return { log };
}

const SEEDS = (process.env.FEED_SEEDS ?? '1,2').split(',').map(Number);
const STEPS = Number(process.env.FEED_STEPS ?? 25);

describe('kept iCal feeds equal fresh ones', () => {
  for (const seedNumber of SEEDS) {
    it(`seed ${seedNumber}: after every change the company's, a resource's and an administrator's feed read the same from every instance`, async () => {
      const { log, failure } = await runSequence(seedNumber, STEPS);
      if (failure) expect.fail(`kept feed differs from the fresh one (seed ${seedNumber}; FEED_SEEDS=${seedNumber} replays it):\n${log.join('\n')}\n${failure}`);
    }, 240_000);
  }

  it('the window moves with the day: a booking 91 days back leaves the kept text the next day', async () => {
    const feed = (await server.db.one<FeedRow & FeedNames>(
      `select f.id, f.company_id, f.scope, f.resource_id, f.user_id, co.name as company_name, co.time_zone
         from ical_feeds f join companies co on co.id = f.company_id where f.scope = 'company' and f.company_id = $1`,
      [seed.companyId],
    ))!;
    const padel = seed.services.get('Padel 60 min')!;
    const res = await server.api({
      method: 'POST',
      url: '/api/bookings',
      payload: { ServiceId: padel, CustomerId: seed.customerId, From: at(-89, 12), AllowBookingOutsideSchedules: true, Resources: [{ ResourceTypeId: [...seed.types.values()][0], ResourceId: [...seed.resources.values()][0] }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const uid = `booking-${(res.json() as { Id: number }).Id}@`;
    const kept = new FeedTexts(server.db, server.app.versions, server.config.publicUrl, true);
    const today = new Date();
    expect((await kept.text(feed, today)).body).toContain(uid);
    const later = new Date(today.getTime() + 3 * 86_400_000);
    const afterwards = await kept.text(feed, later);
    expect(afterwards.body).not.toContain(uid);
    expect(afterwards.body).toBe((await new FeedTexts(server.db, server.app.versions, server.config.publicUrl, false).text(feed, later)).body);
  });
});
