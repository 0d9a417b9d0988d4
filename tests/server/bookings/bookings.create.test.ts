import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, BookingStatus, RepeatBookingResponse } from '../../../schema/bookings';
import type { AvailableTimesResponse } from '../../../schema/availability';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from '../harness';
import { book, errorOf, fieldsOf, getBooking, seedIds, type Page, type Seed } from './helpers';

let server: TestServer;
let seed: Seed;
let padel: number;
let yoga: number;
let adult: number;

beforeAll(async () => {
  server = await createTestServer();
  seed = await seedIds(server);
  padel = seed.services.get('Padel 60 min')!;
  yoga = seed.services.get('Yoga drop-in')!;
  adult = (await server.db.one<{ id: number }>("select id from service_prices where service_id = $1 and category = 'Vuxen'", [yoga]))!.id;
});
afterAll(async () => server?.close());

// 2030-03-06 is a Wednesday: padel is open 07–21 on a 30-minute grid, yoga 07–21 hourly.
describe('POST /bookings', () => {
  it('creates a booking with its resource, price and log entry, and lists and reads it back', async () => {
    const created = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-06T10:00:00' });
    expect(created).toMatchObject({ ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-06T10:00:00', To: '2030-03-06T11:00:00', StatusId: 1, Spots: 1 });
    expect(created.Id).toBeGreaterThan(0);
    expect(created.Resources).toHaveLength(1);
    expect(created.Quantities[0].Quantity).toBe(1);
    expect(created.TotalPrice).toBeGreaterThan(0);
    expect(created.Customer?.Id).toBe(seed.customerId);

    const read = await getBooking(server, created.Id);
    expect(read).toEqual(created);
    const list = (await server.api({ method: 'GET', url: `/api/bookings?ServiceIds=${padel}&BookingStart=2030-03-06&BookingEnd=2030-03-06` })).json() as Page<Booking>;
    expect(list.Results.map((b) => b.Id)).toContain(created.Id);
    const log = (await server.api({ method: 'GET', url: `/api/bookinglog?BookingId=${created.Id}` })).json() as Page<{ Event: string; ActorType: string; After: Record<string, unknown> }>;
    expect(log.Results).toHaveLength(1);
    expect(log.Results[0]).toMatchObject({ Event: 'Created', ActorType: 'Administrator' });
    expect(log.Results[0].After).toMatchObject({ StatusId: 1, From: '2030-03-06T10:00:00' });
  });

  it('takes the time out of availabletimes in the same commit', async () => {
    const before = (await server.api({ method: 'GET', url: `/api/services/${yoga}/availabletimes?From=2030-03-06T12:00:00&To=2030-03-06T13:00:00` })).json() as AvailableTimesResponse;
    const free = before.Times.find((t) => t.From === '2030-03-06T12:00:00')!.FreeSpots;
    await book(server, { ServiceId: yoga, CustomerId: seed.customerId, From: '2030-03-06T12:00:00', Quantities: [{ PriceId: adult, Quantity: 3 }] });
    const after = (await server.api({ method: 'GET', url: `/api/services/${yoga}/availabletimes?From=2030-03-06T12:00:00&To=2030-03-06T13:00:00` })).json() as AvailableTimesResponse;
    expect(after.Times.find((t) => t.From === '2030-03-06T12:00:00')!.FreeSpots).toBe(free - 3);
  });

  it('creates a new customer given inline', async () => {
    const created = await book(server, { ServiceId: padel, Customer: { Firstname: 'Nina', Lastname: 'Ny', Email: 'nina@example.com' }, From: '2030-03-06T12:00:00' });
    expect(created.Customer).toMatchObject({ Firstname: 'Nina', Lastname: 'Ny', Email: 'nina@example.com' });
  });

  it('answers 409 naming the resource and time when the picked court is taken, and writes nothing', async () => {
    const court = seed.resources.get('Bana 2')!;
    const type = seed.types.get('Padelbanor')!;
    await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-06T14:00:00', Resources: [{ ResourceTypeId: type, ResourceId: court }] });
    const count = await server.db.one<{ n: number }>('select count(*)::int as n from bookings');
    const res = await server.api({
      method: 'POST',
      url: '/api/bookings',
      payload: { ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-06T14:30:00', Resources: [{ ResourceTypeId: type, ResourceId: court }] },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res).Message).toContain('Bana 2');
    expect(errorOf(res).Message).toContain('2030-03-06 14:30');
    expect((await server.db.one<{ n: number }>('select count(*)::int as n from bookings'))!.n).toBe(count!.n);
  });

  it('AllowBookingOutsideSchedules books off the schedule but never over another booking', async () => {
    const court = seed.resources.get('Bana 3')!;
    const type = seed.types.get('Padelbanor')!;
    const off = { ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-09T18:10:00', To: '2030-03-09T19:10:00', Resources: [{ ResourceTypeId: type, ResourceId: court }] };
    const refused = await server.api({ method: 'POST', url: '/api/bookings', payload: off });
    expect(refused.statusCode).toBe(400);
    await book(server, { ...off, AllowBookingOutsideSchedules: true });
    const overlap = await server.api({ method: 'POST', url: '/api/bookings', payload: { ...off, From: '2030-03-09T18:40:00', To: '2030-03-09T19:40:00', AllowBookingOutsideSchedules: true } });
    expect(overlap.statusCode, overlap.body).toBe(409);
  });

  it('answers 400 naming the field for bad input and writes nothing', async () => {
    const count = (await server.db.one<{ n: number }>('select count(*)::int as n from bookings'))!.n;
    const cases: [Record<string, unknown>, string][] = [
      [{ ServiceId: padel, CustomerId: seed.customerId, From: '2030-13-45T10:00:00' }, 'From'],
      [{ ServiceId: padel, CustomerId: seed.customerId, From: 'tomorrow' }, 'From'],
      [{ ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-06T10:00:00', To: '2030-03-06T09:00:00' }, 'From'],
      [{ ServiceId: padel, CustomerId: seed.customerId, From: '2020-03-04T10:00:00' }, 'From'],
      [{ ServiceId: padel, CustomerId: seed.otherCustomerId, From: '2030-03-06T16:00:00' }, 'CustomerId'],
      [{ ServiceId: padel, From: '2030-03-06T16:00:00' }, 'CustomerId'],
      [{ ServiceId: 999999, CustomerId: seed.customerId, From: '2030-03-06T16:00:00' }, 'ServiceId'],
      [{ ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-06T16:00:00', Quantities: [{ PriceId: 999999, Quantity: 1 }] }, 'Quantities[0].PriceId'],
      [{ ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-06T16:00:00', Quantities: [{ PriceId: 0, Quantity: 0 }] }, 'Quantities'],
      [{ ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-06T16:00:00', Resources: [{ ResourceTypeId: seed.types.get('Padelbanor')!, ResourceId: seed.otherResourceId }] }, 'Resources[0].ResourceId'],
      [{ ServiceId: yoga, CustomerId: seed.customerId, From: '2030-03-06T16:00:00', Quantities: [{ PriceId: adult, Quantity: 21 }] }, 'Quantities'],
    ];
    for (const [payload, field] of cases) {
      const res = await server.api({ method: 'POST', url: '/api/bookings', payload });
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expect(fieldsOf(res), res.body).toContain(field);
    }
    expect((await server.db.one<{ n: number }>('select count(*)::int as n from bookings'))!.n).toBe(count);
  });

  it('answers 400 (not 409) naming Quantities when more spots are asked than are left', async () => {
    await book(server, { ServiceId: yoga, CustomerId: seed.customerId, From: '2030-03-06T15:00:00', Quantities: [{ PriceId: adult, Quantity: 18 }] });
    const res = await server.api({ method: 'POST', url: '/api/bookings', payload: { ServiceId: yoga, CustomerId: seed.customerId, From: '2030-03-06T15:00:00', Quantities: [{ PriceId: adult, Quantity: 3 }] } });
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldsOf(res)).toEqual(['Quantities']);
    expect(errorOf(res).Message).toContain('2');
  });

  it('says in the caller\'s language how many spots one booking of the service can take', async () => {
    const payload = { ServiceId: yoga, CustomerId: seed.customerId, From: '2030-03-06T17:00:00', Quantities: [{ PriceId: adult, Quantity: 21 }] };
    const en = await server.api({ method: 'POST', url: '/api/bookings', payload });
    expect(en.statusCode, en.body).toBe(400);
    expect(errorOf(en).Errors).toEqual([expect.objectContaining({ FieldName: 'Quantities', Message: 'A booking of this service can take at most 20 spots.' })]);
    const sv = await server.api({ method: 'POST', url: '/api/bookings', payload, headers: { 'x-language': 'sv' } });
    expect(errorOf(sv).Errors[0].Message).toBe('En bokning av tjänsten kan ta högst 20 platser.');
  });
});

describe('a person and a room together', () => {
  it('takes the instructor and the room, or neither', async () => {
    const pt = seed.services.get('Personlig träning')!;
    const conference = seed.services.get('Konferensrum per timme')!;
    const room = seed.resources.get('Konferensrummet')!;
    const roomType = seed.types.get('Rum')!;
    await server.db.query(
      `insert into service_resource_types (company_id, service_id, resource_type_id, selectable_by_user, all_resources) values ($1, $2, $3, false, false)`,
      [seed.companyId, pt, roomType],
    );
    await server.db.query('insert into service_resources (company_id, service_id, resource_type_id, resource_id) values ($1, $2, $3, $4)', [seed.companyId, pt, roomType, room]);

    const both = await book(server, { ServiceId: pt, CustomerId: seed.customerId, From: '2030-03-20T10:00:00' });
    expect(both.Resources.map((r) => r.ResourceTypeId).sort()).toEqual([seed.types.get('Instruktörer')!, roomType].sort());
    expect(both.Resources.some((r) => r.ResourceId === room)).toBe(true);

    await book(server, { ServiceId: conference, CustomerId: seed.customerId, From: '2030-03-20T12:00:00' });
    const before = (await server.db.one<{ n: number }>('select count(*)::int as n from booking_resources'))!.n;
    const refused = await server.api({ method: 'POST', url: '/api/bookings', payload: { ServiceId: pt, CustomerId: seed.customerId, From: '2030-03-20T12:00:00' } });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(errorOf(refused).Message).toBe('Konferensrummet is already booked 2030-03-20 12:00–13:00.');
    expect((await server.db.one<{ n: number }>('select count(*)::int as n from booking_resources'))!.n).toBe(before);
  });
});

describe('POST /bookings/repeat', () => {
  it('creates the free dates and lists the taken ones as Failed with their reason', async () => {
    const court = seed.resources.get('Bana 1')!;
    const type = seed.types.get('Padelbanor')!;
    const base = { ServiceId: padel, CustomerId: seed.customerId, From: '2030-04-01T08:00:00', Resources: [{ ResourceTypeId: type, ResourceId: court }] };
    const first = await server.api({
      method: 'POST',
      url: '/api/bookings/repeat',
      payload: { ...base, DatesToRepeat: [{ From: '2030-04-01T08:00:00' }, { From: '2030-04-08T08:00:00' }] },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as RepeatBookingResponse).Created).toHaveLength(2);
    const second = await server.api({
      method: 'POST',
      url: '/api/bookings/repeat',
      payload: { ...base, DatesToRepeat: [{ From: '2030-04-08T08:30:00' }, { From: '2030-04-15T08:30:00' }, { From: '2030-04-22T08:30:00' }] },
    });
    expect(second.statusCode, second.body).toBe(200);
    const body = second.json() as RepeatBookingResponse;
    expect(body.Created.map((b) => b.From)).toEqual(['2030-04-15T08:30:00', '2030-04-22T08:30:00']);
    expect(body.Failed).toHaveLength(1);
    expect(body.Failed[0]).toMatchObject({ From: '2030-04-08T08:30:00', To: '2030-04-08T09:30:00' });
    expect(body.Failed[0].Reason).toContain('Bana 1');
  });

  it('keeps no new customer when every date failed', async () => {
    const court = { ResourceTypeId: seed.types.get('Padelbanor')!, ResourceId: seed.resources.get('Bana 1')! };
    const customers = (await server.db.one<{ n: number }>('select count(*)::int as n from customers'))!.n;
    const res = await server.api({
      method: 'POST',
      url: '/api/bookings/repeat',
      payload: { ServiceId: padel, Customer: { Firstname: 'Ingen', Lastname: 'Tid' }, From: '2030-04-08T08:00:00', Resources: [court], DatesToRepeat: [{ From: '2030-04-08T08:00:00' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as RepeatBookingResponse).Created).toEqual([]);
    expect((await server.db.one<{ n: number }>('select count(*)::int as n from customers'))!.n).toBe(customers);
  });

  it('answers 400 naming the date for a malformed one and writes nothing', async () => {
    const count = (await server.db.one<{ n: number }>('select count(*)::int as n from bookings'))!.n;
    const res = await server.api({
      method: 'POST',
      url: '/api/bookings/repeat',
      payload: { ServiceId: padel, CustomerId: seed.customerId, From: '2030-05-06T08:00:00', DatesToRepeat: [{ From: '2030-05-06T08:00:00' }, { From: '2030-05-13X08' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain('DatesToRepeat[1].From');
    expect((await server.db.one<{ n: number }>('select count(*)::int as n from bookings'))!.n).toBe(count);
  });
});

describe('GET /bookings/status and roles', () => {
  it('names the ten statuses in the caller language', async () => {
    const res = await server.api({ method: 'GET', url: '/api/bookings/status', headers: { 'x-language': 'sv' } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Page<BookingStatus>;
    expect(body.Results.map((s) => s.Id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(body.Results[0].Name).toBe('Bokad');
  });

  it("another company cannot read or cancel the demo company's booking", async () => {
    const created = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-07T10:00:00' });
    const other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
    expect((await server.api({ method: 'GET', url: `/api/bookings/${created.Id}`, token: other })).statusCode).toBe(404);
    expect((await server.api({ method: 'DELETE', url: `/api/bookings/${created.Id}`, token: other })).statusCode).toBe(404);
    const theirList = (await server.api({ method: 'GET', url: '/api/bookings', token: other })).json() as Page<Booking>;
    expect(theirList.Results.map((b) => b.Id)).not.toContain(created.Id);
  });
});
