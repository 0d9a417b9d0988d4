import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailableTime, AvailableTimesResponse, NextFreeTimeResponse } from '../../schema/availability';
import type { Service } from '../../schema/services';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

let server: TestServer;
let other: string;
let companyId: number;

interface ErrorBody {
  ResponseStatus: { ErrorCode: string; Message: string; Errors: { FieldName: string; ErrorCode: string; Message: string }[] };
}
const fields = (res: { json(): unknown }) => (res.json() as ErrorBody).ResponseStatus.Errors.map((e) => e.FieldName);

async function post<T>(url: string, payload: unknown, token?: string): Promise<T> {
  const res = await server.api({ method: 'POST', url, payload: payload as object, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

async function createService(name: string, extra: Record<string, unknown> = {}): Promise<Service> {
  return post<Service>('/api/services', { Name: name, Description: `${name} description`, Duration: 60, ...extra });
}

async function weekdaySchedule(serviceId: number, extra: Record<string, unknown> = {}): Promise<{ Id: number }> {
  return post('/api/schedules/recurring', {
    Name: 'Weekdays 09–18',
    TimeInterval: 15,
    StartTime: '09:00',
    EndTime: '18:00',
    DaysOfWeek: [1, 2, 3, 4, 5],
    Services: [{ Id: serviceId }],
    ...extra,
  });
}

async function times(serviceId: number, query: string, token?: string): Promise<AvailableTime[]> {
  const res = await server.api({ method: 'GET', url: `/api/services/${serviceId}/availabletimes?${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = res.json() as AvailableTimesResponse;
  // The answer is put together from each day's JSON: it must read as one compact JSON document.
  expect(res.body).toBe(JSON.stringify(body));
  expect(Object.keys(body)).toEqual(['CompanyId', 'ServiceId', 'Times']);
  expect(body).toMatchObject({ CompanyId: companyId, ServiceId: serviceId });
  return body.Times;
}

const clock = (t: AvailableTime) => `${t.From.slice(11, 16)}–${t.To.slice(11, 16)}`;

async function book(serviceId: number, from: string, to: string, resources: { typeId: number; id: number }[] = [], spots = 1, statusId = 1): Promise<number> {
  const row = await server.db.one<{ id: number }>(
    `insert into bookings (company_id, service_id, starts_at, ends_at, status_id, spots)
     values ($1, $2, ($3::timestamp at time zone 'Europe/Stockholm'), ($4::timestamp at time zone 'Europe/Stockholm'), $5, $6) returning id`,
    [companyId, serviceId, from, to, statusId, spots],
  );
  for (const r of resources) {
    await server.db.query('insert into booking_resources (company_id, booking_id, resource_type_id, resource_id) values ($1, $2, $3, $4)', [companyId, row!.id, r.typeId, r.id]);
  }
  return row!.id;
}

beforeAll(async () => {
  server = await createTestServer();
  other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
  companyId = (await server.db.one<{ company_id: number }>(`select company_id from users where email = 'demo@example.com'`))!.company_id;
});
afterAll(async () => {
  await server?.close();
});

describe('GET /services/{Id}/availabletimes', () => {
  it('answers the worked example: interval 15, a one-hour service, open 09–18 gives 09:00–10:00 … 17:00–18:00', async () => {
    const service = await createService('Worked example');
    await weekdaySchedule(service.Id);
    const list = await times(service.Id, 'From=2030-03-04T00:00:00&To=2030-03-04T23:59:59');
    expect(list).toHaveLength(33);
    expect(list[0]).toEqual({ From: '2030-03-04T09:00:00', To: '2030-03-04T10:00:00', Free: true, FreeSpots: 1, ExceptionTexts: [] });
    expect(clock(list[1])).toBe('09:15–10:15');
    expect(clock(list[32])).toBe('17:00–18:00');
    // Weekends have no schedule.
    expect(await times(service.Id, 'From=2030-03-02&To=2030-03-03')).toEqual([]);
  });

  it('takes the lunch exception out: slots overlapping 12–13 are not free and carry its public text', async () => {
    const service = await createService('Lunch example');
    await weekdaySchedule(service.Id);
    await post('/api/timeexceptions', {
      From: '2030-01-01T00:00:00',
      To: '2030-12-31T00:00:00',
      FromTime: '12:00',
      ToTime: '13:00',
      IsRecurring: true,
      DaysOfWeek: [1, 2, 3, 4, 5],
      ReasonText: 'Staff lunch',
      ReasonTextPublic: 'Lunch',
    });
    const list = await times(service.Id, 'From=2030-03-05&To=2030-03-05');
    const closed = list.filter((t) => !t.Free).map(clock);
    expect(closed).toEqual(['11:15–12:15', '11:30–12:30', '11:45–12:45', '12:00–13:00', '12:15–13:15', '12:30–13:30', '12:45–13:45']);
    const lunch = list.find((t) => clock(t) === '12:00–13:00')!;
    expect(lunch).toMatchObject({ FreeSpots: 0, ExceptionTexts: [{ Reason: 'Staff lunch', ReasonPublic: 'Lunch' }] });
    expect(list.find((t) => clock(t) === '11:00–12:00')).toMatchObject({ Free: true, ExceptionTexts: [] });
  });

  it('keeps wall-clock opening hours on the days Europe/Stockholm changes its clocks', async () => {
    const service = await createService('Every day');
    await weekdaySchedule(service.Id, { DaysOfWeek: [1, 2, 3, 4, 5, 6, 7], StartTime: '01:00', EndTime: '05:00', TimeInterval: 60 });
    const spring = await times(service.Id, 'From=2030-03-31&To=2030-03-31');
    // 02:00–03:00 does not exist that night: 01:00 + 1 h is 03:00, and no slot starts at 02:00.
    expect(spring.map(clock)).toEqual(['01:00–03:00', '03:00–04:00', '04:00–05:00']);
    const autumn = await times(service.Id, 'From=2030-10-27&To=2030-10-27');
    // 02:00–03:00 happens twice: a one-hour slot from 02:00 ends at the second 02:00.
    expect(autumn.map(clock)).toContain('01:00–02:00');
    expect(autumn.every((t) => t.From.startsWith('2030-10-27'))).toBe(true);
    const normal = await times(service.Id, 'From=2030-03-30&To=2030-03-30');
    expect(normal.map(clock)).toEqual(['01:00–02:00', '02:00–03:00', '03:00–04:00', '04:00–05:00']);
  });

  it('counts bookings against the spots of each resource and lists per-resource spots on request', async () => {
    const service = await createService('Courts', { TotalSpots: 1 });
    const type = await post<{ Id: number }>('/api/resourcetypes', { Name: 'Banor' });
    const a = await post<{ Id: number }>('/api/resource', { Name: 'Bana A', ResourceTypeIds: [type.Id] });
    const b = await post<{ Id: number }>('/api/resource', { Name: 'Bana B', ResourceTypeIds: [type.Id] });
    await post(`/api/services/${service.Id}/resourcetypes`, { ResourceTypeId: type.Id });
    await weekdaySchedule(service.Id, { TimeInterval: 60 });
    const before = await times(service.Id, 'From=2030-03-06&To=2030-03-06');
    expect(before[0]).toMatchObject({ From: '2030-03-06T09:00:00', FreeSpots: 2 });

    await book(service.Id, '2030-03-06T09:00:00', '2030-03-06T10:00:00', [{ typeId: type.Id, id: a.Id }]);
    await book(service.Id, '2030-03-06T10:00:00', '2030-03-06T11:00:00', [{ typeId: type.Id, id: a.Id }]);
    await book(service.Id, '2030-03-06T10:00:00', '2030-03-06T11:00:00', [{ typeId: type.Id, id: b.Id }]);
    await book(service.Id, '2030-03-06T11:00:00', '2030-03-06T12:00:00', [{ typeId: type.Id, id: b.Id }], 1, 4); // canceled: frees its spot
    const after = await times(service.Id, `From=2030-03-06&To=2030-03-06&ShowPerResource=true`);
    expect(after.slice(0, 3).map((t) => [clock(t), t.FreeSpots, t.Free])).toEqual([
      ['09:00–10:00', 1, true],
      ['10:00–11:00', 0, false],
      ['11:00–12:00', 2, true],
    ]);
    expect(after[0].Resources).toEqual([
      { ResourceTypeId: type.Id, ResourceId: a.Id, Free: false, FreeSpots: 0 },
      { ResourceTypeId: type.Id, ResourceId: b.Id, Free: true, FreeSpots: 1 },
    ]);

    // Asking for court A only: 09:00 is taken on it.
    const onA = await times(service.Id, `From=2030-03-06&To=2030-03-06&Resources=${encodeURIComponent(JSON.stringify({ ResourceTypeId: type.Id, ResourceId: a.Id }))}`);
    expect(onA[0]).toMatchObject({ From: '2030-03-06T09:00:00', Free: false });
    const onB = await times(service.Id, `From=2030-03-06&To=2030-03-06&Resources=${type.Id}:${b.Id}`);
    expect(onB[0]).toMatchObject({ From: '2030-03-06T09:00:00', Free: true });
    // Two courts at once only fit where both are free.
    const both = await times(service.Id, 'From=2030-03-06&To=2030-03-06&NumberOfResources=2');
    expect(both.slice(0, 3).map((t) => t.FreeSpots)).toEqual([0, 0, 1]);
  });

  it('offers the flexible durations of a service and refuses others', async () => {
    const service = await createService('Flexible', { DurationTypeId: 3, MinDuration: 60, MaxDuration: 120, DurationInterval: 30 });
    await weekdaySchedule(service.Id, { TimeInterval: 60 });
    const ninety = await times(service.Id, 'From=2030-03-04&To=2030-03-04&Duration=90');
    expect(clock(ninety[0])).toBe('09:00–10:30');
    expect(clock(ninety.at(-1)!)).toBe('16:00–17:30');
    const res = await server.api({ method: 'GET', url: `/api/services/${service.Id}/availabletimes?From=2030-03-04&To=2030-03-04&Duration=45` });
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(['Duration']);
  });

  it('honours valid-from/to, booking until closing time and inside-search-interval', async () => {
    const service = await createService('Closing time');
    await weekdaySchedule(service.Id, { TimeInterval: 30, StartTime: '16:00', EndTime: '18:00', EnableBookingUntilClosingTime: true, ValidFrom: '2030-03-05', ValidTo: '2030-03-06' });
    expect(await times(service.Id, 'From=2030-03-04&To=2030-03-04')).toEqual([]);
    const list = await times(service.Id, 'From=2030-03-05&To=2030-03-05');
    expect(list.map((t) => t.From.slice(11, 16))).toEqual(['16:00', '16:30', '17:00', '17:30']);
    expect(await times(service.Id, 'From=2030-03-07&To=2030-03-07')).toEqual([]);
    const inside = await times(service.Id, 'From=2030-03-05T16:00:00&To=2030-03-05T17:15:00&InsideSearchInterval=true');
    expect(inside.map((t) => t.From.slice(11, 16))).toEqual(['16:00']);
  });

  it('follows date schedules', async () => {
    const service = await createService('Cabin');
    const schedule = await post<{ Id: number; ScheduleDates: { From: string; To: string }[] }>('/api/schedules/date', {
      Name: 'Easter week',
      TimeInterval: 1440,
      ScheduleDates: [
        { From: '2030-04-15T00:00:00', To: '2030-04-20T00:00:00' },
        { From: '2030-04-22T09:00:00', To: '2030-04-22T17:00:00' },
      ],
      Services: [{ Id: service.Id }],
    });
    expect(schedule.ScheduleDates).toHaveLength(1);
    const list = await times(service.Id, 'From=2030-04-14&To=2030-04-25');
    expect(list.map((t) => t.From)).toEqual(['2030-04-15T00:00:00', '2030-04-16T00:00:00', '2030-04-17T00:00:00', '2030-04-18T00:00:00', '2030-04-19T00:00:00']);
  });

  it('answers bad input with 400 naming the field', async () => {
    const service = await createService('Validation');
    const cases: [string, string][] = [
      ['From=2030-03-10&To=2030-03-02', 'From'],
      ['From=2030-03-01&To=2031-06-01', 'To'],
      ['To=2030-03-02', 'From'],
      ['From=2030-03-01', 'To'],
      ['From=yesterday&To=2030-03-02', 'From'],
      ['From=2030-02-30&To=2030-03-02', 'From'],
      ['From=2030-03-01T25:00&To=2030-03-02', 'From'],
      ['From=2030-03-01&To=2030-03-02&Duration=abc', 'Duration'],
      ['From=2030-03-01&To=2030-03-02&Resources=999999:1', 'Resources[0].ResourceTypeId'],
      ['From=2030-03-01&To=2030-03-02&Resources=%7Bnonsense%7D', 'Resources[0]'],
      [`From=2030-03-01&To=2030-03-02&From=${'9'.repeat(5000)}`, 'From'],
      ['From=2030-03-01&To=2030-03-02&NumberOfResources=0', 'NumberOfResources'],
      ['From=2030-03-01&To=2030-03-02&ShowPerResource=maybe', 'ShowPerResource'],
    ];
    for (const [query, field] of cases) {
      const res = await server.api({ method: 'GET', url: `/api/services/${service.Id}/availabletimes?${query}` });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(fields(res), query).toContain(field);
    }
  });

  it("refuses unknown resources and another company's resources and services", async () => {
    const service = await createService('Ownership');
    const type = await post<{ Id: number }>('/api/resourcetypes', { Name: 'Rum' });
    await post('/api/resource', { Name: 'Rum 1', ResourceTypeIds: [type.Id] });
    await post(`/api/services/${service.Id}/resourcetypes`, { ResourceTypeId: type.Id });
    const theirType = await post<{ Id: number }>('/api/resourcetypes', { Name: 'Their rooms' }, other);
    const theirRoom = await post<{ Id: number }>('/api/resource', { Name: 'Their room', ResourceTypeIds: [theirType.Id] }, other);

    const unknown = await server.api({ method: 'GET', url: `/api/services/${service.Id}/availabletimes?From=2030-03-01&To=2030-03-02&Resources=${type.Id}:${theirRoom.Id}` });
    expect(unknown.statusCode).toBe(400);
    expect(fields(unknown)).toEqual(['Resources[0].ResourceId']);
    const theirs = await server.api({ method: 'GET', url: `/api/services/${service.Id}/availabletimes?From=2030-03-01&To=2030-03-02`, token: other });
    expect(theirs.statusCode).toBe(404);
    const wrongCompany = await server.api({ method: 'GET', url: `/api/services/${service.Id}/availabletimes?From=2030-03-01&To=2030-03-02&CompanyId=999999` });
    expect(wrongCompany.statusCode).toBe(404);
    const missing = await server.api({ method: 'GET', url: '/api/services/2147483647/availabletimes?From=2030-03-01&To=2030-03-02' });
    expect(missing.statusCode).toBe(404);
    const huge = await server.api({ method: 'GET', url: '/api/services/99999999999/availabletimes?From=2030-03-01&To=2030-03-02' });
    expect(huge.statusCode).toBe(400);
  });
});

describe('GET /services/{Id}/nextfreetime', () => {
  it('answers the first free time after From, skipping what is booked', async () => {
    const service = await createService('Next free');
    await weekdaySchedule(service.Id, { TimeInterval: 60 });
    await book(service.Id, '2030-03-08T09:00:00', '2030-03-08T11:00:00');
    const res = await server.api({ method: 'GET', url: `/api/services/${service.Id}/nextfreetime?From=2030-03-08T08:00:00` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      CompanyId: companyId,
      ServiceId: service.Id,
      Time: { From: '2030-03-08T11:00:00', To: '2030-03-08T12:00:00', Free: true, FreeSpots: 1, ExceptionTexts: [] },
    } satisfies NextFreeTimeResponse);
    // Friday evening: the next free time is Monday morning.
    const monday = (await server.api({ method: 'GET', url: `/api/services/${service.Id}/nextfreetime?From=2030-03-08T18:00:00` })).json() as NextFreeTimeResponse;
    expect(monday.Time?.From).toBe('2030-03-11T09:00:00');
  });

  it('answers null when nothing is free in the window', async () => {
    const service = await createService('Never open');
    const res = await server.api({ method: 'GET', url: `/api/services/${service.Id}/nextfreetime?From=2030-03-08&To=2030-06-08` });
    expect(res.statusCode).toBe(200);
    expect((res.json() as NextFreeTimeResponse).Time).toBeNull();
  });
});
