import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Service } from '../../schema/services';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

let server: TestServer;
let other: string;

interface Page<T> {
  Offset: number;
  Total: number;
  Results: T[];
}

beforeAll(async () => {
  server = await createTestServer();
  other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

async function list(query: string, token?: string): Promise<Service[]> {
  const res = await server.api({ method: 'GET', url: `/api/services${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Page<Service>).Results;
}

async function post<T>(url: string, payload: Record<string, unknown>, token?: string): Promise<T> {
  const res = await server.api({ method: 'POST', url, payload, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const named = (services: Service[], name: string): Service => {
  const found = services.find((s) => s.Name === name);
  if (!found) throw new Error(`no service ${name}`);
  return found;
};

describe('GET /services with IncludeResources and IncludeSchedules', () => {
  it('leaves ResourceTypes and Schedules out without the flags', async () => {
    const services = await list('?Take=100');
    expect(services.length).toBeGreaterThan(0);
    for (const s of services) {
      expect(s).not.toHaveProperty('ResourceTypes');
      expect(s).not.toHaveProperty('Schedules');
    }
  });

  it('IncludeResources gives each service its resource types with the resources it may use', async () => {
    const services = await list('?Take=100&IncludeResources=true');
    expect(named(services, 'Massage').ResourceTypes).toEqual([
      {
        Id: expect.any(Number),
        Name: 'Instruktörer',
        NumberOfResources: 1,
        SelectableByUser: true,
        AllResources: false,
        Resources: [
          { Id: expect.any(Number), Name: 'Anna Lind' },
          { Id: expect.any(Number), Name: 'Maria Ek' },
        ],
      },
    ]);
    expect(named(services, 'Padel 60 min').ResourceTypes?.[0]).toMatchObject({ Name: 'Padelbanor', AllResources: true });
    expect(named(services, 'Padel 60 min').ResourceTypes?.[0].Resources.map((r) => r.Name)).toEqual(['Bana 1', 'Bana 2', 'Bana 3']);
    for (const s of services) expect(s).not.toHaveProperty('Schedules');
  });

  it('IncludeSchedules gives recurring and date schedules with their ScheduleType', async () => {
    const padel = named(await list('?Take=100'), 'Padel 60 min');
    const dated = await post<{ Id: number }>('/api/schedules/date', {
      Name: 'Midsommar',
      TimeInterval: 60,
      ScheduleDates: [{ From: '2030-06-21T10:00:00', To: '2030-06-22T14:00:00' }],
    });
    await post(`/api/services/${padel.Id}/dateschedules`, { ScheduleId: dated.Id });

    const services = await list('?Take=100&IncludeSchedules=true');
    const schedules = named(services, 'Padel 60 min').Schedules;
    expect(schedules?.map((s) => [s.Name, s.ScheduleType])).toEqual(
      expect.arrayContaining([
        ['Padel vardagar', 'RecurringSchedule'],
        ['Padel helger', 'RecurringSchedule'],
        ['Midsommar', 'DateSchedule'],
      ]),
    );
    expect(schedules).toHaveLength(3);
    expect(named(services, 'Massage').Schedules?.map((s) => s.Name).sort()).toEqual(['Behandlingar vardagar', 'Helger']);
    for (const s of services) expect(s).not.toHaveProperty('ResourceTypes');
  });

  it('a service with nothing connected answers empty lists', async () => {
    const created = await post<Service>('/api/services', { Name: 'Tom tjänst', Description: 'Ingenting kopplat', Duration: 30 });
    const [service] = await list(`?Id=${created.Id}&IncludeResources=true&IncludeSchedules=true`);
    expect(service).toMatchObject({ ResourceTypes: [], Schedules: [] });
  });

  it('reads the links of a whole page in one query each, not one per service', async () => {
    const spy = vi.spyOn(server.db, 'query');
    try {
      const services = await list('?Take=100&IncludeResources=true&IncludeSchedules=true');
      expect(services.length).toBeGreaterThan(3);
      const sqls = spy.mock.calls.map(([sql]) => String(sql));
      expect(sqls.filter((q) => q.includes('from service_resource_types'))).toHaveLength(1);
      expect(sqls.filter((q) => q.includes('from recurring_schedule_services'))).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("never shows another company's resource types or schedules", async () => {
    const theirService = named(await list('?Take=100', other), 'Massage');
    const theirType = await post<{ Id: number }>('/api/resourcetypes', { Name: 'Deras terapeuter' }, other);
    await post('/api/resource', { Name: 'Deras terapeut', ResourceTypeIds: [theirType.Id] }, other);
    await post(`/api/services/${theirService.Id}/resourcetypes`, { ResourceTypeId: theirType.Id }, other);
    const theirSchedule = await post<{ Id: number }>(
      '/api/schedules/recurring',
      { Name: 'Deras vardagar', TimeInterval: 30, StartTime: '08:00', EndTime: '16:00', DaysOfWeek: [1, 2, 3] },
      other,
    );
    await post(`/api/services/${theirService.Id}/recurringschedules`, { ScheduleId: theirSchedule.Id }, other);

    const mine = await list('?Take=100&IncludeResources=true&IncludeSchedules=true');
    const text = JSON.stringify(mine);
    expect(text).not.toContain('Deras');
    expect(mine.map((s) => s.Id)).not.toContain(theirService.Id);

    const theirs = await list('?Take=100&IncludeResources=true&IncludeSchedules=true', other);
    expect(named(theirs, 'Massage').ResourceTypes).toEqual([expect.objectContaining({ Name: 'Deras terapeuter', Resources: [expect.objectContaining({ Name: 'Deras terapeut' })] })]);
    expect(named(theirs, 'Massage').Schedules).toEqual([expect.objectContaining({ Name: 'Deras vardagar', ScheduleType: 'RecurringSchedule' })]);
    expect(JSON.stringify(theirs)).not.toMatch(/Instruktörer|Padel vardagar|Anna Lind/);
  });
});

describe('a service limited to some resources of a type (issue 30)', () => {
  it('is booked only on those: a resource left out is refused, by booking and by free times, saying why; all of them again lets it be booked', async () => {
    const rooms = (await list('?Take=100&IncludeResources=true')).find((s) => s.Name === 'Padel 60 min')!;
    const type = rooms.ResourceTypes![0]!;
    expect(type.Resources.length).toBeGreaterThan(1);
    const [kept, left] = [type.Resources[0]!, type.Resources[1]!];
    const put = (Resources: { Id: number }[] | null) =>
      server.api({ method: 'PUT', url: `/api/services/${rooms.Id}/resourcetypes/${type.Id}`, payload: { ResourceTypeId: type.Id, Resources } });
    const limited = await put([{ Id: kept.Id }]);
    expect(limited.statusCode, limited.body).toBe(200);
    expect(limited.json()).toMatchObject({ AllResources: false, Resources: [{ Id: kept.Id }] });

    const bookOn = (resourceId: number, from: string) =>
      server.api({ method: 'POST', url: '/api/bookings', payload: { ServiceId: rooms.Id, From: from, Customer: { Firstname: 'Rum', Lastname: 'Test', Email: 'rooms@example.com' }, Resources: [{ ResourceTypeId: type.Id, ResourceId: resourceId }] } });
    const refused = await bookOn(left.Id, '2031-02-04T10:00:00');
    expect(refused.statusCode, refused.body).toBe(400);
    expect((refused.json() as { ResponseStatus: { Errors: { FieldName: string; Message: string }[] } }).ResponseStatus.Errors).toEqual([
      expect.objectContaining({ FieldName: 'Resources[0].ResourceId', Message: "'Resources[0].ResourceId': the resource is not one this service is booked on." }),
    ]);
    expect((await server.db.one<{ n: number }>('select count(*)::int as n from bookings where service_id = $1 and starts_at::date = $2', [rooms.Id, '2031-02-04']))!.n).toBe(0);
    const times = await server.api({ method: 'GET', url: `/api/services/${rooms.Id}/availabletimes?From=2031-02-04&To=2031-02-05&Resources=${type.Id}:${left.Id}` });
    expect(times.statusCode, times.body).toBe(400);
    expect(times.json()).toMatchObject({ ResponseStatus: { Errors: [{ FieldName: 'Resources[0].ResourceId', ErrorCode: 'ResourceNotOfService' }] } });
    expect((await bookOn(kept.Id, '2031-02-04T10:00:00')).statusCode).toBe(200);

    expect((await put(null)).json()).toMatchObject({ AllResources: true });
    const again = await bookOn(left.Id, '2031-02-04T12:00:00');
    expect(again.statusCode, again.body).toBe(200);
  });
});
