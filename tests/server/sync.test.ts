/**
 * Calendar sync (issue 33): the company's, a resource's and an administrator's own iCal feeds, parsed
 * with an independent parser (node-ical): every booking an event with a stable UID, a higher
 * SEQUENCE after a move, CANCELLED once canceled, times in the company's zone with its VTIMEZONE;
 * ETag and 304 while nothing changed; a replaced or revoked URL answers 404.
 */
import { DateTime } from 'luxon';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IcalSync, IcalSyncList } from '../../schema/sync';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';
import { book, fieldsOf, seedIds, type Seed } from './bookings/helpers';
import { connectGoogle, listen } from './googleHelpers';

let server: TestServer;
let seed: Seed;
let padel: number;
let court: number;

/** A weekday 10:00 a week or two from now, in the demo company's zone (inside the feed's window). */
const soon = (days: number, hour = 10) => DateTime.now().setZone('Europe/Stockholm').plus({ days }).set({ hour, minute: 0, second: 0, millisecond: 0 }).toFormat("yyyy-MM-dd'T'HH:mm:ss");

beforeAll(async () => {
  server = await createTestServer();
  seed = await seedIds(server);
  padel = seed.services.get('Padel 60 min')!;
  court = [...seed.resources.values()][0];
});
afterAll(async () => server?.close());

async function feedOf(url: string, headers: Record<string, string> = {}) {
  const path = new URL(url).pathname;
  return server.app.inject({ method: 'GET', url: path, headers });
}

/** The event's URL (node-ical gives `{ params, val }` when the property carries VALUE=URI). */
const urlOf = (e: VEvent): string => {
  const url = e.url as unknown;
  return typeof url === 'string' ? url : String((url as { val?: string } | undefined)?.val ?? '');
};

function events(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");
}

describe('/sync/icalsync', () => {
  it('answers 404 while not connected, then a secret URL of at least 128 bits', async () => {
    expect((await server.api({ method: 'GET', url: '/api/sync/icalsync' })).statusCode).toBe(404);
    const made = await server.api({ method: 'POST', url: '/api/sync/icalsync', payload: {} });
    expect(made.statusCode, made.body).toBe(200);
    const feed = made.json() as IcalSync;
    expect(feed.Token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(feed.Url).toBe(`http://localhost:8080/api/sync/ical/${feed.Token}.ics`);
    expect((await server.api({ method: 'GET', url: '/api/sync/icalsync' })).json()).toMatchObject({ Token: feed.Token, Scope: 'company' });
    const stored = await server.db.query<{ token_sealed: string; token_hash: string }>('select token_sealed, token_hash from ical_feeds');
    expect(JSON.stringify(stored)).not.toContain(feed.Token);
  });

  it('lists every booking as an event that a move updates (same UID, higher SEQUENCE) and a cancel marks CANCELLED', async () => {
    const feed = (await server.api({ method: 'GET', url: '/api/sync/icalsync' })).json() as IcalSync;
    const booking = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: soon(8), AllowBookingOutsideSchedules: true, Resources: [{ ResourceTypeId: [...seed.types.values()][0], ResourceId: court }] });

    const first = await feedOf(feed.Url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/calendar/);
    expect(first.body).toContain('BEGIN:VTIMEZONE');
    expect(first.body).toContain('TZID:Europe/Stockholm');
    // DTSTAMP and LAST-MODIFIED in UTC, as RFC 5545 requires; the event times in the company's zone.
    expect(first.body).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m);
    expect(first.body).not.toMatch(/^(DTSTAMP|LAST-MODIFIED):\d{8}T\d{6}\r$/m);
    expect(first.body).toMatch(/^DTSTART;TZID=Europe\/Stockholm:\d{8}T\d{6}\r$/m);
    const before = events(first.body).find((e) => urlOf(e) === `http://localhost:8080/bookings/${booking.Id}`)!;
    expect(before).toBeDefined();
    expect(before.summary).toContain(booking.ServiceName);
    expect(String(before.description)).toContain(booking.ServiceName);
    expect(before.status).toBe('CONFIRMED');
    expect(new Date(before.start).toISOString()).toBe(DateTime.fromISO(soon(8), { zone: 'Europe/Stockholm' }).toUTC().toISO({ suppressMilliseconds: true })!.replace('Z', '.000Z'));
    const eventCount = events(first.body).length;
    const dbCount = await server.db.one<{ n: number }>(
      "select count(*)::int as n from bookings where company_id = $1 and starts_at >= now() - interval '90 days' and starts_at < now() + interval '400 days'",
      [seed.companyId],
    );
    expect(eventCount).toBe(dbCount!.n);

    // Unchanged: the same ETag, and 304 to a calendar that sends it.
    const again = await feedOf(feed.Url, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);

    const moved = await server.api({ method: 'PUT', url: `/api/bookings/${booking.Id}`, payload: { From: soon(9, 12), AllowBookingOutsideSchedules: true } });
    expect(moved.statusCode, moved.body).toBe(200);
    const second = await feedOf(feed.Url, { 'if-none-match': String(first.headers.etag) });
    expect(second.statusCode).toBe(200);
    const after = events(second.body).find((e) => e.uid === before.uid)!;
    expect(after).toBeDefined();
    expect(Number(after.sequence)).toBeGreaterThan(Number(before.sequence ?? 0));
    expect(new Date(after.start).getTime()).toBe(DateTime.fromISO(soon(9, 12), { zone: 'Europe/Stockholm' }).toMillis());

    const canceled = await server.api({ method: 'DELETE', url: `/api/bookings/${booking.Id}` });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const third = await feedOf(feed.Url);
    const gone = events(third.body).find((e) => e.uid === before.uid)!;
    expect(gone.status).toBe('CANCELLED');
    expect(Number(gone.sequence)).toBeGreaterThan(Number(after.sequence));
  });

  it("gives a resource its own feed with only that resource's bookings", async () => {
    const made = await server.api({ method: 'POST', url: '/api/sync/icalsync', payload: { ResourceId: court } });
    expect(made.statusCode, made.body).toBe(200);
    const feed = made.json() as IcalSync;
    expect(feed).toMatchObject({ Scope: 'resource', ResourceId: court });
    const text = (await feedOf(feed.Url)).body;
    const ids = events(text).map((e) => Number(/bookings\/(\d+)$/.exec(urlOf(e))![1]));
    const onCourt = await server.db.query<{ id: number }>(
      "select id from bookings where $1 = any(resource_ids) and starts_at >= now() - interval '90 days' and starts_at < now() + interval '400 days'",
      [court],
    );
    expect(ids.sort()).toEqual(onCourt.map((r) => r.id).sort());
  });

  it("gives an administrator a feed of their own bookings, listed beside the others", async () => {
    const made = await server.api({ method: 'POST', url: '/api/sync/icalsync', payload: { Own: true } });
    expect(made.statusCode, made.body).toBe(200);
    const mine = await book(server, { ServiceId: padel, CustomerId: seed.customerId, From: soon(10), AllowBookingOutsideSchedules: true });
    const text = (await feedOf((made.json() as IcalSync).Url)).body;
    expect(events(text).map(urlOf)).toContain(`http://localhost:8080/bookings/${mine.Id}`);
    const list = (await server.api({ method: 'GET', url: '/api/sync/icalsync/feeds' })).json() as IcalSyncList;
    expect(list.Feeds.map((f) => f.Scope)).toEqual(['company', 'user', 'resource']);
  });

  it('revokes at once: a replaced or deleted URL answers 404', async () => {
    const old = (await server.api({ method: 'GET', url: '/api/sync/icalsync' })).json() as IcalSync;
    const renewed = (await server.api({ method: 'POST', url: '/api/sync/icalsync', payload: {} })).json() as IcalSync;
    expect(renewed.Token).not.toBe(old.Token);
    expect((await feedOf(old.Url)).statusCode).toBe(404);
    expect((await feedOf(renewed.Url)).statusCode).toBe(200);
    expect((await server.api({ method: 'DELETE', url: '/api/sync/icalsync' })).statusCode).toBe(204);
    expect((await feedOf(renewed.Url)).statusCode).toBe(404);
    expect((await server.api({ method: 'GET', url: '/api/sync/icalsync' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/sync/ical/not-a-token.ics' })).statusCode).toBe(400);
  });

  it("refuses another company's resource and both scopes at once, naming the field", async () => {
    const other = await server.api({ method: 'POST', url: '/api/sync/icalsync', payload: { ResourceId: seed.otherResourceId } });
    expect(other.statusCode).toBe(400);
    expect(fieldsOf(other)).toContain('ResourceId');
    const both = await server.api({ method: 'POST', url: '/api/sync/icalsync', payload: { ResourceId: court, Own: true } });
    expect(both.statusCode).toBe(400);
    expect(fieldsOf(both)).toContain('Own');
    expect(await server.db.one<{ n: number }>('select count(*)::int as n from ical_feeds where resource_id = $1', [seed.otherResourceId])).toEqual({ n: 0 });
  });

  it('answers 402 with the plan flow to a company whose plan lacks calendar sync', async () => {
    const token = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
    for (const url of ['/api/sync/icalsync', '/api/sync/googlecalendar']) {
      const res = await server.api({ method: 'POST', url, token, payload: {} });
      expect(res.statusCode, `${url} ${res.body}`).toBe(402);
    }
    expect(await server.db.query('select 1 from ical_feeds f join users u on u.company_id = f.company_id where u.email = $1', [OTHER_EMAIL])).toEqual([]);
  });

  it("is the administrators' only: another company sees none of these feeds", async () => {
    const token = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
    const list = (await server.api({ method: 'GET', url: '/api/sync/icalsync/feeds', token })).json() as IcalSyncList;
    expect(list.Feeds).toEqual([]);
  });
});

describe('/sync/googlecalendar', () => {
  let google: TestServer;
  let gSeed: Seed;

  beforeAll(async () => {
    google = await createTestServer();
    await listen(google);
    gSeed = await seedIds(google);
  });
  afterAll(async () => google?.close());

  const sandboxEvents = () => google.db.query<{ summary: string; start_at: Date; status: string; sequence: number }>('select summary, start_at, status, sequence from google_sandbox_events order by id');

  it('connects through the authorize page, then pushes a booking on create, move and cancel; revoking stops the pushes', async () => {
    expect((await google.api({ method: 'GET', url: '/api/sync/googlecalendar' })).statusCode).toBe(404);
    await connectGoogle(google);
    const state = (await google.api({ method: 'GET', url: '/api/sync/googlecalendar' })).json() as { State: string; CalendarId: string };
    expect(state).toMatchObject({ State: 'connected', CalendarId: 'primary' });
    expect(JSON.stringify(await google.db.query('select * from google_calendar_connections'))).not.toContain('ya29.');

    const booking = await book(google, { ServiceId: gSeed.services.get('Padel 60 min')!, CustomerId: gSeed.customerId, From: soon(8), AllowBookingOutsideSchedules: true });
    await expect.poll(async () => (await sandboxEvents()).length, { timeout: 15_000 }).toBe(1);
    expect((await sandboxEvents())[0].summary).toContain(booking.ServiceName);

    const moved = await google.api({ method: 'PUT', url: `/api/bookings/${booking.Id}`, payload: { From: soon(9, 12), AllowBookingOutsideSchedules: true } });
    expect(moved.statusCode, moved.body).toBe(200);
    const at = DateTime.fromISO(soon(9, 12), { zone: 'Europe/Stockholm' }).toMillis();
    await expect.poll(async () => new Date((await sandboxEvents())[0].start_at).getTime(), { timeout: 15_000 }).toBe(at);

    expect((await google.api({ method: 'DELETE', url: `/api/bookings/${booking.Id}` })).statusCode).toBe(200);
    await expect.poll(async () => (await sandboxEvents())[0].status, { timeout: 15_000 }).toBe('cancelled');

    expect((await google.api({ method: 'DELETE', url: '/api/sync/googlecalendar' })).statusCode).toBe(204);
    await book(google, { ServiceId: gSeed.services.get('Padel 60 min')!, CustomerId: gSeed.customerId, From: soon(11), AllowBookingOutsideSchedules: true });
    expect(await google.db.query("select 1 from outbox where kind = 'google_calendar_push' and state = 'queued'")).toEqual([]);
    expect(await sandboxEvents()).toHaveLength(1);
  });
});
