/**
 * What the bookings list's counter and the per-day availability versions (migrations 051, 052)
 * must never get wrong: the Total, a long booking under a date filter, and free times after a
 * booking is written, moved to another day or canceled.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../../schema/bookings';
import { createTestServer, type TestServer } from '../harness';
import { book, seedIds, type Page, type Seed } from './helpers';

let server: TestServer;
let seed: Seed;
let padel: number;
let padelType: number;

beforeAll(async () => {
  server = await createTestServer();
  seed = await seedIds(server);
  padel = seed.services.get('Padel 60 min')!;
  padelType = seed.types.get('Padelbanor')!;
});
afterAll(async () => server?.close());

async function list(query: string): Promise<Page<Booking>> {
  const res = await server.api({ method: 'GET', url: `/api/bookings?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<Booking>;
}

async function counted(): Promise<number> {
  return (await server.db.one<{ n: number }>('select count(*)::int as n from bookings where company_id = $1', [seed.companyId]))!.n;
}

async function freeSpots(from: string, to: string, at: string): Promise<number> {
  const res = await server.api({ method: 'GET', url: `/api/services/${padel}/availabletimes?From=${from}&To=${to}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { Times: { From: string; FreeSpots: number }[] }).Times.find((t) => t.From === at)?.FreeSpots ?? 0;
}

describe('bookings list Total and date filter', () => {
  it('the unfiltered Total follows every booking written, the filtered one counts', async () => {
    const before = await list('Take=1');
    expect(before.Total).toBe(await counted());
    for (const hour of ['08', '09', '10']) await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: `2031-05-05T${hour}:00:00` });
    const after = await list('Take=1');
    expect(after.Total).toBe(before.Total + 3);
    expect(after.Total).toBe(await counted());
    expect((await list('Take=1&BookingStart=2031-05-05&BookingEnd=2031-05-05')).Total).toBe(3);
  });

  it('a booking longer than any before it is found by a date filter starting after it began', async () => {
    const resource = seed.resources.get('Bana 4') ?? seed.resources.get('Bana 1')!;
    const row = await server.db.one<{ id: number }>(
      `insert into bookings (company_id, service_id, customer_id, starts_at, ends_at, status_id, spots, currency_id, price_sign)
       values ($1, $2, $3, '2031-06-01T08:00:00Z', '2031-06-20T08:00:00Z', 1, 1, 'SEK', 'kr') returning id`,
      [seed.companyId, padel, seed.customerId],
    );
    await server.db.query('insert into booking_resources (company_id, booking_id, resource_type_id, resource_id) values ($1, $2, $3, $4)', [seed.companyId, row!.id, padelType, resource]);
    const found = await list('BookingStart=2031-06-15&BookingEnd=2031-06-16');
    expect(found.Results.map((b) => b.Id)).toContain(row!.id);
    expect(found.Total).toBeGreaterThanOrEqual(1);
  });
});

describe('free times after a booking write', () => {
  it('booking, moving to another day and canceling change exactly the days they touch', async () => {
    const court = seed.resources.get('Bana 2')!;
    const from = '2031-09-01T00:00:00';
    const to = '2031-09-07T23:59:00';
    const monday = '2031-09-01T10:00:00';
    const thursday = '2031-09-04T12:00:00';
    const friday = '2031-09-05T09:00:00';
    const [mondayFree, thursdayFree, fridayFree] = [await freeSpots(from, to, monday), await freeSpots(from, to, thursday), await freeSpots(from, to, friday)];
    expect(mondayFree).toBeGreaterThan(0);
    const created = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: monday, Resources: [{ ResourceTypeId: padelType, ResourceId: court }] });
    expect(await freeSpots(from, to, monday)).toBe(mondayFree - 1);
    // A day the write did not touch keeps its answer.
    expect(await freeSpots(from, to, friday)).toBe(fridayFree);
    const moved = await server.api({ method: 'PUT', url: `/api/bookings/${created.Id}`, payload: { From: thursday } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await freeSpots(from, to, monday)).toBe(mondayFree);
    expect(await freeSpots(from, to, thursday)).toBe(thursdayFree - 1);
    // A narrower window read from the same calendar agrees.
    expect(await freeSpots('2031-09-04T00:00:00', '2031-09-04T23:59:00', thursday)).toBe(thursdayFree - 1);
    const canceled = await server.api({ method: 'DELETE', url: `/api/bookings/${created.Id}` });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await freeSpots(from, to, thursday)).toBe(thursdayFree);
    // A kept day answer gives way to a schedule-side change too (a time exception blocking Friday).
    const exception = await server.api({ method: 'POST', url: '/api/timeexceptions', payload: { From: '2031-09-05T08:00:00', To: '2031-09-05T11:00:00', ReasonText: 'Stängt', BlockTime: true } });
    expect(exception.statusCode, exception.body).toBe(200);
    expect(await freeSpots(from, to, friday)).toBe(0);
    // The same week asked with another duration or by resource is answered for that query, not from another's answer.
    const perResource = await server.api({ method: 'GET', url: `/api/services/${padel}/availabletimes?From=${from}&To=${to}&ShowPerResource=true` });
    expect(perResource.statusCode, perResource.body).toBe(200);
    const monday10 = (perResource.json() as { Times: { From: string; Resources?: unknown[] }[] }).Times.find((t) => t.From === monday);
    expect(monday10?.Resources?.length ?? 0).toBeGreaterThan(0);
  });

  it('readers asking for the same month together all get the same answer, and the next write is seen by all', async () => {
    const from = '2031-10-01T00:00:00';
    const to = '2031-10-31T23:59:00';
    const at = '2031-10-07T10:00:00';
    const ask = () => server.api({ method: 'GET', url: `/api/services/${padel}/availabletimes?From=${from}&To=${to}` });
    const first = await Promise.all(Array.from({ length: 6 }, ask));
    for (const res of first) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(first.map((r) => r.body)).size).toBe(1);
    const free = await freeSpots(from, to, at);
    expect(free).toBeGreaterThan(0);
    await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: at });
    const after = await Promise.all(Array.from({ length: 6 }, ask));
    for (const res of after) expect((res.json() as { Times: { From: string; FreeSpots: number }[] }).Times.find((t) => t.From === at)?.FreeSpots ?? 0).toBe(free - 1);
  });

  it('a browser gets the month compressed (br, else gzip) once it is kept, the same JSON, and never from before a write', async () => {
    const url = `/api/services/${padel}/availabletimes?From=2031-11-01T00:00:00&To=2031-11-30T23:59:00`;
    const at = '2031-11-11T10:00:00';
    const ask = (acceptEncoding?: string) => server.api({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    const decoded = (res: Awaited<ReturnType<typeof ask>>): string => {
      const coding = res.headers['content-encoding'];
      const raw = res.rawPayload;
      return (coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
    };
    /** Asks until the answer comes in `coding` (it is compressed in the background after the first). */
    const compressed = async (acceptEncoding: string, coding: string) => {
      for (let i = 0; i < 100; i++) {
        const res = await ask(acceptEncoding);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers.vary).toContain('accept-encoding');
        if (res.headers['content-encoding'] === coding) return res;
        expect(res.headers['content-encoding']).toBeUndefined();
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`never answered in ${coding}`);
    };
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await compressed('gzip, deflate, br', 'br');
    expect(decoded(br)).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(decoded(await compressed('gzip', 'gzip'))).toBe(plain.body);
    // A coding refused with q=0 is never used.
    expect((await ask('br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
    expect((await ask('identity')).headers['content-encoding']).toBeUndefined();

    const spotsIn = (body: string) => (JSON.parse(body) as { Times: { From: string; FreeSpots: number }[] }).Times.find((t) => t.From === at)?.FreeSpots ?? 0;
    const free = spotsIn(plain.body);
    expect(free).toBeGreaterThan(0);
    await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: at });
    // The kept compressed bytes belong to the old answer: the first after the write is made afresh.
    for (let i = 0; i < 3; i++) expect(spotsIn(decoded(await ask('gzip, deflate, br')))).toBe(free - 1);
    expect(spotsIn(decoded(await compressed('gzip, deflate, br', 'br')))).toBe(free - 1);
  });
});
