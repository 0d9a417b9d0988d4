import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailableBookingResource, Booking, BookingLogEntry, BookingSettings, BookingUserQueueEntry } from '../../../schema/bookings';
import type { RebateCode, RebateCodeTransaction } from '../../../schema/rebatecodes';
import { releaseExpiredHolds } from '../../../server/areas/bookings/index';
import { createTestServer, type TestServer } from '../harness';
import { book, errorOf, fieldsOf, getBooking, seedIds, type Page, type Seed } from './helpers';

let server: TestServer;
let seed: Seed;
let padel: number;
let yoga: number;
let adult: number;
let padelType: number;

beforeAll(async () => {
  server = await createTestServer();
  seed = await seedIds(server);
  padel = seed.services.get('Padel 60 min')!;
  yoga = seed.services.get('Yoga drop-in')!;
  padelType = seed.types.get('Padelbanor')!;
  adult = (await server.db.one<{ id: number }>("select id from service_prices where service_id = $1 and category = 'Vuxen'", [yoga]))!.id;
});
afterAll(async () => server?.close());

async function put(url: string, payload: Record<string, unknown> = {}) {
  return server.api({ method: 'PUT', url, payload });
}

async function logOf(id: number): Promise<BookingLogEntry[]> {
  const res = await server.api({ method: 'GET', url: `/api/bookinglog?BookingId=${id}&OrderBy=Id` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Page<BookingLogEntry>).Results;
}

async function freeSpots(serviceId: number, from: string): Promise<number | undefined> {
  const res = await server.api({ method: 'GET', url: `/api/services/${serviceId}/availabletimes?From=${from}&To=${from.slice(0, 10)}T23:59:00` });
  return (res.json() as { Times: { From: string; FreeSpots: number }[] }).Times.find((t) => t.From === from)?.FreeSpots;
}

describe('booking actions', () => {
  it('cancel gives the time and the promo code use back, with the reason in the log', async () => {
    const code = (
      await server.api({ method: 'POST', url: '/api/rebatecodes', payload: { RebateCodeSign: 'BOOK-TEN', RebateCodeTypeId: 1, RebateCodeValue: 10, MaxNumberOfUses: 5 } })
    ).json() as RebateCode;
    const created = await book(server, { ServiceId: yoga, CustomerId: seed.customerId, From: '2030-03-13T10:00:00', Quantities: [{ PriceId: adult, Quantity: 2 }], RebateCodeIds: [code.Id] });
    expect(created.TotalPriceBeforeRebate).toBe(360);
    expect(created.TotalPrice).toBe(324);
    expect(created.RebateCodes).toEqual([expect.objectContaining({ RebateCodeId: code.Id, RebateCodeSign: 'BOOK-TEN' })]);
    const usedCode = (await server.api({ method: 'GET', url: `/api/rebatecodes?Id=${code.Id}` })).json() as Page<RebateCode>;
    expect(usedCode.Results[0].NumberOfUsesUsed).toBe(1);
    expect(await freeSpots(yoga, '2030-03-13T10:00:00')).toBe(18);

    const res = await server.api({ method: 'DELETE', url: `/api/bookings/${created.Id}?UnbookedComments=Sjuk&CommentsToCustomer=Krya%20p%C3%A5%20dig` });
    expect(res.statusCode, res.body).toBe(200);
    const canceled = res.json() as Booking;
    expect(canceled).toMatchObject({ StatusId: 4, UnbookedComments: 'Sjuk', CommentsToCustomer: 'Krya på dig', RebateCodes: [] });
    expect(await freeSpots(yoga, '2030-03-13T10:00:00')).toBe(20);
    const restored = (await server.api({ method: 'GET', url: `/api/rebatecodes?Id=${code.Id}` })).json() as Page<RebateCode>;
    expect(restored.Results[0].NumberOfUsesUsed).toBe(0);
    const tx = (await server.api({ method: 'GET', url: `/api/rebatecodes/transactions?RebateCodeId=${code.Id}&OrderBy=Id` })).json() as Page<RebateCodeTransaction>;
    expect(tx.Results.map((t) => [t.ChangeType, t.BookingId])).toEqual([
      ['Decrease', created.Id],
      ['Increase', created.Id],
    ]);
    const log = await logOf(created.Id);
    expect(log.map((l) => l.Event)).toEqual(['Created', 'Canceled']);
    expect(log[1]).toMatchObject({ ActorType: 'Administrator', Comment: 'Sjuk', Before: { StatusId: 1 }, After: { StatusId: 4 } });

    const again = await server.api({ method: 'DELETE', url: `/api/bookings/${created.Id}` });
    expect(again.statusCode).toBe(400);
    expect(fieldsOf(again)).toEqual(['StatusId']);
  });

  it('approve and decline act on reserved bookings only', async () => {
    const reserved = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-13T08:00:00', StatusId: 3 });
    expect(reserved.StatusId).toBe(3);
    expect(reserved.HoldUntil).not.toBeNull();
    const approved = await server.api({ method: 'PUT', url: `/api/bookings/${reserved.Id}/approve` });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ StatusId: 1, HoldUntil: null });
    expect((await put(`/api/bookings/${reserved.Id}/approve`)).statusCode).toBe(400);
    expect((await put(`/api/bookings/${reserved.Id}/decline`)).statusCode).toBe(400);

    const other = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-13T09:00:00', StatusId: 3 });
    const declined = await put(`/api/bookings/${other.Id}/decline`, { UnbookedComments: 'Fullt' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ StatusId: 2, UnbookedComments: 'Fullt' });
    expect((await logOf(other.Id)).map((l) => l.Event)).toEqual(['Created', 'Declined']);
  });

  it('a hold that runs out is released by the job, logged as System', async () => {
    const reserved = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-13T11:00:00', StatusId: 3 });
    await server.db.query("update bookings set hold_until = now() - interval '1 minute' where id = $1", [reserved.Id]);
    expect(await releaseExpiredHolds(server.app)).toBeGreaterThanOrEqual(1);
    expect((await getBooking(server, reserved.Id)).StatusId).toBe(2);
    const log = await logOf(reserved.Id);
    expect(log.at(-1)).toMatchObject({ Event: 'HoldExpired', ActorType: 'System', UserId: null });
  });

  it('mark as paid and refund write the payment log', async () => {
    const created = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-13T12:00:00' });
    const paid = await put(`/api/bookings/${created.Id}/markaspaid`, { Comment: 'Swish' });
    expect(paid.statusCode, paid.body).toBe(200);
    const body = paid.json() as Booking;
    expect(body).toMatchObject({ StatusId: 7, PaidAmount: created.TotalPrice });
    expect(body.PaymentLog).toEqual([expect.objectContaining({ Kind: 'Payment', Amount: created.TotalPrice, Comment: 'Swish' })]);
    expect((await put(`/api/bookings/${created.Id}/markaspaid`)).statusCode).toBe(400);

    const paymentId = body.PaymentLog[0].Id;
    const tooMuch = await put(`/api/bookings/${created.Id}/refund/${paymentId}`, { Amount: created.TotalPrice + 1 });
    expect(tooMuch.statusCode).toBe(400);
    expect(fieldsOf(tooMuch)).toEqual(['Amount']);
    const refunded = await put(`/api/bookings/${created.Id}/refund/${paymentId}`, { Amount: 100 });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const after = refunded.json() as Booking;
    expect(after.PaidAmount).toBe(created.TotalPrice - 100);
    // No longer paid in full: booked again, so the rest can be asked for or recorded.
    expect(after.StatusId).toBe(1);
    expect(after.PaymentLog.map((p) => [p.Kind, p.Amount])).toEqual([
      ['Payment', created.TotalPrice],
      ['Refund', 100],
    ]);
    expect((await put(`/api/bookings/${created.Id}/refund/999999`)).statusCode).toBe(404);
    const log = await logOf(created.Id);
    expect(log.map((l) => l.Event)).toEqual(['Created', 'MarkedAsPaid', 'Refunded']);
    expect(log.at(-1)).toMatchObject({ Before: expect.objectContaining({ StatusId: 7 }), After: expect.objectContaining({ StatusId: 1 }) });
    // Paid again in full, it is paid again.
    expect(((await put(`/api/bookings/${created.Id}/markaspaid`)).json() as Booking).StatusId).toBe(7);
  });

  it('a paid booking given more spots at a higher price is no longer marked paid', async () => {
    const created = await book(server, { ServiceId: yoga, CustomerId: seed.customerId, From: '2030-03-14T13:00:00', Quantities: [{ PriceId: adult, Quantity: 1 }] });
    expect(((await put(`/api/bookings/${created.Id}/markaspaid`)).json() as Booking).StatusId).toBe(7);
    const more = await put(`/api/bookings/${created.Id}/quantity`, { Quantities: [{ PriceId: adult, Quantity: 3 }] });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json()).toMatchObject({ StatusId: 1, PaidAmount: created.TotalPrice, TotalPrice: created.TotalPrice * 3 });
  });

  it('change quantity re-checks the free spots and re-prices', async () => {
    const created = await book(server, { ServiceId: yoga, CustomerId: seed.customerId, From: '2030-03-13T13:00:00', Quantities: [{ PriceId: adult, Quantity: 2 }] });
    await book(server, { ServiceId: yoga, CustomerId: seed.customerId, From: '2030-03-13T13:00:00', Quantities: [{ PriceId: adult, Quantity: 15 }] });
    const more = await put(`/api/bookings/${created.Id}/quantity`, { Quantities: [{ PriceId: adult, Quantity: 5 }] });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json()).toMatchObject({ Spots: 5, TotalPrice: 900 });
    const tooMany = await put(`/api/bookings/${created.Id}/quantity`, { Quantities: [{ PriceId: adult, Quantity: 6 }] });
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(fieldsOf(tooMany)).toEqual(['Quantities']);
    expect((await getBooking(server, created.Id)).Spots).toBe(5);
    const log = await logOf(created.Id);
    expect(log.at(-1)).toMatchObject({ Event: 'QuantityChanged', Before: { Spots: 2 }, After: { Spots: 5 } });
  });

  it('edit time is checked again: a taken time answers 409, a free one moves the booking', async () => {
    const court = seed.resources.get('Bana 1')!;
    const pick = [{ ResourceTypeId: padelType, ResourceId: court }];
    await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-14T10:00:00', Resources: pick });
    const moving = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-14T12:00:00', Resources: pick });
    const taken = await put(`/api/bookings/${moving.Id}`, { From: '2030-03-14T10:30:00' });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(errorOf(taken).Message).toContain('Bana 1');
    const past = await put(`/api/bookings/${moving.Id}`, { From: '2020-03-14T10:30:00' });
    expect(past.statusCode).toBe(400);
    const moved = await put(`/api/bookings/${moving.Id}`, { From: '2030-03-14T12:30:00', BookedComments: 'Flyttad' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ From: '2030-03-14T12:30:00', To: '2030-03-14T13:30:00', BookedComments: 'Flyttad' });
    expect((await logOf(moving.Id)).at(-1)).toMatchObject({ Event: 'TimeChanged', Before: { From: '2030-03-14T12:00:00' }, After: { From: '2030-03-14T12:30:00' } });
  });

  it('comments alone change nothing else: the price stays after the prices change, and a canceled booking can be corrected', async () => {
    const created = await book(server, { ServiceId: yoga, CustomerId: seed.customerId, From: '2030-03-16T10:00:00', Quantities: [{ PriceId: adult, Quantity: 1 }] });
    const old = await server.db.one<{ price_minor: string }>('select price_minor from service_prices where id = $1', [adult]);
    await server.db.query('update service_prices set price_minor = price_minor * 2 where id = $1', [adult]);
    try {
      const edited = await put(`/api/bookings/${created.Id}`, { BookedComments: 'Tar med matta', CommentsToCustomer: 'Välkommen!' });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ BookedComments: 'Tar med matta', CommentsToCustomer: 'Välkommen!', TotalPrice: created.TotalPrice, From: created.From });
      expect((await logOf(created.Id)).at(-1)).toMatchObject({ Event: 'Updated', Before: { BookedComments: null }, After: { BookedComments: 'Tar med matta' } });
      expect((await server.api({ method: 'DELETE', url: `/api/bookings/${created.Id}` })).statusCode).toBe(200);
      const cleared = await put(`/api/bookings/${created.Id}`, { BookedComments: '' });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json()).toMatchObject({ StatusId: 4, BookedComments: null, CommentsToCustomer: 'Välkommen!' });
      // A new time on a canceled booking is still refused.
      expect((await put(`/api/bookings/${created.Id}`, { From: '2030-03-16T11:00:00' })).statusCode).toBe(400);
    } finally {
      await server.db.query('update service_prices set price_minor = $2 where id = $1', [adult, old!.price_minor]);
    }
  });

  it('resources: available list, change, move, add and remove', async () => {
    const [b1, b2, b3] = ['Bana 1', 'Bana 2', 'Bana 3'].map((n) => seed.resources.get(n)!);
    await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-15T10:00:00', Resources: [{ ResourceTypeId: padelType, ResourceId: b2 }] });
    const created = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-15T10:00:00', Resources: [{ ResourceTypeId: padelType, ResourceId: b1 }] });

    const available = (await server.api({ method: 'GET', url: `/api/bookings/${created.Id}/resources/available` })).json() as Page<AvailableBookingResource>;
    const byId = new Map(available.Results.map((r) => [r.ResourceId, r]));
    expect(byId.get(b1)).toMatchObject({ Booked: true, Available: true });
    expect(byId.get(b2)).toMatchObject({ Booked: false, Available: false });
    expect(byId.get(b3)).toMatchObject({ Booked: false, Available: true });

    const toTaken = await put(`/api/bookings/${created.Id}/resource`, { ResourceTypeId: padelType, ResourceId: b2 });
    expect(toTaken.statusCode, toTaken.body).toBe(409);
    const changed = await put(`/api/bookings/${created.Id}/resource`, { ResourceTypeId: padelType, ResourceId: b3 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as Booking).Resources.map((r) => r.ResourceId)).toEqual([b3]);

    const moved = await put('/api/bookings/resources/move', { BookingId: created.Id, FromResourceId: b3, ToResourceId: b1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as Booking).Resources.map((r) => r.ResourceId)).toEqual([b1]);
    const moveTaken = await put('/api/bookings/resources/move', { BookingId: created.Id, FromResourceId: b1, ToResourceId: b2 });
    expect(moveTaken.statusCode).toBe(409);

    const addTaken = await server.api({ method: 'POST', url: `/api/bookings/${created.Id}/resource`, payload: { ResourceTypeId: padelType, ResourceId: b2 } });
    expect(addTaken.statusCode).toBe(409);
    const added = await server.api({ method: 'POST', url: `/api/bookings/${created.Id}/resource`, payload: { ResourceTypeId: padelType, ResourceId: b3 } });
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json() as Booking).Resources.map((r) => r.ResourceId).sort()).toEqual([b1, b3].sort());
    const removed = await server.api({ method: 'DELETE', url: `/api/bookings/${created.Id}/resource?ResourceId=${b3}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as Booking).Resources.map((r) => r.ResourceId)).toEqual([b1]);
    expect((await server.api({ method: 'DELETE', url: `/api/bookings/${created.Id}/resource?ResourceId=${b3}` })).statusCode).toBe(400);
    const log = await logOf(created.Id);
    expect(log.map((l) => l.Event)).toEqual(['Created', 'ResourceChanged', 'Moved', 'ResourceAdded', 'ResourceRemoved']);
    // The log names the resources, as they were called then, not by number.
    expect(log.map((l) => [l.Before?.Resources, l.After?.Resources])).toEqual([
      [undefined, ['Bana 1']],
      [['Bana 1'], ['Bana 3']],
      [['Bana 3'], ['Bana 1']],
      [['Bana 1'], ['Bana 1', 'Bana 3']],
      [['Bana 1', 'Bana 3'], ['Bana 1']],
    ]);
  });

  it('move: AllowBookingOutsideSchedules moves to another resource off the schedule in one call, never over another booking', async () => {
    const [b1, b2, b3] = ['Bana 1', 'Bana 2', 'Bana 3'].map((n) => seed.resources.get(n)!);
    const created = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-23T10:00:00', Resources: [{ ResourceTypeId: padelType, ResourceId: b1 }] });
    // Saturday (one weekend price all day): the courts' schedule ends at 17:00, so 18:10 is outside it.
    await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-23T18:10:00', To: '2030-03-23T19:10:00', Resources: [{ ResourceTypeId: padelType, ResourceId: b2 }], AllowBookingOutsideSchedules: true });
    const off = { BookingId: created.Id, FromResourceId: b1, ToResourceId: b3, From: '2030-03-23T18:10:00', To: '2030-03-23T19:10:00' };

    const refused = await put('/api/bookings/resources/move', off);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorOf(refused)).toMatchObject({ ErrorCode: 'BookingNotOffered', Errors: [{ FieldName: 'From' }] });
    expect(await getBooking(server, created.Id)).toMatchObject({ From: '2030-03-23T10:00:00', Resources: [{ ResourceId: b1 }] });

    const taken = await put('/api/bookings/resources/move', { ...off, ToResourceId: b2, AllowBookingOutsideSchedules: true });
    expect(taken.statusCode, taken.body).toBe(409);

    const moved = await put('/api/bookings/resources/move', { ...off, AllowBookingOutsideSchedules: true });
    expect(moved.statusCode, moved.body).toBe(200);
    const booking = moved.json() as Booking;
    expect(booking).toMatchObject({ From: '2030-03-23T18:10:00', To: '2030-03-23T19:10:00', AllowBookingOutsideSchedules: true });
    expect(booking.Resources.map((r) => r.ResourceId)).toEqual([b3]);
    expect((await logOf(created.Id)).map((l) => l.Event)).toEqual(['Created', 'Moved']);
  });

  it('settings: defaults, partial update, and the default status of new bookings', async () => {
    const initial = (await server.api({ method: 'GET', url: '/api/bookings/settings' })).json() as BookingSettings;
    expect(initial).toMatchObject({ DefaultStatusId: 1, QueueEnabled: false });
    const saved = await put('/api/bookings/settings', { DefaultStatusId: 3, ReservationHoldMinutes: 15 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ DefaultStatusId: 3, ReservationHoldMinutes: 15, PaymentHoldMinutes: initial.PaymentHoldMinutes });
    const bad = await put('/api/bookings/settings', { ReservationHoldMinutes: 0 });
    expect(bad.statusCode).toBe(400);
    const created = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-15T14:00:00' });
    expect(created.StatusId).toBe(3);
    await put('/api/bookings/settings', { DefaultStatusId: 1 });
  });

  it('queue: refused while off, then added, listed and removed', async () => {
    const payload = { ServiceId: yoga, CustomerId: seed.customerId, From: '2030-03-15T10:00:00', Quantity: 2 };
    const off = await server.api({ method: 'POST', url: '/api/bookinguserqueue', payload });
    expect(off.statusCode).toBe(400);
    expect(fieldsOf(off)).toEqual(['ServiceId']);
    await put('/api/bookings/settings', { QueueEnabled: true });
    const added = await server.api({ method: 'POST', url: '/api/bookinguserqueue', payload });
    expect(added.statusCode, added.body).toBe(200);
    const entry = added.json() as BookingUserQueueEntry;
    expect(entry).toMatchObject({ ServiceId: yoga, From: '2030-03-15T10:00:00', To: '2030-03-15T11:15:00', Quantity: 2 });
    const list = (await server.api({ method: 'GET', url: `/api/bookinguserqueue?ServiceId=${yoga}` })).json() as Page<BookingUserQueueEntry>;
    expect(list.Results.map((e) => e.Id)).toEqual([entry.Id]);
    expect((await server.api({ method: 'DELETE', url: `/api/bookinguserqueue/${entry.Id}` })).statusCode).toBe(200);
    expect((await server.api({ method: 'DELETE', url: `/api/bookinguserqueue/${entry.Id}` })).statusCode).toBe(404);
  });

  it('the list filters by status, service, customer, resource, dates and search, sorts and pages', async () => {
    const court = seed.resources.get('Bana 3')!;
    const a = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-18T09:00:00', Resources: [{ ResourceTypeId: padelType, ResourceId: court }] });
    const b = await book(server, { ServiceId: padel, Customer: { Firstname: 'Zlatan', Lastname: 'Listsson' }, From: '2030-03-18T11:00:00', Resources: [{ ResourceTypeId: padelType, ResourceId: court }] });
    await server.api({ method: 'DELETE', url: `/api/bookings/${a.Id}` });
    const list = async (query: string) => {
      const res = await server.api({ method: 'GET', url: `/api/bookings?BookingStart=2030-03-18&BookingEnd=2030-03-18&${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Page<Booking>;
    };
    expect((await list('OrderBy=From')).Results.map((r) => r.Id)).toEqual([a.Id, b.Id]);
    expect((await list('StatusIds=4')).Results.map((r) => r.Id)).toEqual([a.Id]);
    expect((await list('StatusIds=1&StatusIds=3')).Results.map((r) => r.Id)).toEqual([b.Id]);
    expect((await list(`ResourceIds=${court}&OrderByDesc=From`)).Results.map((r) => r.Id)).toEqual([b.Id, a.Id]);
    expect((await list('Search=listsson')).Results.map((r) => r.Id)).toEqual([b.Id]);
    // A booking's own number finds it (issue 30): "83" besides the texts holding it, "#83" only that booking.
    expect((await list(`Search=${b.Id}`)).Results.map((r) => r.Id)).toContain(b.Id);
    expect((await list(`Search=%23${a.Id}`)).Results.map((r) => r.Id)).toEqual([a.Id]);
    expect((await list('Search=%2399999999999')).Results).toEqual([]);
    expect((await list(`CustomerId=${seed.customerId}`)).Results.map((r) => r.Id)).toEqual([a.Id]);
    const page = await list('OrderBy=From&Take=1&Skip=1');
    expect(page).toMatchObject({ Total: 2, Offset: 1 });
    expect(page.Results.map((r) => r.Id)).toEqual([b.Id]);
    expect((await list('OrderBy=CustomerName')).Results[0].CustomerName).toBeDefined();
    const bad = await server.api({ method: 'GET', url: '/api/bookings?BookingStart=18/03/2030' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['BookingStart']);
  });

  it('an Accountant reads bookings but cannot create or cancel them', async () => {
    const added = await server.api({
      method: 'POST',
      url: '/api/administrators',
      payload: { Firstname: 'Acc', Lastname: 'Ount', Email: 'acc-bookings@example.com', Password: 'long-enough-pw', Roles: [3] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const token = await server.login('acc-bookings@example.com', 'long-enough-pw');
    expect((await server.api({ method: 'GET', url: '/api/bookings', token })).statusCode).toBe(200);
    expect((await server.api({ method: 'GET', url: '/api/bookinglog', token })).statusCode).toBe(200);
    const create = await server.api({ method: 'POST', url: '/api/bookings', token, payload: { ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-15T16:00:00' } });
    expect(create.statusCode).toBe(403);
  });
});
