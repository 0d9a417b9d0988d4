import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NextFreeTimeResponse, ResourceType } from '../../schema/availability';
import type { ResourceDetails, ServiceResourceType } from '../../schema/scheduling';
import type { Service } from '../../schema/services';
import { seedScheduling } from '../../server/db/seed/scheduling';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

let server: TestServer;
let other: string;
let companyId: number;

interface Page<T> {
  Total: number;
  Results: T[];
}
interface ErrorBody {
  ResponseStatus: { ErrorCode: string; Message: string; Errors: { FieldName: string; ErrorCode: string; Message: string }[] };
}
const fields = (res: { json(): unknown }) => (res.json() as ErrorBody).ResponseStatus.Errors.map((e) => e.FieldName);

async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token?: string): Promise<T> {
  const res = await server.api({ method, url, payload: payload as object, token });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

async function count(table: string): Promise<number> {
  return (await server.db.one<{ n: number }>(`select count(*)::int as n from ${table}`))!.n;
}

beforeAll(async () => {
  server = await createTestServer();
  other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
  companyId = (await server.db.one<{ company_id: number }>(`select company_id from users where email = 'demo@example.com'`))!.company_id;
});
afterAll(async () => {
  await server?.close();
});

describe('resource types and resources', () => {
  it('creates a group and its resources the way the wizard does, with default colours and priority 99', async () => {
    const group = await call<ResourceType>('POST', '/api/resourcetypes', { Name: '  Tennisbanor ', Description: 'Utomhus' });
    expect(group).toMatchObject({ Name: 'Tennisbanor', Description: 'Utomhus', Active: true, Resources: [] });
    const first = await call<ResourceDetails>('POST', '/api/resource', { Name: 'Bana A', ResourceTypeIds: [group.Id] });
    const second = await call<ResourceDetails>('POST', '/api/resource', { Name: 'Bana B', ResourceTypeIds: [group.Id] });
    expect(first).toMatchObject({ Name: 'Bana A', Priority: 99, Active: true, ResourceTypes: [{ Id: group.Id, Name: 'Tennisbanor' }] });
    expect(first.Color).toMatch(/^#[0-9a-f]{6}$/);
    expect(second.Color).not.toBe(first.Color);
    const own = await call<ResourceDetails>('POST', '/api/resource', { Name: 'Bana C', Color: '#123456', Priority: 5 });
    expect(own).toMatchObject({ Color: '#123456', Priority: 5, ResourceTypes: [] });

    const read = await call<Page<ResourceType>>('GET', `/api/resourcetypes?Id=${group.Id}`);
    expect(read.Results[0].Resources.map((r) => r.Name)).toEqual(['Bana A', 'Bana B']);
    const byType = await call<Page<ResourceDetails>>('GET', `/api/resource?ResourceTypeId=${group.Id}`);
    expect(byType.Results.map((r) => r.Name)).toEqual(['Bana A', 'Bana B']);
    const searched = await call<Page<ResourceDetails>>('GET', '/api/resource?Search=bana%20c');
    expect(searched.Results.map((r) => r.Id)).toEqual([own.Id]);
  });

  it('replaces the members of a type on update and sets their priority', async () => {
    const group = await call<ResourceType>('POST', '/api/resourcetypes', { Name: 'Lärare' });
    const a = await call<ResourceDetails>('POST', '/api/resource', { Name: 'Lärare A' });
    const b = await call<ResourceDetails>('POST', '/api/resource', { Name: 'Lärare B' });
    const updated = await call<ResourceType>('PUT', `/api/resourcetypes/${group.Id}`, { Name: 'Lärare', Resources: [{ Id: b.Id, Priority: 1 }, { Id: a.Id }] });
    expect(updated.Resources.map((r) => [r.Name, r.Priority])).toEqual([
      ['Lärare B', 1],
      ['Lärare A', 99],
    ]);
    const narrowed = await call<ResourceType>('PUT', `/api/resourcetypes/${group.Id}`, { Name: 'Lärarna', Active: false, Resources: [{ Id: a.Id }] });
    expect(narrowed).toMatchObject({ Name: 'Lärarna', Active: false });
    expect(narrowed.Resources.map((r) => r.Id)).toEqual([a.Id]);
    // A resource's own update moves it between types.
    const moved = await call<ResourceDetails>('PUT', `/api/resource/${a.Id}`, { Name: 'Lärare A', ResourceTypeIds: [] });
    expect(moved.ResourceTypes).toEqual([]);
  });

  it('edits and deletes a resource; keeps fields a body leaves out', async () => {
    const r = await call<ResourceDetails>('POST', '/api/resource', {
      Name: 'Rum 7',
      Email: 'rum7@example.com',
      MobilePhone: '+46 70 123 45 67',
      EmailNotification: true,
      Description: 'Med fönster',
    });
    const edited = await call<ResourceDetails>('PUT', `/api/resource/${r.Id}`, { Name: 'Rum sju', SMSNotification: true });
    expect(edited).toMatchObject({ Name: 'Rum sju', Email: 'rum7@example.com', EmailNotification: true, SMSNotification: true, Color: r.Color, Description: 'Med fönster' });
    const deleted = await call<ResourceDetails>('DELETE', `/api/resource/${r.Id}`);
    expect(deleted.Id).toBe(r.Id);
    expect((await server.api({ method: 'DELETE', url: `/api/resource/${r.Id}` })).statusCode).toBe(404);
  });

  it('refuses to delete a resource with future bookings (409 naming it), but not one with past bookings only', async () => {
    const service = await call<Service>('POST', '/api/services', { Name: 'Booked service', Description: 'x', Duration: 60 });
    const group = await call<ResourceType>('POST', '/api/resourcetypes', { Name: 'Bokade' });
    const busy = await call<ResourceDetails>('POST', '/api/resource', { Name: 'Upptagen bana', ResourceTypeIds: [group.Id] });
    const old = await call<ResourceDetails>('POST', '/api/resource', { Name: 'Gammal bana', ResourceTypeIds: [group.Id] });
    const insert = async (resourceId: number, start: string) => {
      const b = await server.db.one<{ id: number }>(
        `insert into bookings (company_id, service_id, starts_at, ends_at) values ($1, $2, $3::timestamptz, $3::timestamptz + interval '1 hour') returning id`,
        [companyId, service.Id, start],
      );
      await server.db.query('insert into booking_resources (company_id, booking_id, resource_type_id, resource_id) values ($1, $2, $3, $4)', [companyId, b!.id, group.Id, resourceId]);
    };
    await insert(busy.Id, '2099-01-01T10:00:00Z');
    await insert(old.Id, '2001-01-01T10:00:00Z');
    const res = await server.api({ method: 'DELETE', url: `/api/resource/${busy.Id}` });
    expect(res.statusCode).toBe(409);
    expect((res.json() as ErrorBody).ResponseStatus.Message).toContain('Upptagen bana');
    expect(fields(res)).toEqual(['Id']);
    expect((await call<Page<ResourceDetails>>('GET', `/api/resource?Id=${busy.Id}`)).Total).toBe(1);
    await call('DELETE', `/api/resource/${old.Id}`);
  });

  it('refuses to delete a resource type a service needs (409 naming the services)', async () => {
    const service = await call<Service>('POST', '/api/services', { Name: 'Needs rooms', Description: 'x', Duration: 30 });
    const group = await call<ResourceType>('POST', '/api/resourcetypes', { Name: 'Behövs' });
    await call('POST', `/api/services/${service.Id}/resourcetypes`, { ResourceTypeId: group.Id });
    const res = await server.api({ method: 'DELETE', url: `/api/resourcetypes/${group.Id}` });
    expect(res.statusCode).toBe(409);
    expect((res.json() as ErrorBody).ResponseStatus.Message).toContain('Needs rooms');
    await call('DELETE', `/api/services/${service.Id}/resourcetypes/${group.Id}`);
    await call('DELETE', `/api/resourcetypes/${group.Id}`);
  });

  it('answers bad bodies with 400 naming the field and writes nothing', async () => {
    const before = await count('resources');
    const cases: [unknown, string][] = [
      [{}, 'Name'],
      [{ Name: '   ' }, 'Name'],
      [{ Name: 'x'.repeat(101) }, 'Name'],
      [{ Name: { first: 'x' } }, 'Name'],
      [{ Name: 'Ok', Color: 'red' }, 'Color'],
      [{ Name: 'Ok', Email: 'not-an-address' }, 'Email'],
      [{ Name: 'Ok', Priority: 1.5 }, 'Priority'],
      [{ Name: 'Ok', Priority: -1 }, 'Priority'],
      [{ Name: 'Ok', ResourceTypeIds: [2147483647] }, 'ResourceTypeIds[0]'],
      [{ Name: 'Ok', ResourceTypeIds: ['abc'] }, 'ResourceTypeIds[0]'],
      [{ Name: 'Ok', Description: 'x'.repeat(100_000) }, 'Description'],
    ];
    for (const [payload, field] of cases) {
      const res = await server.api({ method: 'POST', url: '/api/resource', payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(fields(res)).toContain(field);
    }
    const badType = await server.api({ method: 'POST', url: '/api/resourcetypes', payload: { Name: 'T', Resources: [{ Id: 2147483647 }] } });
    expect(badType.statusCode).toBe(400);
    expect(fields(badType)).toEqual(['Resources[0].Id']);
    expect(await count('resources')).toBe(before);
    expect((await server.api({ method: 'PUT', url: '/api/resource/abc', payload: { Name: 'x' } })).statusCode).toBe(400);
  });

  it("keeps another company's resources apart: 404 with nothing changed", async () => {
    const theirs = await call<ResourceDetails>('POST', '/api/resource', { Name: 'Their court' }, other);
    const theirType = await call<ResourceType>('POST', '/api/resourcetypes', { Name: 'Their group' }, other);
    expect((await server.api({ method: 'PUT', url: `/api/resource/${theirs.Id}`, payload: { Name: 'Mine now' } })).statusCode).toBe(404);
    expect((await server.api({ method: 'DELETE', url: `/api/resource/${theirs.Id}` })).statusCode).toBe(404);
    expect((await server.api({ method: 'PUT', url: `/api/resourcetypes/${theirType.Id}`, payload: { Name: 'Mine now' } })).statusCode).toBe(404);
    expect((await server.api({ method: 'DELETE', url: `/api/resourcetypes/${theirType.Id}` })).statusCode).toBe(404);
    const joining = await server.api({ method: 'POST', url: '/api/resource', payload: { Name: 'Sneaky', ResourceTypeIds: [theirType.Id] } });
    expect(joining.statusCode).toBe(400);
    const stealing = await server.api({ method: 'POST', url: '/api/resourcetypes', payload: { Name: 'Sneaky', Resources: [{ Id: theirs.Id }] } });
    expect(stealing.statusCode).toBe(400);
    expect((await server.api({ method: 'POST', url: '/api/resource', payload: { Name: 'x', CompanyId: 999999 } })).statusCode).toBe(404);
    const mine = await call<Page<ResourceDetails>>('GET', `/api/resource?Id=${theirs.Id}`);
    expect(mine.Total).toBe(0);
    const still = await call<Page<ResourceDetails>>('GET', `/api/resource?Id=${theirs.Id}`, undefined, other);
    expect(still.Results[0]).toMatchObject({ Name: 'Their court' });
  });
});

describe('/services/{Id}/resourcetypes', () => {
  it('connects a resource type, limits it to some resources, changes and removes it', async () => {
    const service = await call<Service>('POST', '/api/services', { Name: 'Two rooms', Description: 'x', Duration: 60 });
    const group = await call<ResourceType>('POST', '/api/resourcetypes', { Name: 'Salar' });
    const a = await call<ResourceDetails>('POST', '/api/resource', { Name: 'Sal A', ResourceTypeIds: [group.Id] });
    const b = await call<ResourceDetails>('POST', '/api/resource', { Name: 'Sal B', ResourceTypeIds: [group.Id] });
    const linked = await call<ServiceResourceType>('POST', `/api/services/${service.Id}/resourcetypes`, { ResourceTypeId: group.Id });
    expect(linked).toEqual({ Id: group.Id, Name: 'Salar', NumberOfResources: 1, SelectableByUser: true, AllResources: true, Resources: [{ Id: a.Id, Name: 'Sal A' }, { Id: b.Id, Name: 'Sal B' }] });
    const limited = await call<ServiceResourceType>('PUT', `/api/services/${service.Id}/resourcetypes/${group.Id}`, {
      ResourceTypeId: group.Id,
      NumberOfResources: 2,
      SelectableByUser: false,
      Resources: [{ Id: b.Id }],
    });
    expect(limited).toMatchObject({ NumberOfResources: 2, SelectableByUser: false, AllResources: false, Resources: [{ Id: b.Id, Name: 'Sal B' }] });
    const list = await call<Page<ServiceResourceType>>('GET', `/api/services/${service.Id}/resourcetypes`);
    expect(list.Results).toEqual([limited]);
    const removed = await call<ServiceResourceType>('DELETE', `/api/services/${service.Id}/resourcetypes/${group.Id}`);
    expect(removed.Id).toBe(group.Id);
    expect((await server.api({ method: 'DELETE', url: `/api/services/${service.Id}/resourcetypes/${group.Id}` })).statusCode).toBe(404);
    expect((await call<Page<ServiceResourceType>>('GET', `/api/services/${service.Id}/resourcetypes`)).Total).toBe(0);
  });

  it('refuses resources of another type, unknown types and other companies', async () => {
    const service = await call<Service>('POST', '/api/services', { Name: 'Picky', Description: 'x', Duration: 60 });
    const group = await call<ResourceType>('POST', '/api/resourcetypes', { Name: 'Grupp 1' });
    const stranger = await call<ResourceDetails>('POST', '/api/resource', { Name: 'Utanför' });
    const wrong = await server.api({ method: 'POST', url: `/api/services/${service.Id}/resourcetypes`, payload: { ResourceTypeId: group.Id, Resources: [{ Id: stranger.Id }] } });
    expect(wrong.statusCode).toBe(400);
    expect(fields(wrong)).toEqual(['Resources[0].Id']);
    const unknown = await server.api({ method: 'POST', url: `/api/services/${service.Id}/resourcetypes`, payload: { ResourceTypeId: 2147483647 } });
    expect(fields(unknown)).toEqual(['ResourceTypeId']);
    const tooMany = await server.api({ method: 'POST', url: `/api/services/${service.Id}/resourcetypes`, payload: { ResourceTypeId: group.Id, NumberOfResources: 0 } });
    expect(fields(tooMany)).toEqual(['NumberOfResources']);
    const theirs = await server.api({ method: 'POST', url: `/api/services/${service.Id}/resourcetypes`, payload: { ResourceTypeId: group.Id }, token: other });
    expect(theirs.statusCode).toBe(404);
    expect(await count('service_resource_types where service_id = ' + service.Id)).toBe(0);
  });
});

describe('the demo seed', () => {
  it('gives the demo company resources, schedules and exceptions so that free times show', async () => {
    const seeded = await server.db.one<{ n: number }>(`select count(*)::int as n from resource_types where company_id = $1 and name = 'Padelbanor'`, [companyId]);
    if (seeded!.n === 0) await seedScheduling(server.db, companyId, new Date('2030-01-15T12:00:00Z'));
    const types = await call<Page<ResourceType>>('GET', '/api/resourcetypes?Search=Padelbanor');
    expect(types.Results[0].Resources.map((r) => r.Name)).toEqual(['Bana 1', 'Bana 2', 'Bana 3']);
    const padel = (await call<Page<Service>>('GET', '/api/services?Search=Padel%2060')).Results[0];
    const next = await call<NextFreeTimeResponse>('GET', `/api/services/${padel.Id}/nextfreetime`);
    expect(next.Time).toMatchObject({ Free: true, FreeSpots: 3 });
    const massage = (await call<Page<Service>>('GET', '/api/services?Search=Massage')).Results[0];
    const nextMassage = await call<NextFreeTimeResponse>('GET', `/api/services/${massage.Id}/nextfreetime`);
    expect(nextMassage.Time?.Free).toBe(true);
    const holidays = await call<Page<{ ReasonTextPublic: string | null }>>('GET', '/api/timeexceptions?Take=100');
    expect(holidays.Results.map((e) => e.ReasonTextPublic)).toEqual(expect.arrayContaining(['Lunch', 'Sveriges nationaldag – vi har stängt']));
  });
});
