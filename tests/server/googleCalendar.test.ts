/**
 * Google Calendar per resource, busy times that close resources, and tokens that are refreshed
 * (issue 33), against the embedded Google over real HTTP: a busy time put in a resource's calendar
 * makes that time unavailable in availabletimes for that resource only; free (transparent) events
 * and our own pushed bookings close nothing; disconnecting opens the time again; an access token that
 * ended is refreshed, a refused refresh marks the connection expired.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailableTimesResponse } from '../../schema/availability';
import type { GoogleCalendarSync } from '../../schema/sync';
import { createTestServer, type TestServer } from './harness';
import { book, fieldsOf, seedIds, type Seed } from './bookings/helpers';
import { connectGoogle, listen } from './googleHelpers';
import { pullBusy } from '../../server/areas/sync/googleBusy';

let server: TestServer;
let seed: Seed;
let padel: number;
let type: number;
let court: number;
let otherCourt: number;
let day: string;
/** The time a busy event in the court's calendar closes. */
let closedAt: string;

const zone = 'Europe/Stockholm';

beforeAll(async () => {
  server = await createTestServer();
  await listen(server);
  seed = await seedIds(server);
  padel = seed.services.get('Padel 60 min')!;
  const courts = await server.db.query<{ resource_type_id: number; resource_id: number }>(
    `select st.resource_type_id, rr.resource_id from service_resource_types st join resource_type_resources rr on rr.resource_type_id = st.resource_type_id
      where st.service_id = $1 order by rr.resource_id`,
    [padel],
  );
  type = courts[0].resource_type_id;
  court = courts[0].resource_id;
  otherCourt = courts[1].resource_id;
  await connectGoogle(server);
  // A weekday ten days or more ahead, when Padel is open.
  let d = DateTime.now().setZone(zone).plus({ days: 10 });
  while (d.weekday > 5) d = d.plus({ days: 1 });
  day = d.toFormat('yyyy-MM-dd');
});
afterAll(async () => server?.close());

const settings = async () => (await server.api({ method: 'GET', url: '/api/sync/googlecalendar' })).json() as GoogleCalendarSync;
const choose = (payload: Record<string, unknown>) => server.api({ method: 'POST', url: '/api/sync/googlecalendar', payload });

/** The times of Padel on the day, on one court. */
async function times(resourceId: number) {
  const res = await server.api({ method: 'GET', url: `/api/services/${padel}/availabletimes?From=${day}&To=${day}&Resources=${type}:${resourceId}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AvailableTimesResponse).Times;
}

/** Adds an event in the embedded Google as a person would, on its page (times in UTC). */
async function addGoogleEvent(calendar: string, startLocal: string, minutes: number, free = false) {
  const start = DateTime.fromISO(startLocal, { zone }).toUTC();
  const res = await fetch(`${server.config.publicUrl}/google-sandbox/calendar`, {
    method: 'POST',
    body: new URLSearchParams({
      calendar,
      summary: free ? 'Free' : 'Dentist',
      start: start.toFormat("yyyy-MM-dd'T'HH:mm"),
      end: start.plus({ minutes }).toFormat("yyyy-MM-dd'T'HH:mm"),
      ...(free ? { free: '1' } : {}),
    }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
}

/** Waits until the outbox has read the busy times after a choice. */
async function pulled() {
  await expect.poll(async () => (await server.db.query("select 1 from outbox where kind = 'google_busy_pull' and state <> 'sent'")).length, { timeout: 15_000 }).toBe(0);
}

describe('Google calendars per resource and their busy times', () => {
  it("lists the account's calendars and refuses a choice naming another company's resource or no calendar", async () => {
    const got = await settings();
    expect(got.Calendars.map((c) => c.Id)).toEqual(expect.arrayContaining(['primary', 'staff@group.calendar.google.com', 'rooms@group.calendar.google.com']));
    expect(got).toMatchObject({ CalendarId: 'primary', BlockBusy: false, Resources: [], BusyTimes: 0 });
    const foreign = await choose({ ResourceId: seed.otherResourceId, CalendarId: 'primary' });
    expect(foreign.statusCode).toBe(400);
    expect(fieldsOf(foreign)).toEqual(['ResourceId']);
    const empty = await choose({ CalendarId: '' });
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toEqual(['CalendarId']);
    expect(await settings()).toMatchObject({ CalendarId: 'primary', Resources: [] });
  });

  it("a busy time in a resource's calendar closes that resource only; a free event and our own pushed booking close nothing", async () => {
    const before = (await times(court)).find((t) => t.Free)!;
    expect(before, 'Padel has a free time on the day').toBeDefined();
    closedAt = before.From;
    expect((await choose({ ResourceId: court, CalendarId: 'staff@group.calendar.google.com', BlockBusy: true })).statusCode).toBe(200);
    await addGoogleEvent('staff@group.calendar.google.com', before.From, 60);
    const later = DateTime.fromISO(before.From).plus({ hours: 2 }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
    await addGoogleEvent('staff@group.calendar.google.com', later, 60, true);
    // A booking on the court is pushed to the court's calendar, and is not read back as a busy time.
    const booked = await book(server, {
      ServiceId: padel,
      CustomerId: seed.customerId,
      From: DateTime.fromISO(before.From).plus({ hours: 4 }).toFormat("yyyy-MM-dd'T'HH:mm:ss"),
      AllowBookingOutsideSchedules: true,
      Resources: [{ ResourceTypeId: type, ResourceId: court }],
    });
    await expect.poll(async () => (await server.db.query("select 1 from google_sandbox_events where calendar_id = 'staff@group.calendar.google.com' and description like '%/bookings/' || $1", [booked.Id])).length, { timeout: 15_000 }).toBe(1);
    expect((await choose({ ResourceId: court, BlockBusy: true })).statusCode).toBe(200);
    await pulled();

    expect((await settings()).BusyTimes).toBe(1);
    const closed = (await times(court)).find((t) => t.From === before.From);
    expect(closed?.Free ?? false).toBe(false);
    expect((await times(court)).find((t) => t.From === later)?.Free).toBe(true);
    expect((await times(otherCourt)).find((t) => t.From === before.From)?.Free).toBe(true);
    const report = (await server.api({ method: 'GET', url: `/api/timeexceptions/report?From=${day}&To=${day}` })).json() as { Results: { Source?: string; TimeExceptionId: number; Resources: { Id: number }[] }[] };
    expect(report.Results.filter((r) => r.Source === 'GoogleCalendar')).toEqual([expect.objectContaining({ TimeExceptionId: 0, Resources: [expect.objectContaining({ Id: court })] })]);

    // Cancelling our own booking frees its time at once: its event was never a busy time.
    expect((await server.api({ method: 'DELETE', url: `/api/bookings/${booked.Id}` })).statusCode).toBe(200);
    const bookedAt = DateTime.fromISO(booked.From).toFormat("yyyy-MM-dd'T'HH:mm:ss");
    expect((await times(court)).find((t) => t.From === bookedAt)?.Free).toBe(true);
  });

  it('the company calendar closes every resource only when asked to, and a pull that finds nothing new writes nothing', async () => {
    const at = (await times(otherCourt)).filter((t) => t.Free)[1];
    await addGoogleEvent('primary', at.From, 60);
    await pullBusy(server.app, seed.companyId);
    expect((await times(otherCourt)).find((t) => t.From === at.From)?.Free).toBe(true);
    expect((await choose({ BlockBusy: true })).statusCode).toBe(200);
    await pulled();
    expect((await times(otherCourt)).find((t) => t.From === at.From)?.Free ?? false).toBe(false);
    const ids = await server.db.query<{ id: number }>('select id from google_busy_times order by id');
    await pullBusy(server.app, seed.companyId);
    expect(await server.db.query<{ id: number }>('select id from google_busy_times order by id')).toEqual(ids);
  });

  it('refreshes an access token that ended, and marks the connection expired when Google refuses the refresh', async () => {
    await server.db.query("update google_sandbox_tokens set expires = now() - interval '1 second' where kind = 'access'");
    await server.db.query("update google_calendar_connections set access_expires = null");
    await pullBusy(server.app, seed.companyId);
    expect(await settings()).toMatchObject({ State: 'connected' });
    expect(JSON.stringify(await server.db.query('select * from google_calendar_connections'))).not.toContain('ya29.');
    await server.db.query("update google_sandbox_tokens set revoked = true");
    await server.db.query("update google_calendar_connections set access_expires = now()");
    await pullBusy(server.app, seed.companyId);
    const expired = await settings();
    expect(expired.State).toBe('expired');
    expect(expired.LastError).toContain('connect again');
  });

  it('disconnecting opens every time the busy times had closed', async () => {
    expect(await server.db.query('select 1 from google_busy_times')).not.toEqual([]);
    expect((await server.api({ method: 'DELETE', url: '/api/sync/googlecalendar' })).statusCode).toBe(204);
    expect(await server.db.query('select 1 from google_busy_times')).toEqual([]);
    expect((await times(court)).find((t) => t.From === closedAt)?.Free).toBe(true);
  });
});
