/**
 * Every event type an endpoint may choose is sent when its change happens, with the record as the
 * API's GET answers it (issue 31): customers created (through the API or by a booking for a new
 * customer), updated, deleted and erased; bookings created, moved, updated, paid and canceled; a
 * payment received; a queue spot offered when a booking frees the time a customer queues for. An
 * endpoint hears only the types it chose.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { Booking } from '../../schema/bookings';
import type { Customer } from '../../schema/customers';
import type { WebhookEndpointWithSecret } from '../../schema/webhooks';
import { createTestServer, type TestServer } from './harness';
import { book, endpoint, firstService, receiver, type Received } from './webhookHelpers';

interface Event {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

let server: TestServer;
let hook: Awaited<ReturnType<typeof receiver>>;
let all: WebhookEndpointWithSecret;
let memberField = 0;
const loopback = process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK;

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK = 'true';
  server = await createTestServer();
  await server.api({ method: 'PUT', url: '/api/webhook/settings', payload: { Enabled: true } });
  const types = (await server.api({ method: 'GET', url: '/api/webhook/eventtypes' })).json() as { Data: { Name: string }[] };
  hook = await receiver();
  all = await endpoint(server, hook.url, types.Data.map((t) => t.Name).filter((n) => n !== 'webhook.test'));
  // The demo's customers carry a mandatory member number.
  memberField = (await server.db.one<{ id: number }>("select id from custom_fields where is_mandatory and table_name = 'RegisteredUsers' and company_id = (select company_id from users where email = 'demo@example.com')"))!.id;
  // The queue is switched on for the service the tests book.
  await server.db.query('update services set enable_booking_queue = true where id = $1', [await firstService(server)]);
});
afterAll(async () => {
  await server?.close();
  hook?.server.close();
  if (loopback === undefined) delete process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK;
  else process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK = loopback;
});

/** The events the receiver got, verified with the endpoint's secret. */
const events = (got: Received[], secret: string): Event[] => got.map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as Event);

/** Waits until every queued delivery has been made, then answers the events of `type` received so far. */
async function received(type: string): Promise<Event[]> {
  await server.app.jobs.drain();
  return events(hook.got, all.Secret).filter((e) => e.type === type);
}

async function getBooking(id: number): Promise<Booking> {
  const res = await server.api({ method: 'GET', url: `/api/bookings?Id=${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { Results: Booking[] }).Results[0]!;
}

async function getCustomer(id: number): Promise<Customer> {
  const res = await server.api({ method: 'GET', url: `/api/customers?Id=${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { Results: Customer[] }).Results[0]!;
}

describe('customer events', () => {
  it('sends customer.created and customer.updated with the customer as GET /customers answers it, and customer.deleted', async () => {
    const created = await server.api({ method: 'POST', url: '/api/customers', payload: { Firstname: 'Hanna', Lastname: 'Hook', Email: 'hanna.hook@example.com', CustomFieldValues: [{ Id: memberField, Value: 'M30001' }] } });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as Customer).Id;
    // Each look drains the queue and reads the receiver: more than poll's default second on a loaded machine.
    await expect.poll(async () => (await received('customer.created')).map((e) => e.data.Id), { timeout: 15_000 }).toContain(id);
    const event = (await received('customer.created')).find((e) => e.data.Id === id)!;
    expect(event.data).toEqual(JSON.parse(JSON.stringify(await getCustomer(id))));

    const updated = await server.api({ method: 'PUT', url: `/api/customers/${id}`, payload: { Firstname: 'Hanna', Lastname: 'Krok', Email: 'hanna.hook@example.com', CustomFieldValues: [{ Id: memberField, Value: 'M30001' }] } });
    expect(updated.statusCode, updated.body).toBe(200);
    const change = (await received('customer.updated')).find((e) => e.data.Id === id);
    expect(change?.data.Lastname).toBe('Krok');

    expect((await server.api({ method: 'DELETE', url: `/api/customers/${id}` })).statusCode).toBe(200);
    const gone = (await received('customer.deleted')).find((e) => e.data.Id === id);
    expect(gone?.data.Lastname).toBe('Krok');
  });

  it('sends customer.created for the new customer of a booking, and an erasure as customer.deleted without personal data', async () => {
    const bookingId = await book(server, { Customer: { Firstname: 'Nils', Lastname: 'Ny', Email: 'nils.ny@example.com' } });
    const customerId = (await getBooking(bookingId)).CustomerId!;
    const created = (await received('customer.created')).find((e) => e.data.Id === customerId);
    expect(created?.data.Email).toBe('nils.ny@example.com');

    // A customer erased must have no upcoming booking: cancel it first.
    expect((await server.api({ method: 'DELETE', url: `/api/bookings/${bookingId}` })).statusCode).toBe(200);
    const erased = await server.api({ method: 'DELETE', url: `/api/gdpr/customers/${customerId}` });
    expect(erased.statusCode, erased.body).toBe(200);
    const gone = (await received('customer.deleted')).find((e) => e.data.Id === customerId);
    expect(gone).toBeDefined();
    expect(JSON.stringify(gone!.data)).not.toMatch(/Nils|nils\.ny/);
  });

  it('sends nothing of a change that fails', async () => {
    const before = hook.got.length;
    const refused = await server.api({ method: 'POST', url: '/api/customers', payload: { Firstname: '', Lastname: 'Tom' } });
    expect(refused.statusCode).toBe(400);
    await server.app.jobs.drain();
    expect(hook.got.length).toBe(before);
  });
});

describe('booking events', () => {
  it('sends booking.created with the booking as GET /bookings answers it, booking.moved for a new time, and booking.updated for new texts', async () => {
    const id = await book(server);
    const created = (await received('booking.created')).find((e) => e.data.Id === id)!;
    expect(created.data).toEqual(JSON.parse(JSON.stringify(await getBooking(id))));

    const booking = await getBooking(id);
    const serviceId = await firstService(server);
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const free = (await server.api({ method: 'GET', url: `/api/services/${serviceId}/availabletimes?From=${day(7)}&To=${day(42)}` })).json() as { Times: { From: string; To: string; Free: number }[] };
    // The same weekday and time a week or two later (the booking's price may hold on some days and hours only).
    const weeksOn = (weeks: number) => `${new Date(Date.parse(`${booking.From.slice(0, 10)}T12:00:00Z`) + weeks * 7 * 86_400_000).toISOString().slice(0, 10)}${booking.From.slice(10)}`;
    const other = free.Times.find((t) => t.Free > 0 && [weeksOn(1), weeksOn(2), weeksOn(3)].includes(t.From))!;
    const moved = await server.api({ method: 'PUT', url: `/api/bookings/${id}`, payload: { From: other.From, To: other.To } });
    expect(moved.statusCode, moved.body).toBe(200);
    const move = (await received('booking.moved')).find((e) => e.data.Id === id);
    expect(move?.data.From).toBe((await getBooking(id)).From);
    expect((await received('booking.updated')).some((e) => e.data.Id === id)).toBe(false);

    const texts = await server.api({ method: 'PUT', url: `/api/bookings/${id}`, payload: { BookedComments: 'Tar med egen racket' } });
    expect(texts.statusCode, texts.body).toBe(200);
    const update = (await received('booking.updated')).find((e) => e.data.Id === id);
    expect(update?.data.BookedComments).toBe('Tar med egen racket');
    expect((await received('booking.moved')).filter((e) => e.data.Id === id)).toHaveLength(1);
  });

  it('sends booking.updated with NoShow when a started booking is marked as a no-show, and when the mark is undone', async () => {
    const id = await book(server);
    // The booking as if its time had passed (the API books only times yet to come for this service).
    await server.db.query("update bookings set starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour' where id = $1", [id]);
    const mark = await server.api({ method: 'PUT', url: `/api/bookings/${id}/noshow`, payload: { NoShow: true } });
    expect(mark.statusCode, mark.body).toBe(200);
    expect((await received('booking.updated')).filter((e) => e.data.Id === id).map((e) => e.data.NoShow)).toEqual([true]);
    expect((await server.api({ method: 'PUT', url: `/api/bookings/${id}/noshow`, payload: { NoShow: false } })).statusCode).toBe(200);
    expect((await received('booking.updated')).filter((e) => e.data.Id === id).map((e) => e.data.NoShow)).toEqual([true, false]);
    expect((await received('booking.moved')).some((e) => e.data.Id === id)).toBe(false);
  });

  it('sends booking.paid and payment.received with the payment and its booking when a booking is marked as paid', async () => {
    const id = await book(server);
    const res = await server.api({ method: 'PUT', url: `/api/bookings/${id}/markaspaid`, payload: { Comment: 'Kontant i kassan' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await received('booking.paid')).some((e) => e.data.Id === id)).toBe(true);
    const payment = (await received('payment.received')).find((e) => e.data.BookingId === id);
    const log = (await getBooking(id)).PaymentLog;
    expect(payment?.data).toMatchObject({ Id: log[0]!.Id, Kind: 'Payment', Amount: log[0]!.Amount, Comment: 'Kontant i kassan', Provider: null });
    expect((payment?.data.Booking as { Id: number }).Id).toBe(id);
  });

  it('offers a canceled booking’s time to the customer queued for it (queue.spot_offered), and to no one queued for another time', async () => {
    const id = await book(server);
    const booking = await getBooking(id);
    const queued = await server.api({
      method: 'POST',
      url: '/api/bookinguserqueue',
      payload: { ServiceId: booking.ServiceId, From: booking.From, To: booking.To, Customer: { Firstname: 'Kö', Lastname: 'Kvist', Email: 'ko.kvist@example.com' } },
    });
    expect(queued.statusCode, queued.body).toBe(200);
    const entryId = (queued.json() as { Id: number }).Id;
    const elsewhere = await server.api({
      method: 'POST',
      url: '/api/bookinguserqueue',
      payload: { ServiceId: booking.ServiceId, From: booking.To, Customer: { Firstname: 'Sen', Lastname: 'Sist', Email: 'sen.sist@example.com' } },
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    const laterId = (elsewhere.json() as { Id: number }).Id;
    expect((await received('queue.spot_offered')).some((e) => e.data.Id === entryId)).toBe(false);

    expect((await server.api({ method: 'DELETE', url: `/api/bookings/${id}` })).statusCode).toBe(200);
    expect((await received('booking.canceled')).some((e) => e.data.Id === id)).toBe(true);
    const offers = await received('queue.spot_offered');
    const offer = offers.find((e) => e.data.Id === entryId);
    expect(offer?.data).toMatchObject({ Id: entryId, ServiceId: booking.ServiceId, From: booking.From, CustomerEmail: 'ko.kvist@example.com', FreedBookingId: id });
    expect(offers.some((e) => e.data.Id === laterId)).toBe(false);
  });
});

describe('an endpoint hears only the types it chose', () => {
  it('gets customer events and no booking events when it chose customer.created only', async () => {
    const own = await receiver();
    try {
      const e = await endpoint(server, own.url, ['customer.created']);
      await book(server, { Customer: { Firstname: 'Bara', Lastname: 'Kund', Email: 'bara.kund@example.com' } });
      await server.app.jobs.drain();
      expect(events(own.got, e.Secret).map((x) => x.type)).toEqual(['customer.created']);
    } finally {
      own.server.close();
    }
  });
});
