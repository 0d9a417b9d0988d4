import { DAY, dayOf } from '../availability/clock';
import { ZoneClock, expandExceptions, expandSchedules, type AvailabilityData, type Instant, type ServiceSpec } from '../availability';

/** One service as occupancy reads it: the engine's spec and the schedules and exceptions availability reads. */
export interface ServiceCalendarInput {
  service: ServiceSpec;
  calendar: Pick<AvailabilityData, 'recurringSchedules' | 'dateSchedules' | 'exceptions'>;
}

/** Open minutes in a window: per resource (all services that use it together), and per service on each of its resources. */
export interface OpenTime {
  /** Resource id → open minutes (the union of the openings of every service that books it, minus closing exceptions). */
  resources: Map<number, number>;
  /** Service id → resource id (0: the service is booked on its own) → open minutes from that service's schedules. */
  services: Map<number, Map<number, number>>;
}

type Interval = [start: Instant, end: Instant];

/** The service's own capacity when it needs no resources (as availability counts it). */
export const SERVICE_ITSELF = 0;

/**
 * Open time in [from, to), from the schedules and exceptions availability uses (expandSchedules,
 * expandExceptions), so occupancy and free times never disagree on when a resource is open: each
 * opening applies to its resources (a resource-specific schedule) or to every resource of the
 * service; a closing exception (BlockTime) takes its time out of the resources it names (or all).
 * NumberOfScheduleDays (how far ahead customers may book) closes no day: a day is open by its hours.
 * @example
 * openTime('Europe/Stockholm', [{ service, calendar }], Date.parse('2026-03-02T00:00+01:00'), Date.parse('2026-03-09T00:00+01:00'))
 * // resources: Map { 7 => 2700 } for a court open 09–18 on weekdays
 */
export function openTime(timeZone: string, services: readonly ServiceCalendarInput[], from: Instant, to: Instant): OpenTime {
  const clock = ZoneClock.of(timeZone);
  const window = {
    firstDay: dayOf(clock.toLocal(from)) - 1,
    lastDay: dayOf(clock.toLocal(to)) + 1,
    // Only the openings are read, not the slot starts: an empty start window keeps expandSchedules from listing them.
    startFrom: from,
    startBefore: from,
    today: dayOf(clock.toLocal(to)) + 1,
  };
  const perResource = new Map<number, Interval[]>();
  const services_ = new Map<number, Map<number, number>>();
  for (const { service, calendar } of services) {
    const own = service.requirements.length === 0;
    const resourcesOfService = own ? [SERVICE_ITSELF] : [...new Set(service.requirements.flatMap((r) => r.resources.filter((x) => x.active).map((x) => x.id)))];
    const pieces = expandSchedules(calendar.recurringSchedules, calendar.dateSchedules, clock, window);
    const closing = expandExceptions(calendar.exceptions, clock, from, to, false).filter((e) => e.blocking);
    const minutes = new Map<number, number>();
    for (const resource of resourcesOfService) {
      const opened = pieces
        .filter((p) => own || p.resourceIds === null || p.resourceIds.has(resource))
        .map((p): Interval => [Math.max(p.start, from), Math.min(p.end, to)])
        .filter(([a, b]) => b > a);
      const closed = closing.filter((e) => e.resourceIds === null || e.resourceIds.has(resource)).map((e): Interval => [e.start, e.end]);
      const open = subtract(union(opened), union(closed));
      minutes.set(resource, measure(open));
      if (!own) perResource.set(resource, [...(perResource.get(resource) ?? []), ...open]);
    }
    services_.set(service.id, minutes);
  }
  const resources = new Map<number, number>();
  for (const [resource, intervals] of perResource) resources.set(resource, measure(union(intervals)));
  return { resources, services: services_ };
}

/** The instants that begin the company-local days `first` and the day after `last` (yyyy-MM-dd). */
export function dayWindow(timeZone: string, first: string, last: string): { from: Instant; to: Instant } {
  const clock = ZoneClock.of(timeZone);
  const local = (text: string): number => Date.parse(`${text}T00:00:00Z`);
  return { from: clock.toInstantLenient(local(first)), to: clock.toInstantLenient(local(last) + DAY) };
}

function union(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: Interval[] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** `open` minus `closed`, both sorted and disjoint. */
function subtract(open: readonly Interval[], closed: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let j = 0;
  for (const [start, end] of open) {
    let a = start;
    while (j < closed.length && closed[j][1] <= a) j++;
    let k = j;
    while (k < closed.length && closed[k][0] < end) {
      if (closed[k][0] > a) out.push([a, closed[k][0]]);
      a = Math.max(a, closed[k][1]);
      k++;
    }
    if (a < end) out.push([a, end]);
  }
  return out;
}

const measure = (intervals: readonly Interval[]): number => intervals.reduce((sum, [a, b]) => sum + (b - a), 0) / 60_000;
