import type { AvailableTime } from '../../schema/availability';
import { DAY, ZoneClock } from './clock';
import { evaluateSlots, type EvaluatedSlot } from './slots';
import { AvailabilityValidationError, type AvailabilityData, type AvailabilityQuery, type NormalizedQuery } from './types';
import { validateAvailabilityQuery } from './validation';

function validated(data: AvailabilityData, query: AvailabilityQuery): NormalizedQuery {
  const result = validateAvailabilityQuery(query, data.service, data.timeZone);
  if (!result.ok) throw new AvailabilityValidationError(result.errors);
  return result.value;
}

function toWire(slot: EvaluatedSlot, clock: ZoneClock, showPerResource: boolean): AvailableTime {
  const time: AvailableTime = {
    From: clock.format(slot.start),
    To: clock.format(slot.end),
    Free: slot.freeSpots > 0,
    FreeSpots: slot.freeSpots,
    ExceptionTexts: slot.exceptionTexts,
  };
  if (showPerResource) {
    time.Resources = slot.resources.map((r) => ({ ResourceTypeId: r.resourceTypeId, ResourceId: r.resourceId, Free: r.freeSpots > 0, FreeSpots: r.freeSpots }));
  }
  return time;
}

/**
 * The times of GET /services/{Id}/availabletimes: every slot the schedules offer in the query's
 * window, with Free, FreeSpots and the exception texts the caller may see, in company-local
 * `yyyy-MM-ddTHH:mm:ss`. Throws AvailabilityValidationError for a bad query.
 * @example
 * availableTimes(
 *   { timeZone: 'Europe/Stockholm', service, recurringSchedules: [weekdays9to18Every15], dateSchedules: [],
 *     exceptions: [], bookings: [], now: Date.parse('2026-01-01T00:00:00Z') },
 *   { From: '2026-03-02T00:00:00', To: '2026-03-03T00:00:00' },
 * );
 * // [{ From: '2026-03-02T09:00:00', To: '2026-03-02T10:00:00', Free: true, FreeSpots: 1, ExceptionTexts: [] }, … 33 times]
 */
export function availableTimes(data: AvailabilityData, query: AvailabilityQuery): AvailableTime[] {
  const normalized = validated(data, query);
  const clock = ZoneClock.of(data.timeZone);
  return evaluateSlots(data, normalized).map((slot) => toWire(slot, clock, normalized.showPerResource));
}

/**
 * The first free time from the query's From up to its To (GET /services/{Id}/nextfreetime), or
 * null. Searches a week first, then month by month, so a near answer costs one small sweep.
 * @example
 * nextFreeTime(data, { From: '2026-03-02T00:00:00', To: '2027-03-01T00:00:00' })?.From // '2026-03-02T09:00:00'
 */
export function nextFreeTime(data: AvailabilityData, query: AvailabilityQuery): AvailableTime | null {
  const normalized = validated(data, query);
  const clock = ZoneClock.of(data.timeZone);
  let from = normalized.from;
  let span = 7 * DAY;
  while (from < normalized.to) {
    const to = Math.min(normalized.to, from + span);
    const slot = evaluateSlots(data, { ...normalized, from, to }).find((s) => s.freeSpots > 0);
    if (slot) return toWire(slot, clock, normalized.showPerResource);
    from = to;
    span = 31 * DAY;
  }
  return null;
}
