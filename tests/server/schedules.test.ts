import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DateSchedule, RecurringSchedule } from '../../schema/availability';
import type { ResourceDetails, ScheduleTestResponse, ServiceSchedule } from '../../schema/scheduling';
import type { Service } from '../../schema/services';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

let server: TestServer;
let other: string;
let service: Service;
let room: ResourceDetails;

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

const starts = (r: ScheduleTestResponse) => r.Times.map((t) => t.From.slice(11, 16));

const weekdays = {
  Name: 'Vardagar',
  TimeInterval: 15,
  StartTime: '09:00',
  EndTime: '18:00',
  DaysOfWeek: [5, 1, 2, 3, 4, 1],
};

beforeAll(async () => {
  server = await createTestServer();
  other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
  service = await call<Service>('POST', '/api/services', { Name: 'Schemalagd', Description: 'x', Duration: 60 });
  room = await call<ResourceDetails>('POST', '/api/resource', { Name: 'Rum 1' });
});
afterAll(async () => {
  await server?.close();
});

describe('recurring schedules', () => {
  it('creates a schedule with breaks, resources and services and answers it as the list does', async () => {
    const created = await call<RecurringSchedule>('POST', '/api/schedules/recurring', {
      ...weekdays,
      Description: '  Öppet ',
      ValidFrom: '2030-01-01',
      ValidTo: '2030-12-31T00:00:00',
      NumberOfScheduleDays: 60,
      EnableBookingUntilClosingTime: true,
      IsResourceSpecific: true,
      Exceptions: [{ StartTime: '12:00', EndTime: '13:00' }],
      Resources: [{ Id: room.Id }],
      Services: [{ Id: service.Id }],
    });
    expect(created).toMatchObject({
      Name: 'Vardagar',
      Description: 'Öppet',
      Active: true,
      TimeInterval: 15,
      StartTime: '09:00:00',
      EndTime: '18:00:00',
      ValidFrom: '2030-01-01T00:00:00',
      ValidTo: '2030-12-31T00:00:00',
      NumberOfScheduleDays: 60,
      IsResourceSpecific: true,
      EnableBookingUntilClosingTime: true,
      IsFixedTimes: false,
      Exceptions: [{ StartTime: '12:00:00', EndTime: '13:00:00' }],
      ScheduleDates: [],
      Resources: [{ Id: room.Id, Name: 'Rum 1' }],
      Services: [{ Id: service.Id, Name: 'Schemalagd' }],
    });
    expect(created.DaysOfWeek.map((d) => d.DayOfWeekId)).toEqual([1, 2, 3, 4, 5]);
    expect(created.DaysOfWeek[0]).toEqual({ DayOfWeekId: 1, DotNetDayOfWeekId: 1, DayOfWeek: 'Monday' });
    const listed = await call<Page<RecurringSchedule>>('GET', `/api/schedules/recurring?ServiceId=${service.Id}`);
    expect(listed.Results).toEqual([created]);
    const schedules = await call<Page<ServiceSchedule>>('GET', `/api/services/${service.Id}/schedules`);
    expect(schedules.Results).toEqual([{ Id: created.Id, Name: 'Vardagar', ScheduleType: 'RecurringSchedule', Active: true }]);
  });

  it('updates what the body carries, replaces the lists it names and deletes', async () => {
    const created = await call<RecurringSchedule>('POST', '/api/schedules/recurring', { ...weekdays, Services: [{ Id: service.Id }], Resources: [{ Id: room.Id }] });
    const updated = await call<RecurringSchedule>('PUT', `/api/schedules/recurring/${created.Id}`, { ...weekdays, Name: 'Kvällar', StartTime: '17:00', EndTime: '21:00', Services: [] });
    expect(updated).toMatchObject({ Name: 'Kvällar', StartTime: '17:00:00', Services: [], Resources: [{ Id: room.Id }] });
    const deleted = await call<RecurringSchedule>('DELETE', `/api/schedules/recurring/${created.Id}`);
    expect(deleted.Id).toBe(created.Id);
    expect((await call<Page<RecurringSchedule>>('GET', `/api/schedules/recurring?Id=${created.Id}`)).Total).toBe(0);
  });

  it('refuses a fixed schedule without a set time (schedules.fixedSetTimeTitle) and saves one with set times', async () => {
    const before = await count('recurring_schedules');
    const res = await server.api({ method: 'POST', url: '/api/schedules/recurring', payload: { ...weekdays, IsFixedTimes: true }, headers: { 'x-language': 'sv' } });
    expect(res.statusCode).toBe(400);
    const body = res.json() as ErrorBody;
    expect(body.ResponseStatus.Errors[0]).toMatchObject({ FieldName: 'ScheduleDates', ErrorCode: 'FixedSetTimeRequired' });
    expect(body.ResponseStatus.Errors[0].Message).toContain('minst en fast tid');
    expect(await count('recurring_schedules')).toBe(before);

    const fixed = await call<RecurringSchedule>('POST', '/api/schedules/recurring', {
      ...weekdays,
      IsFixedTimes: true,
      ScheduleDates: [
        { StartTime: '10:00', EndTime: '11:00' },
        { DayOfWeekId: 3, StartTime: '18:00', EndTime: '19:30' },
        { Date: '2030-03-08', StartTime: '07:00', EndTime: '08:00' },
      ],
    });
    expect(fixed.ScheduleDates.map((d) => [d.Date, d.DayOfWeekId, d.StartTime, d.EndTime])).toEqual([
      [null, null, '10:00:00', '11:00:00'],
      [null, 3, '18:00:00', '19:30:00'],
      ['2030-03-08', null, '07:00:00', '08:00:00'],
    ]);
    // An update that leaves the set times out keeps them, so it stays valid.
    const renamed = await call<RecurringSchedule>('PUT', `/api/schedules/recurring/${fixed.Id}`, { ...weekdays, Name: 'Fasta tider', IsFixedTimes: true });
    expect(renamed.ScheduleDates).toHaveLength(3);
    const emptied = await server.api({ method: 'PUT', url: `/api/schedules/recurring/${fixed.Id}`, payload: { ...weekdays, IsFixedTimes: true, ScheduleDates: [] } });
    expect(fields(emptied)).toEqual(['ScheduleDates']);
  });

  it('answers bad bodies with 400 naming the field and writes nothing', async () => {
    const before = await count('recurring_schedules');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...weekdays, Name: '' }, 'Name'],
      [{ ...weekdays, Name: ' ' }, 'Name'],
      [{ ...weekdays, TimeInterval: 0 }, 'TimeInterval'],
      [{ ...weekdays, TimeInterval: 'often' }, 'TimeInterval'],
      [{ ...weekdays, StartTime: '25:00' }, 'StartTime'],
      [{ ...weekdays, EndTime: undefined }, 'EndTime'],
      [{ ...weekdays, DaysOfWeek: [8] }, 'DaysOfWeek[0]'],
      [{ ...weekdays, ValidFrom: '2030-05-01', ValidTo: '2030-04-01' }, 'ValidFrom'],
      [{ ...weekdays, ValidFrom: '2030-02-30' }, 'ValidFrom'],
      [{ ...weekdays, Exceptions: [{ StartTime: '12:00', EndTime: '12:00' }] }, 'Exceptions[0].EndTime'],
      [{ ...weekdays, Services: [{ Id: 2147483647 }] }, 'Services[0].Id'],
      [{ ...weekdays, Resources: [{ Id: room.Id }, { Id: room.Id }] }, 'Resources[1].Id'],
      [{ ...weekdays, Name: 'x'.repeat(10_000) }, 'Name'],
    ];
    for (const [payload, field] of cases) {
      const res = await server.api({ method: 'POST', url: '/api/schedules/recurring', payload });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(fields(res)).toContain(field);
    }
    expect(await count('recurring_schedules')).toBe(before);
  });

  it('lists the interval choices in the caller language', async () => {
    const res = await server.api({ method: 'GET', url: '/api/schedules/recurring/intervals', headers: { 'x-language': 'sv' } });
    const page = res.json() as Page<{ Id: number; Name: string }>;
    expect(page.Results.map((r) => r.Id)).toEqual(expect.arrayContaining([15, 30, 60]));
    expect(page.Results.find((r) => r.Id === 15)?.Name).toBe('15 minuter');
  });

  it('tests an unsaved schedule: the times, its breaks, set times and the time exceptions of its resources', async () => {
    const plain = await call<ScheduleTestResponse>('POST', '/api/schedules/recurring/test', { ...weekdays, Duration: 60, From: '2030-03-04', To: '2030-03-04' });
    expect(plain.Times).toHaveLength(33);
    expect(plain.Times[0]).toMatchObject({ From: '2030-03-04T09:00:00', To: '2030-03-04T10:00:00', Free: true });

    const withBreak = await call<ScheduleTestResponse>('POST', '/api/schedules/recurring/test', {
      ...weekdays,
      TimeInterval: 60,
      Exceptions: [{ StartTime: '12:00', EndTime: '13:00' }],
      Duration: 60,
      From: '2030-03-04',
      To: '2030-03-04',
    });
    expect(starts(withBreak)).toEqual(['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00', '17:00']);

    const fixed = await call<ScheduleTestResponse>('POST', '/api/schedules/recurring/test', {
      ...weekdays,
      IsFixedTimes: true,
      ScheduleDates: [{ StartTime: '10:00', EndTime: '11:30' }],
      Duration: 90,
      From: '2030-03-04',
      To: '2030-03-05',
    });
    expect(fixed.Times.map((t) => t.From)).toEqual(['2030-03-04T10:00:00', '2030-03-05T10:00:00']);

    // The browser check's scenario: a lunch exception on the schedule's resource shows in the test call.
    const lunchRoom = await call<ResourceDetails>('POST', '/api/resource', { Name: 'Lunchrum' });
    await call('POST', '/api/timeexceptions', {
      From: '2030-03-01T00:00:00',
      To: '2030-03-31T00:00:00',
      IsRecurring: true,
      FromTime: '12:00',
      ToTime: '13:00',
      ResourceIds: [lunchRoom.Id],
      ReasonTextPublic: 'Lunch',
    });
    const lunch = await call<ScheduleTestResponse>('POST', '/api/schedules/recurring/test', {
      ...weekdays,
      TimeInterval: 60,
      IsResourceSpecific: true,
      Resources: [{ Id: lunchRoom.Id }],
      Duration: 60,
      From: '2030-03-04',
      To: '2030-03-04',
    });
    expect(lunch.Times.filter((t) => t.Free).map((t) => t.From.slice(11, 16))).toEqual(['09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00', '17:00']);
    expect(lunch.Times.find((t) => !t.Free)?.ExceptionTexts).toEqual([{ Reason: null, ReasonPublic: 'Lunch' }]);

    const fixedEmpty = await server.api({ method: 'POST', url: '/api/schedules/recurring/test', payload: { ...weekdays, IsFixedTimes: true, From: '2030-03-04', To: '2030-03-04' } });
    expect(fields(fixedEmpty)).toEqual(['ScheduleDates']);
    const backwards = await server.api({ method: 'POST', url: '/api/schedules/recurring/test', payload: { ...weekdays, From: '2030-03-05', To: '2030-03-03' } });
    expect(fields(backwards)).toEqual(['From']);
    const tooLong = await server.api({ method: 'POST', url: '/api/schedules/recurring/test', payload: { ...weekdays, From: '2030-01-01', To: '2032-01-01' } });
    expect(fields(tooLong)).toEqual(['To']);
    const theirRoom = await call<ResourceDetails>('POST', '/api/resource', { Name: 'Deras' }, other);
    const foreign = await server.api({ method: 'POST', url: '/api/schedules/recurring/test', payload: { ...weekdays, Resources: [{ Id: theirRoom.Id }], From: '2030-03-04', To: '2030-03-04' } });
    expect(fields(foreign)).toEqual(['Resources[0].Id']);
  });
});

describe('date schedules', () => {
  it('drops entries whose From and To fall on the same day, and keeps the others', async () => {
    const created = await call<DateSchedule>('POST', '/api/schedules/date', {
      Name: 'Påsk',
      ScheduleDates: [
        { From: '2030-04-15T10:00:00', To: '2030-04-15T12:00:00' },
        { From: '2030-04-16T08:00:00', To: '2030-04-18T17:00:00' },
      ],
      Resources: [{ Id: room.Id }],
      Services: [{ Id: service.Id }],
    });
    expect(created).toMatchObject({ Name: 'Påsk', TimeInterval: 15, IsResourceSpecific: true, Resources: [{ Id: room.Id, Name: 'Rum 1' }] });
    expect(created.ScheduleDates.map((d) => [d.From, d.To])).toEqual([['2030-04-16T08:00:00', '2030-04-18T17:00:00']]);
    const schedules = await call<Page<ServiceSchedule>>('GET', `/api/services/${service.Id}/schedules`);
    expect(schedules.Results.filter((s) => s.ScheduleType === 'DateSchedule').map((s) => s.Id)).toEqual([created.Id]);

    const updated = await call<DateSchedule>('PUT', `/api/schedules/date/${created.Id}`, {
      Name: 'Påsk',
      TimeInterval: 60,
      ScheduleDates: [{ From: '2030-04-20T08:00:00', To: '2030-04-21T08:00:00' }],
    });
    expect(updated).toMatchObject({ TimeInterval: 60, ScheduleDates: [{ From: '2030-04-20T08:00:00', To: '2030-04-21T08:00:00' }] });
    expect((await call<Page<DateSchedule>>('GET', `/api/schedules/date?ServiceId=${service.Id}`)).Total).toBe(1);
    await call('DELETE', `/api/schedules/date/${created.Id}`);
    expect((await call<Page<DateSchedule>>('GET', `/api/schedules/date?Id=${created.Id}`)).Total).toBe(0);
  });

  it('tests an unsaved date schedule and refuses bad entries', async () => {
    const test = await call<ScheduleTestResponse>('POST', '/api/schedules/date/test', {
      TimeInterval: 60,
      ScheduleDates: [{ From: '2030-04-16T22:00:00', To: '2030-04-17T02:00:00' }],
      Duration: 60,
      From: '2030-04-16',
      To: '2030-04-17',
    });
    expect(test.Times.map((t) => t.From)).toEqual(['2030-04-16T22:00:00', '2030-04-16T23:00:00', '2030-04-17T00:00:00', '2030-04-17T01:00:00']);
    const backwards = await server.api({ method: 'POST', url: '/api/schedules/date', payload: { Name: 'x', ScheduleDates: [{ From: '2030-04-18T00:00:00', To: '2030-04-16T00:00:00' }] } });
    expect(fields(backwards)).toEqual(['ScheduleDates[0].From']);
    const malformed = await server.api({ method: 'POST', url: '/api/schedules/date', payload: { Name: 'x', ScheduleDates: [{ From: 'soon', To: '2030-04-16T00:00:00' }] } });
    expect(fields(malformed)).toContain('ScheduleDates[0].From');
    const missing = await server.api({ method: 'POST', url: '/api/schedules/date', payload: { Name: 'x' } });
    expect(fields(missing)).toEqual(['ScheduleDates']);
    const count = (await call<Page<DateSchedule>>('GET', '/api/schedules/date')).Total;
    for (const ScheduleDates of [[], [{ From: '2030-04-15T10:00:00', To: '2030-04-15T12:00:00' }]]) {
      const empty = await server.api({ method: 'POST', url: '/api/schedules/date', payload: { Name: 'Tomt', ScheduleDates } });
      expect(empty.statusCode).toBe(400);
      expect((empty.json() as ErrorBody).ResponseStatus.Errors).toEqual([
        expect.objectContaining({ FieldName: 'ScheduleDates', ErrorCode: 'DateScheduleNeedsDates', Message: expect.stringContaining('at least one period') }),
      ]);
    }
    expect((await call<Page<DateSchedule>>('GET', '/api/schedules/date')).Total).toBe(count);
  });
});

describe('schedules of a service', () => {
  it('connects and disconnects schedules; 404 for what is not connected or not ours', async () => {
    const recurring = await call<RecurringSchedule>('POST', '/api/schedules/recurring', weekdays);
    const dated = await call<DateSchedule>('POST', '/api/schedules/date', { Name: 'D', ScheduleDates: [{ From: '2030-05-01T08:00:00', To: '2030-05-02T17:00:00' }] });
    const svc = await call<Service>('POST', '/api/services', { Name: 'Kopplad', Description: 'x', Duration: 30 });
    expect(await call<ServiceSchedule>('POST', `/api/services/${svc.Id}/recurringschedules`, { ScheduleId: recurring.Id })).toMatchObject({ Id: recurring.Id, ScheduleType: 'RecurringSchedule' });
    await call('POST', `/api/services/${svc.Id}/dateschedules`, { ScheduleId: dated.Id });
    expect((await call<Page<ServiceSchedule>>('GET', `/api/services/${svc.Id}/schedules`)).Total).toBe(2);
    await call('DELETE', `/api/services/${svc.Id}/recurringschedules/${recurring.Id}`);
    await call('DELETE', `/api/services/${svc.Id}/dateschedules/${dated.Id}`);
    expect((await call<Page<ServiceSchedule>>('GET', `/api/services/${svc.Id}/schedules`)).Total).toBe(0);
    expect((await server.api({ method: 'DELETE', url: `/api/services/${svc.Id}/recurringschedules/${recurring.Id}` })).statusCode).toBe(404);
    expect((await server.api({ method: 'DELETE', url: `/api/services/${svc.Id}/dateschedules/${dated.Id}` })).statusCode).toBe(404);
    expect(fields(await server.api({ method: 'POST', url: `/api/services/${svc.Id}/recurringschedules`, payload: { ScheduleId: 2147483647 } }))).toEqual(['ScheduleId']);

    // Another company can neither see, change, connect nor delete these.
    expect((await server.api({ method: 'GET', url: `/api/services/${svc.Id}/schedules`, token: other })).statusCode).toBe(404);
    expect((await server.api({ method: 'POST', url: `/api/services/${svc.Id}/recurringschedules`, payload: { ScheduleId: recurring.Id }, token: other })).statusCode).toBe(404);
    expect((await server.api({ method: 'PUT', url: `/api/schedules/recurring/${recurring.Id}`, payload: { ...weekdays, Name: 'Stulen' }, token: other })).statusCode).toBe(404);
    expect((await server.api({ method: 'DELETE', url: `/api/schedules/date/${dated.Id}`, token: other })).statusCode).toBe(404);
    const theirService = (await call<Page<Service>>('GET', '/api/services?Take=1', undefined, other)).Results[0];
    expect((await server.api({ method: 'POST', url: `/api/services/${theirService.Id}/recurringschedules`, payload: { ScheduleId: recurring.Id } })).statusCode).toBe(404);
    expect((await call<Page<RecurringSchedule>>('GET', `/api/schedules/recurring?Id=${recurring.Id}`)).Results[0].Name).toBe('Vardagar');
    expect((await call<Page<RecurringSchedule>>('GET', '/api/schedules/recurring', undefined, other)).Total).toBe(0);
  });
});
