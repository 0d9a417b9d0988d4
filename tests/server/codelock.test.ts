/**
 * Door locks (issue 34): the settings (one active system, the others kept; credentials sealed and
 * never answered; fields named when refused; saving needs a plan with door locks), two overlapping
 * bookings on one door get different codes, a code is refused outside its window, an unreachable
 * lock shows on the booking and settings and is retried, resync says what the lock answered, and
 * the confirmation's merge field carries the code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';
import { book, errorOf, seedIds } from './bookings/helpers';
import { configure, doorInfo, listen, lockLog, tryDoor, utc, weekday } from './codelockHelpers';

let server: TestServer;
let courts: number[];
let padel: number;
let customerId: number;
let typeId: number;

const bookCourt = (court: number, from: string) =>
  book(server, { ServiceId: padel, CustomerId: customerId, From: from, AllowBookingOutsideSchedules: true, Resources: [{ ResourceTypeId: typeId, ResourceId: court }] });

beforeAll(async () => {
  server = await createTestServer();
  await listen(server);
  const seed = await seedIds(server);
  padel = seed.services.get('Padel 60 min')!;
  courts = [...seed.resources.values()];
  typeId = [...seed.types.values()][0];
  customerId = seed.customerId;
});
afterAll(async () => server?.close());

describe('/codelock/settings', () => {
  it('starts inactive with 15 and 15 minutes and lists the ten systems with their own fields', async () => {
    const res = await server.api({ method: 'GET', url: '/api/codelock/settings?IncludeCodeLockSystemOptions=true' });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as { Active: boolean; MarginBeforeMinutes: number; MarginAfterMinutes: number; CodeLockSystemOptions: { Key: string; Fields: { Name: string }[] }[]; Doors: unknown[] };
    expect(s).toMatchObject({ Active: false, CodeLockSystemsId: null, MarginBeforeMinutes: 15, MarginAfterMinutes: 15 });
    expect(s.CodeLockSystemOptions.map((o) => o.Key)).toEqual(['siedle', 'axema', 'vanderbilt', 'amido/dax', 'parakey', 'rco', 'rcoenabla', 'telkey', 'accessy', 'zesec']);
    expect(s.CodeLockSystemOptions.find((o) => o.Key === 'rcoenabla')!.Fields.map((f) => f.Name)).toEqual(['ApiUrl', 'ClientId', 'ClientSecret', 'SiteId', 'PinLength']);
    expect(s.Doors.length).toBe(courts.length);
  });

  it('keeps credentials sealed and never answers them; an empty secret keeps the stored one', async () => {
    const put = await server.api({ method: 'PUT', url: '/api/codelock/parakey/settings', payload: { ApiKey: 'pk_live_very_secret', DomainId: 'dom-1' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.body).not.toContain('pk_live_very_secret');
    expect(put.json()).toMatchObject({ System: 'parakey', DomainId: 'dom-1', ApiKeySet: true, Created: expect.any(String), Updated: expect.any(String) });
    const again = await server.api({ method: 'POST', url: '/api/codelock/parakey/settings', payload: { ApiKey: '', DomainId: 'dom-2' } });
    expect(again.json()).toMatchObject({ DomainId: 'dom-2', ApiKeySet: true });
    const get = await server.api({ method: 'GET', url: '/api/codelock/parakey/settings' });
    expect(get.body).not.toContain('pk_live');
    const stored = await server.db.query('select * from codelock_system_settings');
    expect(JSON.stringify(stored)).not.toContain('pk_live_very_secret');
    const test = await server.api({ method: 'POST', url: '/api/codelock/parakey/test', payload: {} });
    expect(test.json()).toMatchObject({ Ok: true, Message: '200 connected' });
  });

  it('names the refused fields and saves nothing', async () => {
    const bad = await server.api({ method: 'PUT', url: '/api/codelock/rco/settings', payload: { ApiUrl: 'ftp://x', PinLength: 12, InstallationId: '' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).Errors.map((e) => e.FieldName).sort()).toEqual(['ApiKey', 'ApiUrl', 'InstallationId', 'PinLength']);
    expect(errorOf(bad).Errors.find((e) => e.FieldName === 'ApiKey')!.Message).toBe("'ApiKey' is required for RCO R-CARD M5.");
    expect((await server.api({ method: 'GET', url: '/api/codelock/rco/settings' })).json()).toMatchObject({ Created: null });
    const general = await server.api({ method: 'PUT', url: '/api/codelock/settings', payload: { Active: true, CodeLockSystemsId: 6, MarginBeforeMinutes: -1, Doors: [{ ResourceId: 999999, DoorIds: ['x'] }] } });
    expect(general.statusCode).toBe(400);
    expect(errorOf(general).Errors.map((e) => e.FieldName).sort()).toEqual(['CodeLockSystemsId', 'Doors', 'MarginBeforeMinutes']);
    const unknown = await server.api({ method: 'PUT', url: '/api/codelock/settings', payload: { CodeLockSystemsId: 42 }, headers: { 'x-language': 'sv' } });
    expect(errorOf(unknown).Errors[0]).toMatchObject({ FieldName: 'CodeLockSystemsId', Message: 'Det finns inget låssystem med id 42.' });
  });

  it('refuses a test connection the lock refuses, and a company whose plan lacks door locks', async () => {
    await server.api({ method: 'PUT', url: '/api/codelock/zesec/settings', payload: { ApiToken: 'invalid-token', ZesecCompanyId: 'c1' } });
    const test = await server.api({ method: 'POST', url: '/api/codelock/zesec/test', payload: {} });
    expect(test.json()).toMatchObject({ Ok: false, Message: expect.stringMatching(/^401 /) });
    const token = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
    const put = await server.api({ method: 'PUT', url: '/api/codelock/settings', payload: { MarginBeforeMinutes: 5 }, token });
    expect(put.statusCode, put.body).toBe(402);
    expect((await server.api({ method: 'GET', url: '/api/codelock/settings', token })).statusCode).toBe(200);
  });
});

describe('grants', () => {
  it('gives two overlapping bookings on one door different codes; each opens only in its own window', async () => {
    const def = await configure(server, 'rco', courts[0], 'hall', { PinLength: 4 });
    const mapped = await server.api({ method: 'PUT', url: '/api/codelock/settings', payload: { MarginBeforeMinutes: 30, MarginAfterMinutes: 10, Doors: [{ ResourceId: courts[1], DoorIds: ['hall'] }] } });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const from = weekday(30, 10);
    const a = await bookCourt(courts[0], from);
    const b = await bookCourt(courts[1], from);
    await server.app.jobs.drain();
    const [ia, ib] = [await doorInfo(server, a.Id), await doorInfo(server, b.Id)];
    expect(ia.DoorCode).toMatch(/^\d{4}$/);
    expect(ib.DoorCode).toMatch(/^\d{4}$/);
    expect(ia.DoorCode).not.toBe(ib.DoorCode);
    const start = utc(from);
    expect(ia.Grants[0]).toMatchObject({ ValidFrom: start.minus({ minutes: 30 }).toISO(), ValidTo: start.plus({ minutes: 70 }).toISO() });
    expect(await tryDoor(server, def, 'hall', ia.DoorCode!, start.minus({ minutes: 29 }))).toMatchObject({ opened: true });
    expect(await tryDoor(server, def, 'hall', ia.DoorCode!, start.minus({ minutes: 31 }))).toMatchObject({ opened: false, reason: 'outside its window' });
    expect(await tryDoor(server, def, 'hall', ia.DoorCode!, start.plus({ minutes: 71 }))).toMatchObject({ opened: false, reason: 'outside its window' });
    expect(await tryDoor(server, def, 'hall', '0000x', start)).toMatchObject({ opened: false, reason: 'unknown code' });
    // The database itself refuses a second live grant with the same code on the door at an overlapping time.
    await expect(server.db.query("update codelock_grants set code = $1 where booking_id = $2", [ia.DoorCode, b.Id])).rejects.toThrow();
  });

  it('puts the code in the confirmation merge field', async () => {
    const from = weekday(31, 12);
    const booking = await bookCourt(courts[0], from);
    const code = (await doorInfo(server, booking.Id)).DoorCode!;
    const preview = await server.api({ method: 'POST', url: '/api/messages/templates/preview', payload: { SendMethodId: 2, Body: 'Door code: {{ Booking.DoorCode }}', BookingId: booking.Id } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(JSON.stringify(preview.json())).toContain(`Door code: ${code}`);
    const fields = (await server.api({ method: 'GET', url: '/api/messages/fieldtranslations', headers: { 'x-language': 'sv' } })).json() as { Id: string; Name: string }[];
    expect(fields).toContainEqual(expect.objectContaining({ Id: 'Booking.DoorCode', Name: 'Dörrkod' }));
  });

  it('shows an unreachable lock on the booking and the settings, retries, and resync says so; a resource without a door has no code', async () => {
    const from = weekday(32, 10);
    await server.api({ method: 'PUT', url: '/api/codelock/rco/settings', payload: { ApiUrl: 'http://127.0.0.1:9/rco' } });
    const booking = await bookCourt(courts[0], from);
    expect(booking.Id).toBeGreaterThan(0);
    await server.app.jobs.drain();
    const info = await doorInfo(server, booking.Id);
    expect(info.Grants[0]).toMatchObject({ State: 'pending' });
    expect(info.LastError).toMatch(/RCO R-CARD M5, door hall: 127\.0\.0\.1:9/);
    expect((await server.api({ method: 'GET', url: '/api/codelock/settings' })).json()).toMatchObject({ LastError: expect.stringContaining('127.0.0.1:9') });
    const queued = await server.db.one<{ n: number }>("select count(*)::int as n from outbox where kind = 'codelock_push' and state = 'queued' and payload ->> 'bookingId' = $1", [String(booking.Id)]);
    expect(queued!.n).toBe(1);
    const resync = await server.api({ method: 'POST', url: `/api/codelock/resync/${booking.Id}`, payload: {} });
    expect(resync.json()).toMatchObject({ Ok: false, Message: expect.stringMatching(/^The lock system could not be reached: /) });

    // The lock is back: resync sends it and the error clears.
    await server.api({ method: 'PUT', url: '/api/codelock/rco/settings', payload: { ApiUrl: '' } });
    const ok = await server.api({ method: 'POST', url: `/api/codelock/resync/${booking.Id}`, payload: {} });
    expect(ok.json()).toMatchObject({ Ok: true, Grants: [expect.objectContaining({ State: 'active' })] });
    expect((await doorInfo(server, booking.Id)).LastError).toBeNull();
    expect((await lockLog(server, booking.Id)).map((l) => l.event)).toContain('DoorCodeFailed');

    const unmapped = courts[2];
    const other = await bookCourt(unmapped, weekday(33, 10));
    expect(await doorInfo(server, other.Id)).toMatchObject({ HasDoor: false, DoorCode: null });
    const none = await server.api({ method: 'POST', url: `/api/codelock/resync/${other.Id}`, payload: {} });
    expect(errorOf(none).Message).toBe("The booking's resources have no door.");
  });
});
