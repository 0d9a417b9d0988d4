import { describe, expect, it } from 'vitest';
import { availableTimes } from '../../domain/availability';
import type { DateSchedule, RecurringSchedule, ResourceType } from '../../schema/availability';
import type { Booking, BookingUserQueueEntry } from '../../schema/bookings';
import type { Service } from '../../schema/services';
import { boardEvents, boardResources, closedShades, dayOf, fromWire, queueMarks, rangeOf, serviceLanes, snapResize, statusLook, step, toWire, type Shade } from '../../src/custom/scheduler/model';

const resource = (Id: number, Name: string, Active = true) => ({ Id, Name, Active, Color: '#123456', Description: null, Email: null, MobilePhone: null, ImageUrl: null, Priority: 99, EmailNotification: false, SMSNotification: false });

describe('the scheduler board model', () => {
  it('weeks start on Monday, months cover whole weeks, steps move by the view', () => {
    const week = rangeOf('week', '2030-01-17');
    expect([dayOf(week.start), dayOf(week.end)]).toEqual(['2030-01-14', '2030-01-21']);
    const month = rangeOf('month', '2030-01-17');
    expect([dayOf(month.start), dayOf(month.end)]).toEqual(['2029-12-31', '2030-02-04']);
    expect(step('day', '2030-01-31', 1)).toBe('2030-02-01');
    expect(step('week', '2030-01-17', -1)).toBe('2030-01-10');
    expect(step('month', '2030-01-31', 1)).toBe('2030-02-01');
  });

  it('keeps the wire time as the wall-clock time', () => {
    expect(toWire(fromWire('2030-03-31T02:30:00'))).toBe('2030-03-31T02:30:00');
  });

  it('lists active resources once, grouped by type in the stored order, the type named on its first', () => {
    const types = [
      { Id: 2, Name: 'Rum', Description: null, Active: true, Resources: [resource(5, 'Yogasalen'), resource(6, 'Stängd', false)] },
      { Id: 1, Name: 'Banor', Description: null, Active: true, Resources: [resource(1, 'Bana 1'), resource(5, 'Yogasalen')] },
    ] as ResourceType[];
    const shown = boardResources(types, 'name');
    expect(shown.map((r) => [r.name, r.typeName, r.firstOfType])).toEqual([
      ['Bana 1', 'Banor', true],
      ['Yogasalen', 'Banor', false],
    ]);
  });

  // As GET /services?IncludeResources=true, GET /schedules/recurring and GET /schedules/date answer them.
  const padelService = {
    Id: 9,
    Name: 'Padel 60 min',
    Active: true,
    ResourceTypes: [{ Id: 3, Name: 'Banor', NumberOfResources: 1, SelectableByUser: true, AllResources: true, Resources: [] }],
  } as unknown as Service;
  const massage = {
    Id: 10,
    Name: 'Massage',
    Active: true,
    ResourceTypes: [{ Id: 4, Name: 'Instruktörer', NumberOfResources: 1, SelectableByUser: true, AllResources: false, Resources: [{ Id: 21, Name: 'Anna' }] }],
  } as unknown as Service;
  const sauna = { Id: 11, Name: 'Bastu', Active: true, ResourceTypes: [] } as unknown as Service;
  const weekdays: RecurringSchedule = {
    Id: 1,
    Name: 'Vardagar',
    Description: null,
    Active: true,
    TimeInterval: 30,
    ValidFrom: null,
    ValidTo: null,
    StartTime: '07:00:00',
    EndTime: '21:00:00',
    NumberOfScheduleDays: 14,
    IsResourceSpecific: false,
    EnableBookingUntilClosingTime: false,
    IsFixedTimes: false,
    DaysOfWeek: [{ DayOfWeekId: 1, DotNetDayOfWeekId: 1, DayOfWeek: 'Monday' }],
    Exceptions: [{ StartTime: '12:00:00', EndTime: '13:00:00' }],
    ScheduleDates: [],
    Resources: [],
    Services: [{ Id: 9, Name: 'Padel 60 min' }, { Id: 10, Name: 'Massage' }, { Id: 11, Name: 'Bastu' }],
  };
  const courts = [{ id: 1, name: 'Bana 1', color: '#fff', typeId: 3, typeName: 'Banor', firstOfType: true }];
  const spans = (shades: Shade[]) => shades.map((s) => [s.resourceId, toWire(s.start), toWire(s.end)]);

  it('shades the hours outside the schedules of the services that book a resource, breaks included', () => {
    const monday = rangeOf('day', '2030-01-14');
    expect(spans(closedShades([weekdays], [], courts, [padelService], monday, 'Closed'))).toEqual([
      [1, '2030-01-14T00:00:00', '2030-01-14T07:00:00'],
      [1, '2030-01-14T12:00:00', '2030-01-14T13:00:00'],
      [1, '2030-01-14T21:00:00', '2030-01-15T00:00:00'],
    ]);
    // Tuesday is not in the schedule: closed all day (no booking horizon is applied: NumberOfScheduleDays is not a closing).
    expect(spans(closedShades([weekdays], [], courts, [padelService], rangeOf('day', '2030-01-15'), 'Closed'))).toEqual([[1, '2030-01-15T00:00:00', '2030-01-16T00:00:00']]);
    // A resource no service books is not shaded; one the service does not name is not opened by its schedules.
    const instructors = [
      { id: 21, name: 'Anna', color: '#fff', typeId: 4, typeName: 'Instruktörer', firstOfType: true },
      { id: 22, name: 'Erik', color: '#fff', typeId: 4, typeName: 'Instruktörer', firstOfType: false },
    ];
    expect(closedShades([weekdays], [], instructors, [massage], monday, 'Closed').filter((s) => s.resourceId === 22)).toEqual([]);
    expect(closedShades([weekdays], [], instructors, [massage], monday, 'Closed').filter((s) => s.resourceId === 21)).toHaveLength(3);
  });

  it('opens the times of date schedules too, so that the board shows open what availabletimes offers', () => {
    // A Saturday opening 10:00 to Sunday 16:00 for padel, and a resource-specific one for court 2 only.
    const weekend: DateSchedule = {
      Id: 7,
      Name: 'Turnering',
      Description: null,
      Active: true,
      TimeInterval: 60,
      IsResourceSpecific: false,
      ScheduleDates: [{ Id: 70, From: '2030-01-19T10:00:00', To: '2030-01-20T16:00:00' }],
      Resources: [],
      Services: [{ Id: 9, Name: 'Padel 60 min' }],
    };
    const court2Only: DateSchedule = { ...weekend, Id: 8, IsResourceSpecific: true, ScheduleDates: [{ Id: 80, From: '2030-01-19T06:00:00', To: '2030-01-20T08:00:00' }], Resources: [{ Id: 2, Name: 'Bana 2' }] };
    const two = [...courts, { id: 2, name: 'Bana 2', color: '#fff', typeId: 3, typeName: 'Banor', firstOfType: false }];
    const weekendRange = { start: fromWire('2030-01-19'), end: fromWire('2030-01-21') };
    expect(spans(closedShades([weekdays], [weekend, court2Only], two, [padelService], weekendRange, 'Closed'))).toEqual([
      [1, '2030-01-19T00:00:00', '2030-01-19T10:00:00'],
      [1, '2030-01-20T16:00:00', '2030-01-21T00:00:00'],
      [2, '2030-01-19T00:00:00', '2030-01-19T06:00:00'],
      [2, '2030-01-20T16:00:00', '2030-01-21T00:00:00'],
    ]);
    // The same shape through the availability engine: padel is offered exactly inside what the board shows open.
    const data = {
      timeZone: 'Europe/Stockholm',
      service: { id: 9, duration: 60, flexibleDuration: false, totalSpots: 1, requirements: [{ resourceTypeId: 3, count: 1, customerMayPick: false, resources: [{ id: 1, active: true, priority: 1 }] }] },
      recurringSchedules: [weekdays],
      dateSchedules: [weekend],
      exceptions: [],
      bookings: [],
      now: Date.UTC(2030, 0, 1),
    };
    const offered = availableTimes(data, { From: '2030-01-19', To: '2030-01-20' }).map((t) => [t.From, t.To]);
    expect(offered[0]).toEqual(['2030-01-19T10:00:00', '2030-01-19T11:00:00']);
    expect(offered.at(-1)).toEqual(['2030-01-20T15:00:00', '2030-01-20T16:00:00']);
    // A inactive date schedule opens nothing.
    expect(spans(closedShades([], [{ ...weekend, Active: false }], courts, [padelService], weekendRange, 'Closed'))).toEqual([
      [1, '2030-01-19T00:00:00', '2030-01-20T00:00:00'],
      [1, '2030-01-20T00:00:00', '2030-01-21T00:00:00'],
    ]);
  });

  it('gives a service without resources a lane of its own, with its bookings and opening hours', () => {
    const lanes = [...courts, ...serviceLanes([padelService, sauna], 'Without resource')];
    expect(lanes.map((l) => [l.id, l.typeName, l.name, l.firstOfType])).toEqual([
      [1, 'Banor', 'Bana 1', true],
      [-11, 'Without resource', 'Bastu', true],
    ]);
    const booking = { Id: 5, ServiceId: 11, ServiceName: 'Bastu', From: '2030-01-14T08:00:00', To: '2030-01-14T09:00:00', StatusId: 1, Resources: [] } as unknown as Booking;
    expect(boardEvents([booking], lanes).map((e) => e.resourceId)).toEqual([-11]);
    expect(spans(closedShades([weekdays], [], lanes, [padelService, sauna], rangeOf('day', '2030-01-14'), 'Closed')).filter(([id]) => id === -11)).toHaveLength(3);
  });

  it('counts the customers waiting in the queue per service and time, on the first shown lane of the service', () => {
    const entry = (Id: number, ServiceId: number, From: string, To: string) =>
      ({ Id, ServiceId, ServiceName: ServiceId === 9 ? 'Padel 60 min' : 'Bastu', CustomerId: Id, CustomerName: `K${Id}`, CustomerEmail: null, From, To, Quantity: 1, Comment: null, Created: From }) as BookingUserQueueEntry;
    const lanes = [...courts, ...serviceLanes([sauna], 'Without resource')];
    const marks = queueMarks(
      [entry(1, 9, '2030-01-14T10:00:00', '2030-01-14T11:00:00'), entry(2, 9, '2030-01-14T10:00:00', '2030-01-14T11:00:00'), entry(3, 11, '2030-01-14T10:00:00', '2030-01-14T11:00:00'), entry(4, 9, '2030-01-14T12:00:00', '2030-01-14T13:00:00')],
      lanes,
      [padelService, sauna],
    );
    expect(marks.map((m) => [m.serviceName, toWire(m.start), m.count, m.laneId])).toEqual([
      ['Padel 60 min', '2030-01-14T10:00:00', 2, 1],
      ['Bastu', '2030-01-14T10:00:00', 1, -11],
      ['Padel 60 min', '2030-01-14T12:00:00', 1, 1],
    ]);
    // Padel's courts filtered away: still counted (the agenda lists it), on no lane.
    expect(queueMarks([entry(1, 9, '2030-01-14T10:00:00', '2030-01-14T11:00:00')], [], [padelService])[0].laneId).toBeNull();
  });

  it('tells the statuses apart', () => {
    expect([1, 3, 5, 4, 2, 7].map(statusLook)).toEqual(['booked', 'reserved', 'awaitingPayment', 'canceled', 'canceled', 'booked']);
  });
});

describe('resizing on the board', () => {
  const padel = { Id: 1, Duration: 60, MinDuration: 60, MaxDuration: 120, DurationInterval: 30, DurationTypeId: 3 } as Service;
  const fixed = { Id: 2, Duration: 60, MinDuration: 60, MaxDuration: 60, DurationInterval: 60, DurationTypeId: 1 } as Service;
  const at = (time: string) => fromWire(`2030-01-14T${time}:00`);
  const was = { start: at('16:00'), end: at('17:00') };
  const snapped = (service: Service | undefined, start: string, end: string) => {
    const r = snapResize(service, was, at(start), at(end));
    return [toWire(r.start).slice(11, 16), toWire(r.end).slice(11, 16)];
  };

  it('takes the nearest length the service allows, keeping the edge not dragged', () => {
    expect(snapped(padel, '16:00', '17:15')).toEqual(['16:00', '17:30']);
    expect(snapped(padel, '16:00', '17:45')).toEqual(['16:00', '18:00']);
    expect(snapped(padel, '16:00', '17:10')).toEqual(['16:00', '17:00']);
    expect(snapped(padel, '16:00', '16:15')).toEqual(['16:00', '17:00']);
    expect(snapped(padel, '16:00', '19:00')).toEqual(['16:00', '18:00']);
    expect(snapped(padel, '15:45', '17:00')).toEqual(['15:30', '17:00']);
  });

  it('snaps a fixed length back and leaves moves and unknown services alone', () => {
    expect(snapped(fixed, '16:00', '17:30')).toEqual(['16:00', '17:00']);
    expect(snapped(padel, '17:00', '18:00')).toEqual(['17:00', '18:00']);
    expect(snapped(undefined, '16:00', '17:15')).toEqual(['16:00', '17:15']);
  });
});
