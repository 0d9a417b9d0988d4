import type { AddressInfo } from 'node:net';
import { DateTime } from 'luxon';
import { expect } from 'vitest';
import { SYSTEMS, type SystemDef } from '../../server/areas/codelock/systems';
import type { TestServer } from './harness';

/** A time `days` from now at `hour` in the demo company's zone, as the booking API takes it. */
export const soon = (days: number, hour = 10) => DateTime.now().setZone('Europe/Stockholm').plus({ days }).set({ hour, minute: 0, second: 0, millisecond: 0 }).toFormat("yyyy-MM-dd'T'HH:mm:ss");

/** The `n`th weekday (Monday to Friday, when every price applies) after `after` days from now, at `hour`. */
export function weekday(n: number, hour = 10, after = 14): string {
  let day = DateTime.now().setZone('Europe/Stockholm').plus({ days: after });
  for (let left = n; left > 0 || day.weekday > 5; ) {
    day = day.plus({ days: 1 });
    if (day.weekday <= 5) left--;
  }
  return day.set({ hour, minute: 0, second: 0, millisecond: 0 }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
}
export const utc = (local: string) => DateTime.fromISO(local, { zone: 'Europe/Stockholm' }).toUTC();

/** Listens on a port so the adapters can reach the simulators at the public URL. */
export async function listen(server: TestServer): Promise<void> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  server.config.publicUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}

/** Settings values that fill every required field of a system (the simulator at its default address). */
export function fieldsFor(def: SystemDef, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of def.Fields) {
    if (f.Name === 'ApiUrl' || f.Name === 'PinLength') continue;
    body[f.Name] = f.Secret ? `secret-${def.Id}-x9` : `${f.Name.toLowerCase()}-1`;
  }
  return { ...body, ...overrides };
}

/** Saves the system's settings, makes it the active one and maps the resource to the door. */
export async function configure(server: TestServer, key: string, resourceId: number, door: string, extra: Record<string, unknown> = {}): Promise<SystemDef> {
  const def = SYSTEMS.find((s) => s.Key === key)!;
  const saved = await server.api({ method: 'PUT', url: `/api/codelock/${key}/settings`, payload: fieldsFor(def, extra) });
  expect(saved.statusCode, saved.body).toBe(200);
  const general = await server.api({ method: 'PUT', url: '/api/codelock/settings', payload: { Active: true, CodeLockSystemsId: def.Id, Doors: [{ ResourceId: resourceId, DoorIds: [door] }] } });
  expect(general.statusCode, general.body).toBe(200);
  return def;
}

export interface DoorInfo {
  HasDoor: boolean;
  DoorCode: string | null;
  Grants: { DoorId: string; State: string; ValidFrom: string; ValidTo: string; Answer: string | null }[];
  LastError: string | null;
}

export async function doorInfo(server: TestServer, bookingId: number): Promise<DoorInfo> {
  const res = await server.api({ method: 'GET', url: `/api/codelock/bookings/${bookingId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DoorInfo;
}

/** Someone at the door of the simulated system with a code, at a time. */
export async function tryDoor(server: TestServer, def: SystemDef, door: string, code: string, at: DateTime): Promise<{ opened: boolean; reason?: string }> {
  const res = await server.app.inject({ method: 'POST', url: `/locks-sandbox/${def.Key.replace('/', '-')}/doors/${encodeURIComponent(door)}/open`, payload: { code, at: at.toISO() } });
  return res.json() as { opened: boolean; reason?: string };
}

/** The booking log's door-lock entries, oldest first. */
export async function lockLog(server: TestServer, bookingId: number): Promise<{ event: string; comment: string }[]> {
  return server.db.query<{ event: string; comment: string }>("select event, comment from booking_log where booking_id = $1 and event like 'DoorCode%' order by id", [bookingId]);
}
