import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, BookingLogEntry } from '../../../schema/bookings';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from '../harness';
import { book, errorOf, fieldsOf, getBooking, seedIds, type Page, type Seed } from './helpers';

let server: TestServer;
let seed: Seed;
let padel: number;

beforeAll(async () => {
  server = await createTestServer();
  seed = await seedIds(server);
  padel = seed.services.get('Padel 60 min')!;
});
afterAll(async () => server?.close());

const noShow = (id: number, NoShow: boolean, extra: Record<string, unknown> = {}, token?: string) =>
  server.api({ method: 'PUT', url: `/api/bookings/${id}/noshow`, payload: { NoShow, ...extra }, token });

/** A booking that has started: registered afterwards (outside the schedules, so the past is allowed). */
const started = (from: string) => book(server, { ServiceId: padel, CustomerId: seed.customerId, From: from, AllowBookingOutsideSchedules: true });

async function logOf(id: number): Promise<BookingLogEntry[]> {
  const res = await server.api({ method: 'GET', url: `/api/bookinglog?BookingId=${id}&OrderBy=Id` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Page<BookingLogEntry>).Results;
}

describe('PUT /bookings/{Id}/noshow', () => {
  it('marks a started booking as a no-show and undoes it, each in the booking log with who did it', async () => {
    const created = await started('2025-03-04T10:00:00');
    expect(created.NoShow).toBe(false);

    const marked = await noShow(created.Id, true, { Comment: 'Kom aldrig' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((marked.json() as Booking).NoShow).toBe(true);
    expect((await getBooking(server, created.Id)).NoShow).toBe(true);
    const row = await server.db.one<{ at: Date | null; by: number | null }>('select no_show_at as at, no_show_by as by from bookings where id = $1', [created.Id]);
    const demoUser = await server.db.one<{ id: number }>("select id from users where email = 'demo@example.com'");
    expect(row).toMatchObject({ by: demoUser!.id });
    expect(row!.at).not.toBeNull();
    const listed = (await server.api({ method: 'GET', url: `/api/bookings?Id=${created.Id}` })).json() as Page<Booking>;
    expect(listed.Results[0].NoShow).toBe(true);

    // Asking again for what the booking already is changes nothing and logs nothing.
    expect((await noShow(created.Id, true)).statusCode).toBe(200);
    let log = await logOf(created.Id);
    expect(log.filter((e) => e.Event === 'MarkedNoShow')).toHaveLength(1);
    expect(log.at(-1)).toMatchObject({ Event: 'MarkedNoShow', ActorType: 'Administrator', UserId: demoUser!.id, Comment: 'Kom aldrig', Before: { NoShow: false }, After: { NoShow: true } });

    const undone = await noShow(created.Id, false);
    expect(undone.statusCode, undone.body).toBe(200);
    expect((undone.json() as Booking).NoShow).toBe(false);
    expect(await server.db.one('select no_show_at as at, no_show_by as by from bookings where id = $1', [created.Id])).toEqual({ at: null, by: null });
    log = await logOf(created.Id);
    expect(log.at(-1)).toMatchObject({ Event: 'NoShowUndone', Before: { NoShow: true }, After: { NoShow: false } });
  });

  it('refuses a booking that has not started yet, naming From', async () => {
    const future = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: '2030-03-05T10:00:00' });
    const res = await noShow(future.Id, true);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['From']);
    expect(errorOf(res).Errors[0]).toMatchObject({ ErrorCode: 'NoShowBeforeStart' });
    expect(errorOf(res).Errors[0].Message).toContain('2030-03-05 10:00');
    expect((await getBooking(server, future.Id)).NoShow).toBe(false);
  });

  it('refuses a canceled booking, naming StatusId, in the caller language', async () => {
    const created = await started('2025-03-05T12:00:00');
    expect((await server.api({ method: 'DELETE', url: `/api/bookings/${created.Id}` })).statusCode).toBe(200);
    const res = await noShow(created.Id, true);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['StatusId']);
    expect(errorOf(res).Errors[0]).toMatchObject({ ErrorCode: 'StatusNotAllowed' });
    expect(errorOf(res).Errors[0].Message).toMatch(/utebliven|no-show/);
    expect((await getBooking(server, created.Id)).NoShow).toBe(false);
  });

  it('keeps the mark on a move within the past, and drops it when the booking moves to a start yet to come', async () => {
    const created = await started('2025-03-07T10:00:00');
    expect((await noShow(created.Id, true)).statusCode).toBe(200);
    const move = (From: string) => server.api({ method: 'PUT', url: `/api/bookings/${created.Id}`, payload: { From, AllowBookingOutsideSchedules: true } });
    const earlier = await move('2025-03-07T08:00:00');
    expect(earlier.statusCode, earlier.body).toBe(200);
    expect((await getBooking(server, created.Id)).NoShow).toBe(true);
    const later = await move('2030-03-07T10:00:00');
    expect(later.statusCode, later.body).toBe(200);
    expect((await getBooking(server, created.Id)).NoShow).toBe(false);
    expect(await server.db.one('select no_show_at as at, no_show_by as by from bookings where id = $1', [created.Id])).toEqual({ at: null, by: null });
  });

  it('answers 404 for an unknown booking and for another company’s, and 400 without NoShow', async () => {
    expect((await noShow(2_000_000_000, true)).statusCode).toBe(404);
    const created = await started('2025-03-06T12:00:00');
    const other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
    expect((await noShow(created.Id, true, {}, other)).statusCode).toBe(404);
    expect((await getBooking(server, created.Id)).NoShow).toBe(false);
    const bare = await server.api({ method: 'PUT', url: `/api/bookings/${created.Id}/noshow`, payload: {} });
    expect(bare.statusCode).toBe(400);
    expect(fieldsOf(bare)).toContain('NoShow');
  });
});
