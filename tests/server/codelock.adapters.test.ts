/**
 * Door locks (issue 34), per adapter against its simulator: a booking gets a grant for its window
 * with the margins, a move changes it, a cancellation revokes it, a resync sends it again — each
 * through the outbox, each answer in the booking log, and each checked at the simulated door.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEMS } from '../../server/areas/codelock/systems';
import { createTestServer, type TestServer } from './harness';
import { book, seedIds } from './bookings/helpers';
import { configure, doorInfo, listen, lockLog, tryDoor, utc, weekday } from './codelockHelpers';

let server: TestServer;
let court: number;
let padel: number;
let customerId: number;
let typeId: number;

beforeAll(async () => {
  server = await createTestServer();
  await listen(server);
  const seed = await seedIds(server);
  padel = seed.services.get('Padel 60 min')!;
  court = [...seed.resources.values()][0];
  typeId = [...seed.types.values()][0];
  customerId = seed.customerId;
});
afterAll(async () => server?.close());

describe.each(SYSTEMS.map((s, i) => [s.Key, i] as const))('%s', (key, i) => {
  it('grants the booking its window with the margins, moves it, revokes it on cancel and sends it again on resync', async () => {
    const door = `door-${key.replace('/', '-')}`;
    const def = await configure(server, key, court, door);
    const from = weekday(i * 2, 9);
    const booking = await book(server, { ServiceId: padel, CustomerId: customerId, From: from, AllowBookingOutsideSchedules: true, Resources: [{ ResourceTypeId: typeId, ResourceId: court }] });
    await server.app.jobs.drain();

    const granted = await doorInfo(server, booking.Id);
    expect(granted.HasDoor).toBe(true);
    expect(granted.Grants).toEqual([expect.objectContaining({ DoorId: door, State: 'active' })]);
    const code = granted.DoorCode!;
    if (def.Credential === 'pin') expect(code).toMatch(/^\d{6}$/);
    const start = utc(from);
    expect(granted.Grants[0].ValidFrom).toBe(start.minus({ minutes: 15 }).toISO({ suppressMilliseconds: false }));
    expect(granted.Grants[0].ValidTo).toBe(start.plus({ minutes: 75 }).toISO({ suppressMilliseconds: false }));
    expect(await tryDoor(server, def, door, code, start.minus({ minutes: 10 }))).toEqual({ opened: true, grant: expect.any(String) });
    expect(await tryDoor(server, def, door, code, start.minus({ minutes: 20 }))).toMatchObject({ opened: false, reason: 'outside its window' });
    expect(await tryDoor(server, def, door, code, start.plus({ minutes: 80 }))).toMatchObject({ opened: false });
    expect((await lockLog(server, booking.Id)).map((l) => l.event)).toEqual(['DoorCodeGranted']);

    // A move: the lock now holds the new window, the old time no longer opens.
    const to = weekday(i * 2 + 1, 14);
    const moved = await server.api({ method: 'PUT', url: `/api/bookings/${booking.Id}`, payload: { From: to, AllowBookingOutsideSchedules: true } });
    expect(moved.statusCode, moved.body).toBe(200);
    await server.app.jobs.drain();
    const after = await doorInfo(server, booking.Id);
    expect(after.Grants[0]).toMatchObject({ State: 'active', ValidFrom: utc(to).minus({ minutes: 15 }).toISO() });
    expect(await tryDoor(server, def, door, after.DoorCode!, utc(to).plus({ minutes: 30 }))).toMatchObject({ opened: true });
    expect(await tryDoor(server, def, door, after.DoorCode!, start.plus({ minutes: 30 }))).toMatchObject({ opened: false });

    // Resync sends it again and says what the lock answered.
    const resync = await server.api({ method: 'POST', url: `/api/codelock/resync/${booking.Id}`, payload: {} });
    expect(resync.statusCode, resync.body).toBe(200);
    expect(resync.json()).toMatchObject({ Ok: true, DoorCode: after.DoorCode, Message: expect.stringMatching(new RegExp(`^The lock system answered: ${door}: 20\\d `)) });

    // Cancel: revoked at the lock, the code stops at once.
    const canceled = await server.api({ method: 'DELETE', url: `/api/bookings/${booking.Id}` });
    expect(canceled.statusCode, canceled.body).toBe(200);
    await server.app.jobs.drain();
    expect((await doorInfo(server, booking.Id)).Grants).toEqual([]);
    expect(await tryDoor(server, def, door, after.DoorCode!, utc(to).plus({ minutes: 30 }))).toMatchObject({ opened: false, reason: 'revoked' });
    expect((await lockLog(server, booking.Id)).map((l) => l.event)).toEqual(['DoorCodeGranted', 'DoorCodeChanged', 'DoorCodeChanged', 'DoorCodeRevoked']);
  });
});
