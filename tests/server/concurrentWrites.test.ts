import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AvailableTimesResponse } from '../../schema/availability';
import type { Customer } from '../../schema/customers';
import { buildApp } from '../../server/app';
import { openDb, type Db } from '../../server/db/db';
import { createTestServer, type TestServer } from './harness';
import { withDatabase } from './template';

/**
 * Two server instances on one database, each with its own caches, as WORKERS=2 runs them: on a
 * PostgreSQL server (DATABASE_URL) each has its own connection pool, as separate processes would;
 * on PGlite both share the one session.
 */
let server: TestServer;
let secondDb: Db;
let second: FastifyInstance;
let token: string;
let memberField: number;

interface Page<T> {
  Total: number;
  Results: T[];
}

type Call = (options: InjectOptions) => Promise<LightMyRequestResponse>;
const headers = (): Record<string, string> => ({ accept: 'application/json', 'x-language': 'en', authorization: `Bearer ${token}` });
const first: Call = (options) => server.app.inject({ ...options, headers: { ...headers(), ...options.headers } });
const other: Call = (options) => second.inject({ ...options, headers: { ...headers(), ...options.headers } });

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = (await server.db.one<{ name: string }>('select current_database() as name'))!.name;
    secondDb = await openDb({ databaseUrl: withDatabase(url, name) });
  } else {
    secondDb = server.db;
  }
  second = await buildApp({ db: secondDb, config: server.config });
  await second.ready();
  memberField = (await server.db.one<{ id: number }>("select id from custom_fields where is_mandatory and table_name = 'RegisteredUsers' and company_id = (select company_id from users where email = 'demo@example.com')"))!.id;
});

afterAll(async () => {
  await second?.close();
  if (secondDb && secondDb !== server.db) await secondDb.close();
  await server?.close();
});

/** Runs `round(i)` for i in [0, count) with `width` rounds under way at a time. */
async function concurrently(count: number, width: number, round: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await round(next++);
    }),
  );
}

const NEWEST = '/api/customers?OrderBy=-Id&Take=100';

describe('two server instances on one database', () => {
  it('every customer written through one instance shows in the next list read through the other, under concurrent writes', async () => {
    // Both instances keep the newest-customers answer before the writes start.
    for (const call of [first, other]) expect((await call({ method: 'GET', url: NEWEST })).statusCode).toBe(200);
    await concurrently(40, 8, async (i) => {
      const [write, read] = i % 2 === 0 ? [first, other] : [other, first];
      const created = await write({
        method: 'POST',
        url: '/api/customers',
        payload: { Firstname: 'Samtidig', Lastname: `Kund ${i}`, CustomFieldValues: [{ Id: memberField, Value: `M${10000 + i}` }] },
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = (created.json() as Customer).Id;
      const seen = (await read({ method: 'GET', url: NEWEST })).json() as Page<Customer>;
      expect(seen.Results.find((c) => c.Id === id)?.Lastname).toBe(`Kund ${i}`);
      // And a change through the reading instance shows through the writing one.
      const renamed = await read({ method: 'PUT', url: `/api/customers/${id}`, payload: { Firstname: 'Samtidig', Lastname: `Ändrad ${i}` } });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const after = (await write({ method: 'GET', url: NEWEST })).json() as Page<Customer>;
      expect(after.Results.find((c) => c.Id === id)?.Lastname).toBe(`Ändrad ${i}`);
    });
    const total = (await server.db.one<{ n: number }>("select count(*)::int as n from customers where firstname = 'Samtidig'"))!.n;
    expect(total).toBe(40);
  });

  it('every time exception written through one instance takes its time out of the next free times read through the other', async () => {
    const service = (await first({ method: 'POST', url: '/api/services', payload: { Name: 'Samtidig tjänst', Description: 'Två instanser', Duration: 60 } })).json() as { Id: number };
    const schedule = await first({
      method: 'POST',
      url: '/api/schedules/recurring',
      payload: { Name: 'Vardagar 09–18', TimeInterval: 60, StartTime: '09:00', EndTime: '18:00', DaysOfWeek: [1, 2, 3, 4, 5], Services: [{ Id: service.Id }] },
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    // Monday 4 to Friday 8 March 2030: 45 one-hour times, all free.
    const week = `/api/services/${service.Id}/availabletimes?From=2030-03-04T00:00:00&To=2030-03-08T23:59:59`;
    const free = async (call: Call): Promise<Set<string>> => {
      const res = await call({ method: 'GET', url: week });
      expect(res.statusCode, res.body).toBe(200);
      return new Set((res.json() as AvailableTimesResponse).Times.filter((t) => t.Free).map((t) => t.From));
    };
    expect((await free(first)).size).toBe(45);
    expect((await free(other)).size).toBe(45);
    await concurrently(30, 6, async (i) => {
      const [write, read] = i % 2 === 0 ? [first, other] : [other, first];
      const day = 4 + (i % 5);
      const hour = 9 + Math.floor(i / 5);
      const from = `2030-03-0${day}T${String(hour).padStart(2, '0')}:00:00`;
      const to = `2030-03-0${day}T${String(hour + 1).padStart(2, '0')}:00:00`;
      const res = await write({ method: 'POST', url: '/api/timeexceptions', payload: { From: from, To: to, ReasonText: `Stängt ${i}` } });
      expect(res.statusCode, res.body).toBe(200);
      expect((await free(read)).has(from)).toBe(false);
    });
    expect((await free(first)).size).toBe(15);
    expect((await free(other)).size).toBe(15);
  });
});

// PGlite runs one transaction at a time, so writes waiting on each other only exist on a
// PostgreSQL server; .ci/run runs these in its DATABASE_URL pass.
describe.runIf(process.env.DATABASE_URL)('concurrent write transactions of one company (PostgreSQL)', () => {
  /** The statements of this database's sessions waiting on a lock, and what they wait for. */
  async function lockWaits(): Promise<string[]> {
    const rows = await server.db.query<{ wait: string }>(
      `select w.wait_event || ': ' || w.query || ' (behind: ' || coalesce((select string_agg(b.query, '; ') from pg_stat_activity b where b.pid = any(pg_blocking_pids(w.pid))), '') || ')' as wait
         from pg_stat_activity w where w.datname = current_database() and w.wait_event_type = 'Lock'`,
    );
    return rows.map((r) => r.wait);
  }

  /** Keeps a transaction that wrote with `write` open until the returned release is called. */
  async function holdOpen(write: (tx: Db) => Promise<void>): Promise<{ release(): void; done: Promise<void> }> {
    let release: () => void = () => {};
    const released = new Promise<void>((r) => (release = r));
    let wrote: () => void = () => {};
    const written = new Promise<void>((r) => (wrote = r));
    const done = secondDb.tx(async (tx) => {
      await write(tx);
      wrote();
      await released;
    });
    await written;
    return { release, done };
  }

  /** Whether `write` finished before any session of the database started waiting on a lock. */
  async function finishesUnblocked(write: Promise<unknown>): Promise<string> {
    let watching = true;
    const waited = (async () => {
      while (watching) {
        const waits = await lockWaits();
        if (waits.length > 0) return `waited on a lock: ${waits.join(' | ')}`;
        await new Promise((r) => setTimeout(r, 5));
      }
      return 'committed' as const;
    })();
    const outcome = await Promise.race([write.then(() => 'committed' as const), waited]);
    watching = false;
    await waited;
    return outcome;
  }

  it('a second customer of the company is created while another write transaction of it is still open', async () => {
    const open = await holdOpen(async (tx) => {
      await tx.query("insert into customers (company_id, firstname, lastname) select company_id, 'Öppen', 'Transaktion' from users where email = 'demo@example.com'");
    });
    const create = first({ method: 'POST', url: '/api/customers', payload: { Firstname: 'Medan', Lastname: 'Öppen', CustomFieldValues: [{ Id: memberField, Value: 'M20001' }] } });
    const outcome = await finishesUnblocked(create);
    if (outcome !== 'committed') open.release();
    expect(outcome).toBe('committed');
    expect((await create).statusCode).toBe(200);
    // The open transaction's customer is not listed yet, and is as soon as it commits.
    const names = async (): Promise<string[]> => ((await other({ method: 'GET', url: '/api/customers?Search=Öppen&Take=100' })).json() as Page<Customer>).Results.map((c) => c.Firstname);
    expect(await names()).toEqual(['Medan']);
    open.release();
    await open.done;
    expect((await names()).sort()).toEqual(['Medan', 'Öppen']);
  });

  it('a time exception is saved while another availability write of the company is still open', async () => {
    const open = await holdOpen(async (tx) => {
      await tx.query("insert into time_exceptions (company_id, from_at, to_at, reason_text) select company_id, '2031-01-01T10:00:00Z', '2031-01-01T11:00:00Z', 'Öppen' from users where email = 'demo@example.com'");
    });
    const save = first({ method: 'POST', url: '/api/timeexceptions', payload: { From: '2031-01-02T10:00:00', To: '2031-01-02T11:00:00', ReasonText: 'Medan' } });
    const outcome = await finishesUnblocked(save);
    if (outcome !== 'committed') open.release();
    expect(outcome).toBe('committed');
    expect((await save).statusCode).toBe(200);
    open.release();
    await open.done;
  });

  it('a list kept before an open transaction commits is not served after it commits, though later writes committed first', async () => {
    const open = await holdOpen(async (tx) => {
      await tx.query("insert into customers (company_id, firstname, lastname) select company_id, 'Sist', 'Committad' from users where email = 'demo@example.com'");
    });
    // A write that began after the open one commits first; both instances then keep a list without the open one.
    const later = await first({ method: 'POST', url: '/api/customers', payload: { Firstname: 'Först', Lastname: 'Committad', CustomFieldValues: [{ Id: memberField, Value: 'M20002' }] } });
    expect(later.statusCode).toBe(200);
    const list = '/api/customers?Search=Committad&Take=100';
    const names = async (call: Call): Promise<string[]> => ((await call({ method: 'GET', url: list })).json() as Page<Customer>).Results.map((c) => c.Firstname).sort();
    expect(await names(first)).toEqual(['Först']);
    expect(await names(other)).toEqual(['Först']);
    open.release();
    await open.done;
    expect(await names(first)).toEqual(['Först', 'Sist']);
    expect(await names(other)).toEqual(['Först', 'Sist']);
  });

  it('versions and list totals stay exact while change rows are folded into the totals', async () => {
    const versions = second.versions;
    const companyId = (await server.db.one<{ id: number }>("select company_id as id from users where email = 'demo@example.com'"))!.id;
    const totals = async (): Promise<number[]> =>
      Promise.all(['Take=1', 'Take=1&Visible=true', 'Take=1&Visible=false'].map(async (q) => ((await other({ method: 'GET', url: `/api/customers?${q}` })).json() as Page<Customer>).Total));
    const totalsBefore = await totals();
    // Enough separate writes (hiding and showing one customer, an even number of times) that the next read folds them.
    const toggle = 'update customers set visible = not visible where id = (select min(id) from customers where company_id = $1)';
    for (let i = 0; i < 600; i++) await server.db.query(toggle, [companyId]);
    const before = await versions.read(companyId, 'customers');
    await vi.waitFor(async () => {
      const row = await server.db.one<{ n: number }>(
        "select (select count(*) from data_changes where company_id = $1 and scope = 'customers') + (select count(*) from customer_count_changes where company_id = $1) as n",
        [companyId],
      );
      expect(Number(row!.n)).toBe(0);
    });
    expect(await versions.read(companyId, 'customers')).toBe(before);
    await server.db.query(toggle, [companyId]);
    expect(BigInt(await versions.read(companyId, 'customers'))).toBe(BigInt(before) + 1n);
    await server.db.query(toggle, [companyId]);
    expect(await totals()).toEqual(totalsBefore);
    const created = await first({ method: 'POST', url: '/api/customers', payload: { Firstname: 'Efter', Lastname: 'Vikningen', CustomFieldValues: [{ Id: memberField, Value: 'M20003' }] } });
    expect(created.statusCode).toBe(200);
    expect(await totals()).toEqual([totalsBefore[0] + 1, totalsBefore[1] + 1, totalsBefore[2]]);
  });
});
