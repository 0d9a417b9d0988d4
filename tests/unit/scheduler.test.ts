import { describe, expect, it } from 'vitest';
import type { RecurringSchedule, ResourceType } from '../../schema/availability';
import { boardResources, closedShades, dayOf, fromWire, rangeOf, statusLook, step, toWire } from '../../src/custom/scheduler/model';

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

  it('shades the hours outside the schedules that apply to a resource', () => {
    const schedule = { Id: 1, Active: true, IsResourceSpecific: false, ValidFrom: null, ValidTo: null, StartTime: '07:00:00', EndTime: '21:00:00', DaysOfWeek: [{ DayOfWeekId: 1 }], Resources: [], Services: [{ Id: 9, Name: 'Padel' }] } as unknown as RecurringSchedule;
    const courts = [{ id: 1, name: 'Bana 1', color: '#fff', typeId: 3, typeName: 'Banor', firstOfType: true }];
    const monday = rangeOf('day', '2030-01-14');
    const shades = closedShades([schedule], courts, new Map([[9, [3]]]), monday, 'Closed');
    expect(shades.map((s) => [toWire(s.start), toWire(s.end)])).toEqual([
      ['2030-01-14T00:00:00', '2030-01-14T07:00:00'],
      ['2030-01-14T21:00:00', '2030-01-15T00:00:00'],
    ]);
    // Tuesday is not in the schedule: closed all day.
    expect(closedShades([schedule], courts, new Map([[9, [3]]]), rangeOf('day', '2030-01-15'), 'Closed')).toHaveLength(1);
  });

  it('tells the statuses apart', () => {
    expect([1, 3, 5, 4, 2, 7].map(statusLook)).toEqual(['booked', 'reserved', 'awaitingPayment', 'canceled', 'canceled', 'booked']);
  });
});
