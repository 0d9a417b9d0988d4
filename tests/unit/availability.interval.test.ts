import { describe, expect, it } from 'vitest';
import { availableTimes, isIntervalAvailable } from '../../domain/availability';
import { at, booking, data, exception, requirement, service } from './availability.fixtures';

const slot = { From: '2026-03-02T10:00:00', To: '2026-03-02T11:00:00' };
const ranked = service({
  requirements: [
    requirement(1, [11, 12, 13], {
      resources: [
        { id: 11, active: true, priority: 99 },
        { id: 12, active: true, priority: 1 },
        { id: 13, active: true, priority: 99 },
      ],
    }),
  ],
});

describe('isIntervalAvailable', () => {
  it('accepts an offered time and assigns the resource with the lowest priority number', () => {
    expect(isIntervalAvailable(data({ service: ranked }), slot)).toEqual({
      available: true,
      from: at(slot.From),
      to: at(slot.To),
      freeSpots: 3,
      resources: [{ resourceTypeId: 1, resourceIds: [12] }],
    });
  });

  it('assigns the picked resource', () => {
    const verdict = isIntervalAvailable(data({ service: ranked }), { ...slot, Resources: [{ ResourceTypeId: 1, ResourceId: 13 }] });
    expect(verdict).toMatchObject({ available: true, resources: [{ resourceTypeId: 1, resourceIds: [13] }] });
  });

  it('skips resources that are taken', () => {
    const bookings = [booking('2026-03-02T10:30:00', '2026-03-02T11:30:00', { resourceIds: [12] })];
    expect(isIntervalAvailable(data({ service: ranked, bookings }), slot)).toMatchObject({ available: true, resources: [{ resourceIds: [11] }] });
  });

  it('refuses a time that is no longer free', () => {
    const full = [booking('2026-03-02T10:00:00', '2026-03-02T11:00:00')];
    expect(isIntervalAvailable(data({ bookings: full }), slot)).toEqual({ available: false, reason: 'NotEnoughSpots', freeSpots: 0 });
  });

  it('agrees with availableTimes before and after a booking that uses the last spot', () => {
    const before = data();
    expect(availableTimes(before, { From: '2026-03-02', To: '2026-03-02' }).find((t) => t.From === slot.From)?.Free).toBe(true);
    expect(isIntervalAvailable(before, slot).available).toBe(true);
    const after = data({ bookings: [booking(slot.From, slot.To)] });
    expect(availableTimes(after, { From: '2026-03-02', To: '2026-03-02' }).find((t) => t.From === slot.From)?.Free).toBe(false);
    expect(isIntervalAvailable(after, slot).available).toBe(false);
  });

  it('ignores the booking being moved', () => {
    const mine = booking(slot.From, slot.To);
    expect(isIntervalAvailable(data({ bookings: [mine] }), { ...slot, ExcludeBookingIds: [mine.id] }).available).toBe(true);
  });

  it('does not split a group booking over resources', () => {
    const lanes = service({ totalSpots: 4, requirements: [requirement(1, [11, 12])] });
    const bookings = [booking(slot.From, slot.To, { resourceIds: [11], spots: 2 }), booking(slot.From, slot.To, { resourceIds: [12], spots: 2 })];
    expect(isIntervalAvailable(data({ service: lanes, bookings }), { ...slot, Spots: 2 }).available).toBe(true);
    expect(isIntervalAvailable(data({ service: lanes, bookings }), { ...slot, Spots: 3 })).toEqual({ available: false, reason: 'NotEnoughSpots', freeSpots: 4 });
  });

  it('refuses times off the grid, outside the schedule or of a wrong length', () => {
    expect(isIntervalAvailable(data(), { From: '2026-03-02T10:05:00', To: '2026-03-02T11:05:00' })).toMatchObject({ available: false, reason: 'NotOffered' });
    expect(isIntervalAvailable(data(), { From: '2026-03-02T17:30:00', To: '2026-03-02T18:30:00' })).toMatchObject({ available: false, reason: 'NotOffered' });
    expect(isIntervalAvailable(data(), { From: '2026-03-02T10:00:00', To: '2026-03-02T10:45:00' })).toMatchObject({ available: false, reason: 'Invalid', errors: [{ field: 'To', code: 'DurationNotAllowed' }] });
  });

  it('refuses times that have started', () => {
    expect(isIntervalAvailable(data({ now: at('2026-03-02T10:01:00') }), slot)).toEqual({ available: false, reason: 'InThePast', freeSpots: 0 });
  });

  it('lets administrators book outside schedules, but not through a blocking exception', () => {
    const evening = { From: '2026-03-02T19:10:00', To: '2026-03-02T21:00:00', AllowBookingOutsideSchedules: true };
    expect(isIntervalAvailable(data(), evening).available).toBe(true);
    const closed = exception({ From: '2026-03-02T20:00:00', To: '2026-03-02T22:00:00' });
    expect(isIntervalAvailable(data({ exceptions: [closed] }), evening)).toMatchObject({ available: false, reason: 'NotEnoughSpots' });
  });

  it('reports bad input by field', () => {
    expect(isIntervalAvailable(data(), { From: 'soon', To: slot.To, Spots: 0 })).toEqual({
      available: false,
      reason: 'Invalid',
      errors: [
        { field: 'From', code: 'InvalidFormat' },
        { field: 'Spots', code: 'InvalidFormat' },
      ],
    });
    expect(isIntervalAvailable(data({ service: ranked }), { ...slot, Resources: [{ ResourceTypeId: 1, ResourceId: 77 }] })).toMatchObject({
      available: false,
      errors: [{ field: 'Resources[0].ResourceId', code: 'UnknownResource' }],
    });
  });
});
