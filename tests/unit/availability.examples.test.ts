import { describe, expect, it } from 'vitest';
import { availableTimes, nextFreeTime } from '../../domain/availability';
import type { AvailabilityQuery } from '../../domain/availability';
import { at, booking, data, dated, days, EVERY_DAY, exception, recurring, requirement, service } from './availability.fixtures';

const MONDAY = { From: '2026-03-02T00:00:00', To: '2026-03-03T00:00:00' };
const starts = (times: { From: string }[]): string[] => times.map((t) => t.From.slice(11, 16));
const byStart = <T extends { From: string }>(times: T[], hhmm: string): T | undefined => times.find((t) => t.From.slice(11, 16) === hhmm);

describe('a 09–18 weekday schedule with a 15-minute interval and a one-hour service', () => {
  it('offers 09:00–10:00, 09:15–10:15 … 17:00–18:00: 33 free times', () => {
    const times = availableTimes(data(), MONDAY);
    expect(times).toHaveLength(33);
    expect(times[0]).toEqual({ From: '2026-03-02T09:00:00', To: '2026-03-02T10:00:00', Free: true, FreeSpots: 1, ExceptionTexts: [] });
    expect(times[1].From).toBe('2026-03-02T09:15:00');
    expect(times.at(-1)).toMatchObject({ From: '2026-03-02T17:00:00', To: '2026-03-02T18:00:00' });
  });

  it('offers nothing on the weekend', () => {
    expect(availableTimes(data(), { From: '2026-03-07T00:00:00', To: '2026-03-09T00:00:00' })).toEqual([]);
  });

  it('reads a To without a time as the end of that day', () => {
    expect(availableTimes(data(), { From: '2026-03-02', To: '2026-03-03' })).toHaveLength(66);
  });

  it('by default keeps times that start inside the window; InsideSearchInterval keeps only those that end inside it', () => {
    const window = { From: '2026-03-02T09:00:00', To: '2026-03-02T12:00:00' };
    expect(starts(availableTimes(data(), window)).at(-1)).toBe('11:45');
    expect(starts(availableTimes(data(), { ...window, InsideSearchInterval: true })).at(-1)).toBe('11:00');
  });
});

describe('lunch', () => {
  it('a lunch break inside the schedule removes every time overlapping 12–13', () => {
    const times = availableTimes(data({ recurringSchedules: [recurring({ Exceptions: [{ StartTime: '12:00:00', EndTime: '13:00:00' }] })] }), MONDAY);
    expect(times).toHaveLength(26);
    expect(starts(times)).toContain('11:00');
    expect(starts(times)).not.toContain('11:15');
    expect(starts(times)).not.toContain('12:45');
    expect(starts(times)).toContain('13:00');
  });

  it('a blocking time exception 12–13 shows the overlapping times as taken, with its public text', () => {
    const lunch = exception({ ReasonText: 'Staff meeting', ReasonTextPublic: 'Closed for lunch' });
    const times = availableTimes(data({ exceptions: [lunch] }), MONDAY);
    expect(times).toHaveLength(33);
    expect(byStart(times, '11:00')).toMatchObject({ Free: true, FreeSpots: 1, ExceptionTexts: [] });
    for (const hhmm of ['11:15', '12:00', '12:45']) {
      expect(byStart(times, hhmm)).toMatchObject({ Free: false, FreeSpots: 0, ExceptionTexts: [{ Reason: null, ReasonPublic: 'Closed for lunch' }] });
    }
    expect(byStart(times, '13:00')).toMatchObject({ Free: true });
  });
});

describe('group spots', () => {
  const group = (bookings = [booking('2026-03-02T10:00:00', '2026-03-02T11:00:00', { spots: 3 }), booking('2026-03-02T10:30:00', '2026-03-02T11:30:00', { spots: 4 })]) =>
    availableTimes(data({ service: service({ totalSpots: 10 }), bookings }), MONDAY);

  it('count down with every booking that overlaps the time', () => {
    const times = group();
    expect(byStart(times, '09:00')?.FreeSpots).toBe(10);
    expect(byStart(times, '09:15')?.FreeSpots).toBe(7);
    expect(byStart(times, '10:00')?.FreeSpots).toBe(3);
    expect(byStart(times, '11:00')?.FreeSpots).toBe(6);
    expect(byStart(times, '11:30')?.FreeSpots).toBe(10);
  });

  it('reach zero and Free false when the spots are used up', () => {
    const times = group([booking('2026-03-02T10:00:00', '2026-03-02T11:00:00', { spots: 10 })]);
    expect(byStart(times, '10:00')).toMatchObject({ Free: false, FreeSpots: 0 });
  });

  it('come back when a booking is unbooked (2) or canceled (4), not when it awaits payment (5)', () => {
    const at10 = (statusId: number) => byStart(group([booking('2026-03-02T10:00:00', '2026-03-02T11:00:00', { spots: 6, statusId })]), '10:00')?.FreeSpots;
    expect(at10(2)).toBe(10);
    expect(at10(4)).toBe(10);
    expect(at10(5)).toBe(4);
    expect(at10(1)).toBe(4);
  });
});

describe('resources', () => {
  const courts = service({ requirements: [requirement(1, [11, 12, 13])] });

  it('a one-court service has as many free spots as free courts', () => {
    const bookings = [booking('2026-03-02T10:00:00', '2026-03-02T11:00:00', { resourceIds: [11] })];
    const times = availableTimes(data({ service: courts, bookings }), MONDAY);
    expect(byStart(times, '09:00')?.FreeSpots).toBe(3);
    expect(byStart(times, '10:00')?.FreeSpots).toBe(2);
  });

  it('a service needing two courts at once counts pairs', () => {
    const pairs = service({ requirements: [requirement(1, [11, 12, 13], { count: 2 })] });
    const one = [booking('2026-03-02T10:00:00', '2026-03-02T11:00:00', { resourceIds: [11] })];
    expect(byStart(availableTimes(data({ service: pairs }), MONDAY), '10:00')?.FreeSpots).toBe(1);
    expect(byStart(availableTimes(data({ service: pairs, bookings: one }), MONDAY), '10:00')?.FreeSpots).toBe(1);
    const two = [...one, booking('2026-03-02T10:00:00', '2026-03-02T11:00:00', { resourceIds: [12] })];
    expect(byStart(availableTimes(data({ service: pairs, bookings: two }), MONDAY), '10:00')).toMatchObject({ Free: false, FreeSpots: 0 });
  });

  it('NumberOfResources asks for several resources of each type', () => {
    const times = availableTimes(data({ service: courts }), { ...MONDAY, NumberOfResources: 3 });
    expect(byStart(times, '09:00')?.FreeSpots).toBe(1);
  });

  it('a service needing a room and an instructor is free only when both are', () => {
    const yoga = service({ requirements: [requirement(1, [11]), requirement(2, [21, 22])] });
    const bookings = [
      booking('2026-03-02T10:00:00', '2026-03-02T11:00:00', { resourceIds: [21] }),
      booking('2026-03-02T10:30:00', '2026-03-02T11:00:00', { resourceIds: [22], serviceId: 3 }),
      booking('2026-03-02T14:00:00', '2026-03-02T15:00:00', { resourceIds: [11], serviceId: 2 }),
    ];
    const times = availableTimes(data({ service: yoga, bookings }), MONDAY);
    expect(byStart(times, '09:30')?.FreeSpots).toBe(1);
    expect(byStart(times, '10:00')?.FreeSpots).toBe(0);
    expect(byStart(times, '11:00')?.FreeSpots).toBe(1);
    expect(byStart(times, '14:00')?.Free).toBe(false);
  });

  it('a resource booked by another service is full for this one, and ShowPerResource shows which', () => {
    const bookings = [booking('2026-03-02T09:00:00', '2026-03-02T18:00:00', { resourceIds: [12], serviceId: 99 })];
    const [first] = availableTimes(data({ service: courts, bookings }), { ...MONDAY, ShowPerResource: true });
    expect(first.FreeSpots).toBe(2);
    expect(first.Resources).toEqual([
      { ResourceTypeId: 1, ResourceId: 11, Free: true, FreeSpots: 1 },
      { ResourceTypeId: 1, ResourceId: 12, Free: false, FreeSpots: 0 },
      { ResourceTypeId: 1, ResourceId: 13, Free: true, FreeSpots: 1 },
    ]);
  });

  it('a picked resource decides alone', () => {
    const bookings = [booking('2026-03-02T09:00:00', '2026-03-02T12:00:00', { resourceIds: [12] })];
    const times = availableTimes(data({ service: courts, bookings }), { ...MONDAY, Resources: [{ ResourceTypeId: 1, ResourceId: 12 }] });
    expect(byStart(times, '09:00')).toMatchObject({ Free: false, FreeSpots: 0 });
    expect(byStart(times, '12:00')).toMatchObject({ Free: true, FreeSpots: 1 });
  });

  it('an inactive resource is never used', () => {
    const withInactive = service({ requirements: [requirement(1, [11, 12], { resources: [{ id: 11, active: true, priority: 1 }, { id: 12, active: false, priority: 1 }] })] });
    expect(availableTimes(data({ service: withInactive }), MONDAY)[0].FreeSpots).toBe(1);
  });

  it('resource-specific schedules open only their resources', () => {
    const morning = recurring({ Id: 1, EndTime: '12:00:00', IsResourceSpecific: true, Resources: [{ Id: 11, Name: 'Anna' }] });
    const afternoon = recurring({ Id: 2, StartTime: '13:00:00', IsResourceSpecific: true, Resources: [{ Id: 12, Name: 'Bo' }] });
    const staff = service({ requirements: [requirement(1, [11, 12])] });
    const times = availableTimes(data({ service: staff, recurringSchedules: [morning, afternoon] }), { ...MONDAY, ShowPerResource: true });
    expect(starts(times)).toContain('11:00');
    expect(starts(times)).not.toContain('11:15');
    expect(starts(times)).toContain('13:00');
    expect(byStart(times, '10:00')?.Resources?.map((r) => r.Free)).toEqual([true, false]);
    expect(byStart(times, '14:00')?.Resources?.map((r) => r.Free)).toEqual([false, true]);
  });

  it('a time exception for one resource closes only that resource', () => {
    const sick = exception({ From: '2026-03-02T00:00:00', To: '2026-03-03T00:00:00', ResourceIds: [11] });
    const times = availableTimes(data({ service: courts, exceptions: [sick] }), MONDAY);
    expect(times.every((t) => t.FreeSpots === 2)).toBe(true);
  });
});

describe('flexible durations', () => {
  const flexible = service({ duration: 60, flexibleDuration: true, minDuration: 60, maxDuration: 180, durationInterval: 30 });

  it('a 90-minute request gives 09:00–10:30 … 16:30–18:00', () => {
    const times = availableTimes(data({ service: flexible }), { ...MONDAY, Duration: 90 });
    expect(times).toHaveLength(31);
    expect(times[0]).toMatchObject({ From: '2026-03-02T09:00:00', To: '2026-03-02T10:30:00' });
    expect(times.at(-1)).toMatchObject({ From: '2026-03-02T16:30:00', To: '2026-03-02T18:00:00' });
  });

  it('without Duration the service duration is used', () => {
    expect(availableTimes(data({ service: flexible }), MONDAY)).toHaveLength(33);
  });
});

describe('schedule validity and horizon', () => {
  const week = { From: '2026-03-02', To: '2026-03-08' };
  const dates = (times: { From: string }[]) => [...new Set(times.map((t) => t.From.slice(0, 10)))];

  it('ValidFrom and ValidTo include both dates', () => {
    const times = availableTimes(data({ recurringSchedules: [recurring({ ValidFrom: '2026-03-04', ValidTo: '2026-03-05' })] }), week);
    expect(dates(times)).toEqual(['2026-03-04', '2026-03-05']);
  });

  it('NumberOfScheduleDays counts today: 3 means today and the next two days', () => {
    const times = availableTimes(data({ now: at('2026-03-02T08:00:00'), recurringSchedules: [recurring({ NumberOfScheduleDays: 3 })] }), week);
    expect(dates(times)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);
  });

  it('times that have started are not offered', () => {
    const times = availableTimes(data({ now: at('2026-03-02T12:10:00') }), MONDAY);
    expect(times[0].From).toBe('2026-03-02T12:15:00');
  });

  it('inactive schedules open nothing', () => {
    expect(availableTimes(data({ recurringSchedules: [recurring({ Active: false })] }), MONDAY)).toEqual([]);
  });
});

describe('booking until closing time', () => {
  const untilClosing = recurring({ EnableBookingUntilClosingTime: true, Exceptions: [{ StartTime: '12:00:00', EndTime: '13:00:00' }] });

  it('lets a time start until closing and run past it', () => {
    const times = availableTimes(data({ recurringSchedules: [untilClosing] }), MONDAY);
    expect(times.at(-1)).toMatchObject({ From: '2026-03-02T17:45:00', To: '2026-03-02T18:45:00' });
    expect(starts(times)).toContain('17:15');
  });

  it('does not let a time run into the lunch break', () => {
    expect(starts(availableTimes(data({ recurringSchedules: [untilClosing] }), MONDAY))).not.toContain('11:15');
  });

  it('still counts bookings after closing', () => {
    const late = [booking('2026-03-02T18:00:00', '2026-03-02T19:00:00')];
    const times = availableTimes(data({ recurringSchedules: [untilClosing], bookings: late }), MONDAY);
    expect(byStart(times, '17:00')?.Free).toBe(true);
    expect(byStart(times, '17:15')?.Free).toBe(false);
  });
});

describe('date schedules and fixed set times', () => {
  it('a date schedule opens its From–To on its own interval', () => {
    const saturday = dated({ ScheduleDates: [{ From: '2026-03-07T10:00:00', To: '2026-03-07T14:00:00' }] });
    const times = availableTimes(data({ recurringSchedules: [], dateSchedules: [saturday] }), { From: '2026-03-07', To: '2026-03-07' });
    expect(starts(times)).toEqual(['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00']);
  });

  it('a fixed schedule offers only its set times', () => {
    const classes = recurring({
      IsFixedTimes: true,
      ScheduleDates: [
        { StartTime: '10:00:00', EndTime: '11:00:00' },
        { StartTime: '18:00:00', EndTime: '19:00:00', DayOfWeekId: 3 },
      ],
    });
    expect(starts(availableTimes(data({ recurringSchedules: [classes] }), MONDAY))).toEqual(['10:00']);
    expect(starts(availableTimes(data({ recurringSchedules: [classes] }), { From: '2026-03-04', To: '2026-03-04' }))).toEqual(['10:00', '18:00']);
  });

  it('a schedule past midnight continues on the next day', () => {
    const night = recurring({ StartTime: '22:00:00', EndTime: '02:00:00', TimeInterval: 60, DaysOfWeek: days(5) });
    const times = availableTimes(data({ recurringSchedules: [night] }), { From: '2026-03-06', To: '2026-03-07' });
    expect(times.map((t) => t.From)).toEqual(['2026-03-06T22:00:00', '2026-03-06T23:00:00', '2026-03-07T00:00:00', '2026-03-07T01:00:00']);
  });
});

describe('exception texts', () => {
  const info = exception({ BlockTime: false, ReasonText: 'Anna covers for Bo', ReasonTextPublic: 'Substitute instructor' });

  it('an informational exception keeps the time free and shows the public text', () => {
    const times = availableTimes(data({ exceptions: [info] }), MONDAY);
    expect(byStart(times, '12:00')).toMatchObject({ Free: true, ExceptionTexts: [{ Reason: null, ReasonPublic: 'Substitute instructor' }] });
    expect(byStart(times, '13:00')?.ExceptionTexts).toEqual([]);
  });

  it('administrators also see the private reason', () => {
    const times = availableTimes(data({ exceptions: [info], showPrivateReasons: true }), MONDAY);
    expect(byStart(times, '12:00')?.ExceptionTexts).toEqual([{ Reason: 'Anna covers for Bo', ReasonPublic: 'Substitute instructor' }]);
  });

  it('a private exception shows customers nothing', () => {
    const times = availableTimes(data({ exceptions: [{ ...info, Private: true }] }), MONDAY);
    expect(byStart(times, '12:00')?.ExceptionTexts).toEqual([]);
  });

  it('a recurring exception applies on its weekdays only', () => {
    const mondays = exception({ IsRecurring: true, From: '2026-03-01T00:00:00', To: '2026-03-31T00:00:00', FromTime: '12:00:00', ToTime: '13:00:00', DaysOfWeek: days(1), ReasonTextPublic: 'Lunch' });
    const week = availableTimes(data({ exceptions: [mondays] }), { From: '2026-03-02', To: '2026-03-03' });
    expect(week.filter((t) => !t.Free).map((t) => t.From.slice(0, 10))).toEqual(Array(7).fill('2026-03-02'));
  });
});

describe('Europe/Stockholm daylight saving', () => {
  const everyDay = recurring({ DaysOfWeek: days(...EVERY_DAY) });

  it('keeps 09:00–18:00 local through the spring-forward week', () => {
    const times = availableTimes(data({ recurringSchedules: [everyDay] }), { From: '2026-03-23', To: '2026-03-29' });
    expect(times).toHaveLength(7 * 33);
    const sunday = times.filter((t) => t.From.startsWith('2026-03-29'));
    expect(sunday[0]).toMatchObject({ From: '2026-03-29T09:00:00', To: '2026-03-29T10:00:00' });
    expect(sunday.at(-1)).toMatchObject({ From: '2026-03-29T17:00:00', To: '2026-03-29T18:00:00' });
    expect(at('2026-03-29T09:00:00') - at('2026-03-28T09:00:00')).toBe(23 * 3_600_000);
  });

  it('keeps 09:00–18:00 local through the fall-back week', () => {
    const times = availableTimes(data({ recurringSchedules: [everyDay] }), { From: '2026-10-19', To: '2026-10-25' });
    expect(times).toHaveLength(7 * 33);
    expect(times.filter((t) => t.From.startsWith('2026-10-25'))[0].From).toBe('2026-10-25T09:00:00');
    expect(at('2026-10-25T09:00:00') - at('2026-10-24T09:00:00')).toBe(25 * 3_600_000);
  });

  it('offers no time in the hour that does not exist (2026-03-29 02:00–03:00)', () => {
    const night = recurring({ StartTime: '01:00:00', EndTime: '05:00:00', TimeInterval: 30, DaysOfWeek: days(7) });
    const times = availableTimes(data({ recurringSchedules: [night], service: service({ duration: 30 }) }), { From: '2026-03-29', To: '2026-03-29' });
    expect(starts(times)).toEqual(['01:00', '01:30', '03:00', '03:30', '04:00', '04:30']);
    expect(byStart(times, '01:30')?.To).toBe('2026-03-29T03:00:00');
  });

  it('does not double times in the repeated hour (2026-10-25 02:00–03:00)', () => {
    const night = recurring({ StartTime: '01:00:00', EndTime: '05:00:00', TimeInterval: 30, DaysOfWeek: days(7) });
    const times = availableTimes(data({ recurringSchedules: [night], service: service({ duration: 30 }) }), { From: '2026-10-25', To: '2026-10-25' });
    expect(starts(times)).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00', '03:30', '04:00', '04:30']);
    expect(new Set(times.map((t) => t.From)).size).toBe(times.length);
  });
});

describe('nextFreeTime', () => {
  const q: AvailabilityQuery = { From: '2026-03-02T00:00:00', To: '2027-03-01T00:00:00' };

  it('answers the first free time', () => {
    const fullMonday = [booking('2026-03-02T09:00:00', '2026-03-02T18:00:00')];
    expect(nextFreeTime(data({ bookings: fullMonday }), q)?.From).toBe('2026-03-03T09:00:00');
  });

  it('looks past the first weeks', () => {
    const later = recurring({ ValidFrom: '2026-05-04' });
    expect(nextFreeTime(data({ recurringSchedules: [later] }), q)?.From).toBe('2026-05-04T09:00:00');
  });

  it('answers null when nothing is free', () => {
    expect(nextFreeTime(data({ recurringSchedules: [] }), q)).toBeNull();
  });
});
