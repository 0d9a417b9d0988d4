import type { AvailableTimesResource } from '../../schema/availability';
import { MINUTE, parseLocal, ZoneClock } from './clock';
import { evaluateSlots } from './slots';
import type { AvailabilityData, AvailabilityFieldError, Instant } from './types';
import { allowedDurations, validateAvailabilityQuery } from './validation';

/** A requested booking interval, as the booking call sends it. */
export interface IntervalRequest {
  From: string;
  To: string;
  Resources?: AvailableTimesResource[];
  NumberOfResources?: number;
  /** Spots the booking takes; default 1. */
  Spots?: number;
  /** Administrators may book outside schedules and off the grid; exceptions and bookings still count. */
  AllowBookingOutsideSchedules?: boolean;
  /** Bookings to ignore, e.g. the one being moved. */
  ExcludeBookingIds?: number[];
}

/** The resources assigned to a booking, per resource type. */
export interface AssignedResources {
  resourceTypeId: number;
  resourceIds: number[];
}

export type IntervalVerdict =
  | { available: true; from: Instant; to: Instant; freeSpots: number; resources: AssignedResources[] }
  | { available: false; reason: 'Invalid'; errors: AvailabilityFieldError[] }
  | { available: false; reason: 'InThePast' | 'NotOffered' | 'NotEnoughSpots'; freeSpots: number };

/**
 * Whether a booking of [From, To) with Spots spots can still be made, and which resources it gets:
 * the ones the customer picked, then the rest among those with enough spots: by Priority (then id)
 * when one more is needed, by most free spots (then Priority) when several are, which keeps the
 * most room for later bookings so that exactly FreeSpots one-spot bookings fit.
 * The booking call runs this inside its transaction with the bookings it has just locked, so the
 * answer matches what availableTimes showed. Unless AllowBookingOutsideSchedules, the interval must
 * be an offered slot: on a schedule's grid, inside its openings, with an allowed duration.
 * @example
 * const verdict = isIntervalAvailable(data, { From: '2026-03-02T09:00:00', To: '2026-03-02T10:00:00', Spots: 2 });
 * if (!verdict.available) throw conflict(verdict.reason);
 * insertBooking({ ...verdict, resources: verdict.resources });
 */
export function isIntervalAvailable(data: AvailabilityData, request: IntervalRequest): IntervalVerdict {
  const outside = request.AllowBookingOutsideSchedules === true;
  const spots = request.Spots ?? 1;
  const errors: AvailabilityFieldError[] = [];
  const from = parseLocal(request.From);
  const to = parseLocal(request.To);
  if (!from) errors.push({ field: 'From', code: 'InvalidFormat' });
  if (!to) errors.push({ field: 'To', code: 'InvalidFormat' });
  if (!Number.isInteger(spots) || spots < 1) errors.push({ field: 'Spots', code: 'InvalidFormat' });
  if (errors.length > 0 || !from || !to) return { available: false, reason: 'Invalid', errors };

  const clock = ZoneClock.of(data.timeZone);
  const start = clock.toInstantLenient(from.local);
  const end = clock.toInstantLenient(to.local);
  const duration = (end - start) / MINUTE;
  if (end <= start) return { available: false, reason: 'Invalid', errors: [{ field: 'From', code: 'FromAfterTo' }] };
  if (!outside && !allowedDurations(data.service).includes(duration)) {
    return { available: false, reason: 'Invalid', errors: [{ field: 'To', code: 'DurationNotAllowed' }] };
  }

  const service = Number.isInteger(duration) ? { ...data.service, duration, flexibleDuration: false } : data.service;
  const checked = validateAvailabilityQuery(
    { From: request.From, To: request.To, Resources: request.Resources, NumberOfResources: request.NumberOfResources },
    service,
    data.timeZone,
  );
  if (!checked.ok) return { available: false, reason: 'Invalid', errors: checked.errors };
  if (!outside && start < data.now) return { available: false, reason: 'InThePast', freeSpots: 0 };

  const query = { ...checked.value, from: start, to: start + 1, duration };
  const [slot] = evaluateSlots({ ...data, service }, query, {
    outsideSchedules: outside,
    excludeBookingIds: new Set(request.ExcludeBookingIds ?? []),
  }).filter((s) => s.start === start && s.end === end);
  if (!slot) return { available: false, reason: 'NotOffered', freeSpots: 0 };
  if (slot.freeSpots < spots) return { available: false, reason: 'NotEnoughSpots', freeSpots: slot.freeSpots };

  const resources: AssignedResources[] = [];
  for (const requirement of query.requirements) {
    const freeOf = new Map(slot.resources.filter((r) => r.resourceTypeId === requirement.resourceTypeId).map((r) => [r.resourceId, r.freeSpots]));
    const enough = new Set([...freeOf].filter(([, free]) => free >= spots).map(([id]) => id));
    const need = requirement.count - requirement.picked.length;
    const others = requirement.candidates.filter((id) => !requirement.picked.includes(id) && enough.has(id));
    if (need > 1) others.sort((a, b) => (freeOf.get(b) ?? 0) - (freeOf.get(a) ?? 0));
    if (requirement.picked.some((id) => !enough.has(id)) || others.length < need) {
      return { available: false, reason: 'NotEnoughSpots', freeSpots: slot.freeSpots };
    }
    resources.push({ resourceTypeId: requirement.resourceTypeId, resourceIds: [...requirement.picked, ...others.slice(0, need)] });
  }
  return { available: true, from: start, to: end, freeSpots: slot.freeSpots, resources };
}
