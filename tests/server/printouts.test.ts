import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingPrintout } from '../../schema/printouts';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';
import { book, seedIds } from './bookings/helpers';
import { pdfText } from './pdfText';

let server: TestServer;
let other: string;

interface Page<T> {
  Total: number;
  Results: T[];
}
interface ErrorBody {
  ResponseStatus: { ErrorCode: string; Errors: { FieldName: string }[] };
}

const URL = '/api/reports/booking/printout';
const valid = { Name: 'Kvitto', Header: '<h1>Välkommen</h1>', Body: '<p>Tack för din bokning</p>' };
const fields = (res: { json(): unknown }) => (res.json() as ErrorBody).ResponseStatus.Errors.map((e) => e.FieldName);

beforeAll(async () => {
  server = await createTestServer();
  other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

async function list(query = '', token?: string): Promise<Page<BookingPrintout>> {
  const res = await server.api({ method: 'GET', url: `${URL}${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<BookingPrintout>;
}

async function create(payload: Record<string, unknown>, token?: string): Promise<BookingPrintout> {
  const res = await server.api({ method: 'POST', url: URL, payload, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BookingPrintout;
}

describe('/reports/booking/printout', () => {
  it('creates, lists by name, updates and deletes a printout', async () => {
    const created = await create({ ...valid, Name: '  Kvitto  ' });
    expect(created).toMatchObject({ Name: 'Kvitto', Header: valid.Header, Body: valid.Body, Active: true });
    expect(created.Created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    await create({ Name: 'Arbetsorder', Active: false });
    expect((await list()).Results.map((p) => p.Name)).toEqual(['Arbetsorder', 'Kvitto']);
    expect((await list('?Active=false')).Results.map((p) => p.Name)).toEqual(['Arbetsorder']);
    expect((await list('?Search=kvit')).Results.map((p) => p.Id)).toEqual([created.Id]);

    const updated = await server.api({ method: 'PUT', url: `${URL}/${created.Id}`, payload: { ...valid, Name: 'Bokningskvitto', Active: false } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ Id: created.Id, Name: 'Bokningskvitto', Active: false });

    expect((await server.api({ method: 'DELETE', url: `${URL}/${created.Id}` })).statusCode).toBe(200);
    expect((await list(`?Id=${created.Id}`)).Total).toBe(0);
    expect((await server.api({ method: 'DELETE', url: `${URL}/${created.Id}` })).statusCode).toBe(404);
  });

  it('answers 400 naming the field for bad input and writes nothing', async () => {
    const before = (await list()).Total;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, Name: undefined }, 'Name'],
      [{ ...valid, Name: '   ' }, 'Name'],
      [{ ...valid, Name: 'n'.repeat(101) }, 'Name'],
      [{ ...valid, Header: 'h'.repeat(20001) }, 'Header'],
      [{ ...valid, Body: 42 }, 'Body'],
      [{ ...valid, Active: 'yes' }, 'Active'],
    ];
    for (const [payload, field] of cases) {
      const res = await server.api({ method: 'POST', url: URL, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(fields(res)).toContain(field);
    }
    expect((await list()).Total).toBe(before);
    const badOrder = await server.api({ method: 'GET', url: `${URL}?OrderBy=company_id` });
    expect(badOrder.statusCode).toBe(400);
    expect(fields(badOrder)).toEqual(['OrderBy']);
  });

  it('stores hostile text as text and sanitises the rich text: SQL and odd characters come back, scripts do not', async () => {
    const hostile = { Name: "x'); drop table booking_printouts; --", Header: '<script>alert(1)</script><img src=x onerror=alert(1)><p>Hej</p>', Body: '%_\\ \u202e ∑' };
    const saved = await create(hostile);
    expect((await list(`?Id=${saved.Id}`)).Results[0]).toMatchObject({ Name: hostile.Name, Header: '<p>Hej</p>', Body: hostile.Body });
    expect((await list('?Search=%25_')).Total).toBe(0);
    const nul = await server.api({ method: 'POST', url: URL, payload: { ...valid, Name: 'a\u0000b' } });
    expect(nul.statusCode).toBe(400);
  });

  it("keeps each company's printouts to itself", async () => {
    const ours = await create({ ...valid, Name: 'Vår' });
    expect((await list(`?Id=${ours.Id}`, other)).Total).toBe(0);
    const put = await server.api({ method: 'PUT', url: `${URL}/${ours.Id}`, payload: { ...valid, Name: 'Stulen' }, token: other });
    expect(put.statusCode).toBe(404);
    expect((await server.api({ method: 'DELETE', url: `${URL}/${ours.Id}`, token: other })).statusCode).toBe(404);
    const demoCompanyId = (await server.db.one<{ company_id: number }>(`select company_id from booking_printouts where id = $1`, [ours.Id]))!.company_id;
    const intoOurs = await server.api({ method: 'POST', url: URL, payload: { ...valid, Name: 'Inskjuten', CompanyId: demoCompanyId }, token: other });
    expect(intoOurs.statusCode).toBe(404);
    expect((await list('?Search=Inskjuten')).Total).toBe(0);
    expect((await list(`?Id=${ours.Id}`)).Results[0]).toEqual(ours);
  });

  it('lists the merge fields in the caller\'s language and prints a real booking as PDF with the printout', async () => {
    const names = (await server.api({ method: 'GET', url: `${URL}/fieldtranslations`, headers: { 'x-language': 'sv' } })).json() as { Field: string; Name: string }[];
    expect(names).toContainEqual(expect.objectContaining({ Field: '{{ Customer.Firstname }}', Name: 'Förnamn' }));
    expect(names).toContainEqual(expect.objectContaining({ Field: '{{ Booking.From }}' }));

    const seed = await seedIds(server);
    const booking = await book(server, { ServiceId: seed.services.get('Padel 60 min')!, CustomerId: seed.customerId, From: '2030-04-02T10:00:00' });
    const printout = await create({ Name: 'Arbetsorder', Header: '<h1>Order {{ Booking.Id }}</h1>', Body: '<p>{{ Service.Name }} för <em>{{ Customer.Firstname }}</em></p><ul><li>Rad</li></ul>' });
    const res = await server.api({ method: 'POST', url: `${URL}/test`, payload: { Id: printout.Id, BookingId: booking.Id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`Order ${booking.Id}`);
    expect(text).toContain('Padel 60 min för');
    expect(text).toContain(booking.Customer!.Firstname);
    expect(text).toContain('• Rad');

    const edited = await server.api({ method: 'POST', url: `${URL}/test`, payload: { Header: '<h2>Utkast {{ Booking.Id }}</h2>' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(pdfText(edited.rawPayload)).toMatch(/Utkast \d+/);
  });

  it('answers 400 naming the field for a printout test without any booking or with broken merge fields', async () => {
    const none = await server.api({ method: 'POST', url: `${URL}/test`, payload: { Header: '<p>x</p>' }, token: other });
    expect(none.statusCode).toBe(400);
    expect(fields(none)).toEqual(['BookingId']);
    const broken = await server.api({ method: 'POST', url: URL, payload: { ...valid, Body: '<p>{{ Booking.Id </p>' } });
    expect(broken.statusCode).toBe(400);
    expect(fields(broken)).toEqual(['Body']);
    expect((await server.api({ method: 'POST', url: `${URL}/test`, payload: { Id: 2147483000 } })).statusCode).toBe(404);
  });

  it('is a settings screen: only the Administrator may use it', () => {
    const guard = server.app.routeGuards.find((g) => g.method === 'POST' && g.url === URL);
    expect(guard?.permission).toEqual({ area: 'settings', action: 'write' });
  });
});
