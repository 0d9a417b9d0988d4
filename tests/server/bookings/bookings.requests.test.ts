/**
 * Payment request, bulk actions, a queued customer turned into a booking, the receipt options, the
 * resource sort and the extra resource checked by the availability engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, BookingBulkResponse, BookingLogEntry, BookingReportOption, BookingUserQueueEntry, PaymentRequestResponse } from '../../../schema/bookings';
import { createTestServer, type TestServer } from '../harness';
import { book, errorOf, fieldsOf, getBooking, seedIds, type Page, type Seed } from './helpers';

let server: TestServer;
let seed: Seed;
let padel: number;
let yoga: number;
let padelType: number;
const delivered: Record<string, unknown>[] = [];

beforeAll(async () => {
  server = await createTestServer();
  seed = await seedIds(server);
  padel = seed.services.get('Padel 60 min')!;
  yoga = seed.services.get('Yoga drop-in')!;
  padelType = seed.types.get('Padelbanor')!;
  await server.db.query("update customers set email = 'kund@example.com' where id = $1", [seed.customerId]);
});
afterAll(async () => server?.close());

const adultPrice = async () => (await server.db.one<{ id: number }>("select id from service_prices where service_id = $1 and category = 'Vuxen'", [yoga]))!.id;

async function logOf(id: number): Promise<BookingLogEntry[]> {
  return ((await server.api({ method: 'GET', url: `/api/bookinglog?BookingId=${id}&OrderBy=Id` })).json() as Page<BookingLogEntry>).Results;
}

describe('payment request', () => {
  it('records the request in the log and leaves the sending to the outbox', async () => {
    const created = await book(server, { ServiceId: yoga, CustomerId: seed.customerId, From: '2031-03-10T10:00:00', Quantities: [{ PriceId: await adultPrice(), Quantity: 1 }] });
    const url = `/api/payment/payson/v2/checkout/${created.Id}/sendpaymentrequest`;
    // Messaging delivers payment requests; here a stand-in handler records what it would send.
    server.app.outbox.handle('payment_request', async (payload) => {
      delivered.push(payload);
    });
    const res = await server.api({ method: 'PUT', url, payload: { Comment: 'Betala gärna i dag' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as PaymentRequestResponse).toMatchObject({ BookingId: created.Id, Amount: created.TotalPrice, Email: 'kund@example.com' });
    const log = await logOf(created.Id);
    expect(log.at(-1)).toMatchObject({ Event: 'PaymentRequested', Comment: 'Betala gärna i dag', ActorType: 'Administrator' });
    const rows = await server.db.query<{ kind: string; payload: { bookingId: number; amount: number } }>("select kind, payload from outbox where kind = 'payment_request'");
    expect(rows.map((r) => [r.payload.bookingId, r.payload.amount])).toEqual([[created.Id, created.TotalPrice]]);

    // A second request is a second entry; a paid booking has nothing to ask for.
    expect((await server.api({ method: 'PUT', url, payload: {} })).statusCode).toBe(200);
    expect((await server.db.query("select 1 from outbox where kind = 'payment_request'")).length).toBe(2);
    await server.api({ method: 'PUT', url: `/api/bookings/${created.Id}/markaspaid`, payload: {} });
    const paid = await server.api({ method: 'PUT', url, payload: {} });
    expect(paid.statusCode).toBe(400);
    expect(fieldsOf(paid)).toEqual(['StatusId']);
    expect((await server.api({ method: 'PUT', url: '/api/payment/payson/v2/checkout/99999999/sendpaymentrequest', payload: {} })).statusCode).toBe(404);
  });
});

describe('bulk actions', () => {
  it('cancels the chosen bookings with the message and reports the ones it could not', async () => {
    const a = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2031-04-01T08:00:00' });
    const b = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2031-04-01T10:00:00' });
    await server.api({ method: 'DELETE', url: `/api/bookings/${b.Id}` });
    const res = await server.api({ method: 'POST', url: '/api/bookings/bulk', payload: { Action: 'Cancel', Ids: [a.Id, b.Id], UnbookedComments: 'Banan renoveras', CommentsToCustomer: 'Förlåt' } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as BookingBulkResponse;
    expect(answer.Succeeded).toEqual([a.Id]);
    expect(answer.Failed.map((f) => f.Id)).toEqual([b.Id]);
    expect(answer.Failed[0].Message).toBeTruthy();
    expect(await getBooking(server, a.Id)).toMatchObject({ StatusId: 4, UnbookedComments: 'Banan renoveras', CommentsToCustomer: 'Förlåt' });
  });

  it('marks as paid everything a filter matches, page by page', async () => {
    const ids: number[] = [];
    for (const hour of ['08', '09', '10']) ids.push((await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: `2031-04-02T${hour}:00:00` })).Id);
    // An empty list in the filter (Id: []) filters nothing, as an empty query parameter does.
    const res = await server.api({ method: 'POST', url: '/api/bookings/bulk', payload: { Action: 'MarkAsPaid', Filter: { BookingStart: '2031-04-02', BookingEnd: '2031-04-02', Id: [] } } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as BookingBulkResponse;
    expect(answer).toMatchObject({ Succeeded: ids, Failed: [], More: false, LastId: ids.at(-1) });
    for (const id of ids) expect((await getBooking(server, id)).StatusId).toBe(7);
    const none = await server.api({ method: 'POST', url: '/api/bookings/bulk', payload: { Action: 'Cancel' } });
    expect(none.statusCode).toBe(400);
    expect(fieldsOf(none)).toEqual(['Ids']);
  });
});

describe('queue to booking', () => {
  it('a queued customer is booked once a spot frees up, and leaves the queue', async () => {
    await server.api({ method: 'PUT', url: '/api/bookings/settings', payload: { QueueEnabled: true } });
    const at = '2031-05-06T10:00:00';
    const taken: Booking[] = [];
    for (;;) {
      const res = await server.api({ method: 'POST', url: '/api/bookings', payload: { ServiceId: padel, CustomerId: seed.customerId, From: at } });
      if (res.statusCode !== 200) break;
      taken.push(res.json() as Booking);
    }
    expect(taken.length).toBeGreaterThan(0);
    const queued = await server.api({ method: 'POST', url: '/api/bookinguserqueue', payload: { ServiceId: padel, Customer: { Firstname: 'Kö', Lastname: 'Kund' }, From: at } });
    expect(queued.statusCode, queued.body).toBe(200);
    const entry = queued.json() as BookingUserQueueEntry;
    const full = await server.api({ method: 'POST', url: `/api/bookinguserqueue/${entry.Id}/book`, payload: {} });
    expect(full.statusCode, full.body).toBe(409);
    expect((await server.api({ method: 'GET', url: `/api/bookinguserqueue?Id=${entry.Id}` })).json()).toMatchObject({ Total: 1 });

    await server.api({ method: 'DELETE', url: `/api/bookings/${taken[0].Id}` });
    const booked = await server.api({ method: 'POST', url: `/api/bookinguserqueue/${entry.Id}/book`, payload: {} });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json() as Booking).toMatchObject({ ServiceId: padel, CustomerId: entry.CustomerId, From: at, StatusId: 1 });
    expect((await server.api({ method: 'GET', url: `/api/bookinguserqueue?Id=${entry.Id}` })).json()).toMatchObject({ Total: 0 });
    expect((await server.api({ method: 'POST', url: `/api/bookinguserqueue/${entry.Id}/book`, payload: {} })).statusCode).toBe(404);
  });
});

describe('receipt options, resource sort, extra resource', () => {
  it('offers the standard receipt, and the company printout when it has one: the options the report route serves', async () => {
    const res = await server.api({ method: 'GET', url: '/api/bookings/reports', headers: { 'x-language': 'sv' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Page<BookingReportOption>).Results).toEqual([{ Id: 1, Name: 'Kvitto', IsPrintout: false }]);
    await server.db.query("insert into booking_printouts (company_id, name) values ($1, 'Kvitto med logga')", [seed.companyId]);
    const again = (await server.api({ method: 'GET', url: '/api/bookings/reports', headers: { 'x-language': 'sv' } })).json() as Page<BookingReportOption>;
    expect(again.Results).toEqual([
      { Id: 1, Name: 'Kvitto', IsPrintout: false },
      { Id: 2, Name: 'Kvitto med logga', IsPrintout: true },
    ]);
    const { Id: bookingId } = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2031-06-20T10:00:00' });
    for (const option of again.Results) {
      const pdf = await server.api({ method: 'GET', url: `/api/bookings/${bookingId}/reports/${option.Id}?SendReceiptMethod=2` });
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
    }
  });

  it('sorts the list by resource name', async () => {
    const [first, last] = ['Bana 1', 'Bana 3'].map((n) => seed.resources.get(n)!);
    await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2031-07-01T10:00:00', Resources: [{ ResourceTypeId: padelType, ResourceId: last }] });
    await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2031-07-01T12:00:00', Resources: [{ ResourceTypeId: padelType, ResourceId: first }] });
    const page = (await server.api({ method: 'GET', url: '/api/bookings?BookingStart=2031-07-01&BookingEnd=2031-07-01&OrderBy=ResourceName' })).json() as Page<Booking>;
    expect(page.Results.map((b) => b.ResourceName)).toEqual(['Bana 1', 'Bana 3']);
    const desc = (await server.api({ method: 'GET', url: '/api/bookings?BookingStart=2031-07-01&BookingEnd=2031-07-01&OrderByDesc=ResourceName' })).json() as Page<Booking>;
    expect(desc.Results.map((b) => b.ResourceName)).toEqual(['Bana 3', 'Bana 1']);
  });

  it('an extra resource blocked by a time exception is refused like a taken one', async () => {
    const [mine, extra] = ['Bana 1', 'Bana 2'].map((n) => seed.resources.get(n)!);
    const created = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2031-08-04T10:00:00', Resources: [{ ResourceTypeId: padelType, ResourceId: mine }] });
    const exception = await server.api({
      method: 'POST',
      url: '/api/timeexceptions',
      payload: { From: '2031-08-04T09:00:00', To: '2031-08-04T12:00:00', ResourceIds: [extra], ReasonText: 'Underhåll', BlockTime: true },
    });
    expect(exception.statusCode, exception.body).toBe(200);
    const refused = await server.api({ method: 'POST', url: `/api/bookings/${created.Id}/resource`, payload: { ResourceTypeId: padelType, ResourceId: extra } });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(errorOf(refused).Message).toBeTruthy();
    expect((await getBooking(server, created.Id)).Resources.map((r) => r.ResourceId)).toEqual([mine]);
  });
});
