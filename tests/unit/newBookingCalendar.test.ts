import { describe, expect, it } from 'vitest';
import { serviceDurations } from '../../src/common/serviceDurations';
import { daysOf, formatClock, formatRange, repeatDates, searchRange, stepDay } from '../../src/custom/newBooking/calendar';

describe('the new-booking calendar', () => {
  it('shows a day, or Monday to Sunday of its week, and moves a day or a week at a time', () => {
    expect(daysOf('2030-06-05', 'day')).toEqual(['2030-06-05']);
    expect(daysOf('2030-06-05', 'week')).toEqual(['2030-06-03', '2030-06-04', '2030-06-05', '2030-06-06', '2030-06-07', '2030-06-08', '2030-06-09']);
    expect(stepDay('2030-06-30', 'day', 1)).toBe('2030-07-01');
    expect(stepDay('2030-06-05', 'week', -1)).toBe('2030-05-29');
    expect(searchRange(daysOf('2030-06-05', 'week'))).toEqual({ From: '2030-06-03T00:00:00', To: '2030-06-09' });
  });

  it('keeps the wall-clock time of repeated dates across a daylight-saving change', () => {
    expect(repeatDates('2030-03-24T10:00:00', '2030-03-24T11:30:00', 'weekly', 2)).toEqual([{ From: '2030-03-31T10:00:00', To: '2030-03-31T11:30:00' }]);
  });

  it('repeats daily, every other week or monthly, the first time counted, and none without a frequency', () => {
    expect(repeatDates('2030-06-03T10:00:00', '2030-06-03T11:00:00', 'none', 5)).toEqual([]);
    expect(repeatDates('2030-06-03T10:00:00', '2030-06-03T11:00:00', 'daily', 3).map((d) => d.From)).toEqual(['2030-06-04T10:00:00', '2030-06-05T10:00:00']);
    expect(repeatDates('2030-06-03T10:00:00', '2030-06-03T11:00:00', 'biweekly', 2).map((d) => d.From)).toEqual(['2030-06-17T10:00:00']);
    expect(repeatDates('2030-01-31T10:00:00', '2030-01-31T11:00:00', 'monthly', 3).map((d) => d.From)).toEqual(['2030-02-28T10:00:00', '2030-03-31T10:00:00']);
    expect(repeatDates('2030-06-03T23:00:00', '2030-06-04T01:00:00', 'daily', 2)).toEqual([{ From: '2030-06-04T23:00:00', To: '2030-06-05T01:00:00' }]);
  });

  it("offers flexible durations from the minimum to the maximum in steps, trimming a maximum off the steps and always the service's own, as the server checks them", () => {
    expect(serviceDurations({ Duration: 60, DurationTypeId: 2, MinDuration: 60, MaxDuration: 130, DurationInterval: 30 })).toEqual([60, 90, 120]);
    expect(serviceDurations({ Duration: 60, DurationTypeId: 3, MinDuration: 30, MaxDuration: 100, DurationInterval: 45 })).toEqual([30, 60, 75]);
    expect(serviceDurations({ Duration: 45, DurationTypeId: 1, MinDuration: 30, MaxDuration: 90, DurationInterval: 15 })).toEqual([45]);
  });

  it('writes times as the interface language does', () => {
    expect(formatClock('2030-06-03T14:00:00', 'en')).toBe('14:00');
    expect(formatClock('2030-06-03T14:00:00', 'sv')).toBe('14:00');
    expect(formatRange('2030-06-03T10:00:00', '2030-06-03T11:00:00', 'sv')).toBe('2030-06-03 10:00–11:00');
    expect(formatRange('2030-06-03T22:00:00', '2030-06-04T02:00:00', 'en')).toBe('03/06/2030, 22:00 – 04/06/2030, 02:00');
  });
});
