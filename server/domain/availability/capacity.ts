import type { ExceptionInterval } from './exceptions';
import type { BookingLoad, Instant } from './types';

/**
 * Booking statuses that give their capacity back: 2 Unbooked and 4 Canceled. Every other status
 * (1 Booked, 3 Reserved, 5–9 awaiting payment or paid, 10 Invoiced, and any unknown id) holds it.
 */
export const CAPACITY_FREEING_STATUSES: ReadonlySet<number> = new Set([2, 4]);

/** Load that fills any capacity: a blocking exception, or another service's booking on a resource. */
export const FULL_LOAD = 1_000_000_000;

/** Key of the service's own capacity when it needs no resources. */
export const SERVICE_ITSELF = 0;

/**
 * Whether a booking in this status occupies its time.
 * @example holdsCapacity(1) // true (Booked);  holdsCapacity(4) // false (Canceled)
 */
export function holdsCapacity(statusId: number): boolean {
  return !CAPACITY_FREEING_STATUSES.has(statusId);
}

interface LoadEvent {
  at: Instant;
  delta: number;
}

/**
 * The load of one resource over time as a step function, built once by sorting its events and
 * then queried per slot with a binary search.
 * @example
 * const p = LoadProfile.build([{ start: 0, end: 10, load: 2 }, { start: 5, end: 20, load: 1 }]);
 * p.maxLoad(0, 6);   // 3
 * p.maxLoad(10, 30); // 1
 */
export class LoadProfile {
  private constructor(
    private readonly times: readonly Instant[],
    private readonly loads: readonly number[],
  ) {}

  static readonly EMPTY = new LoadProfile([], []);

  static build(intervals: readonly { start: Instant; end: Instant; load: number }[]): LoadProfile {
    if (intervals.length === 0) return LoadProfile.EMPTY;
    const events: LoadEvent[] = [];
    for (const i of intervals) {
      if (i.end <= i.start || i.load <= 0) continue;
      events.push({ at: i.start, delta: i.load }, { at: i.end, delta: -i.load });
    }
    events.sort((a, b) => a.at - b.at);
    const times: Instant[] = [];
    const loads: number[] = [];
    let load = 0;
    for (let k = 0; k < events.length; ) {
      const at = events[k].at;
      while (k < events.length && events[k].at === at) load += events[k++].delta;
      times.push(at);
      loads.push(load);
    }
    return new LoadProfile(times, loads);
  }

  /** The highest load anywhere in [start, end). */
  maxLoad(start: Instant, end: Instant): number {
    const times = this.times;
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (times[mid] <= start) lo = mid + 1;
      else hi = mid;
    }
    let k = lo - 1;
    let max = k >= 0 ? this.loads[k] : 0;
    for (k = lo; k < times.length && times[k] < end; k++) {
      if (this.loads[k] > max) max = this.loads[k];
    }
    return max;
  }
}

/**
 * Intervals that close everything (blocking exceptions for all resources), merged for fast lookup.
 * @example new BlockList([{ start: 0, end: 10 }, { start: 5, end: 15 }]).overlaps(14, 20) // true
 */
export class BlockList {
  private readonly starts: Instant[] = [];
  private readonly ends: Instant[] = [];

  constructor(intervals: readonly { start: Instant; end: Instant }[]) {
    const sorted = [...intervals].filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
    for (const i of sorted) {
      const last = this.ends.length - 1;
      if (last >= 0 && i.start <= this.ends[last]) this.ends[last] = Math.max(this.ends[last], i.end);
      else {
        this.starts.push(i.start);
        this.ends.push(i.end);
      }
    }
  }

  /** Whether any blocked time lies inside [start, end). */
  overlaps(start: Instant, end: Instant): boolean {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.starts[mid] < end) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && this.ends[lo - 1] > start;
  }
}

/** Inputs for building per-resource load. */
export interface LoadSources {
  serviceId: number;
  /** Resource keys to build profiles for (SERVICE_ITSELF when the service needs no resources). */
  resourceIds: readonly number[];
  bookings: readonly BookingLoad[];
  exceptions: readonly ExceptionInterval[];
  /** Only load overlapping [from, to) matters. */
  from: Instant;
  to: Instant;
  excludeBookingIds?: ReadonlySet<number>;
}

/**
 * Builds the load profile of each resource and the block list of exceptions that close
 * everything. A booking of this service adds its spots on each of its resources (or on the
 * service itself when the service needs no resources); a booking of another service fills its
 * resources; a blocking exception fills the resources it names.
 * @example
 * const { profiles, blocked } = buildLoad({ serviceId: 1, resourceIds: [7], bookings, exceptions, from, to });
 * profiles.get(7)?.maxLoad(slotStart, slotEnd);
 */
export function buildLoad(sources: LoadSources): { profiles: Map<number, LoadProfile>; blocked: BlockList } {
  const perResource = new Map<number, { start: Instant; end: Instant; load: number }[]>();
  for (const id of sources.resourceIds) perResource.set(id, []);
  const ownService = perResource.get(SERVICE_ITSELF);

  for (const b of sources.bookings) {
    if (b.to <= sources.from || b.from >= sources.to || !holdsCapacity(b.statusId)) continue;
    if (sources.excludeBookingIds?.has(b.id)) continue;
    const mine = b.serviceId === sources.serviceId;
    if (mine && ownService) ownService.push({ start: b.from, end: b.to, load: b.spots });
    for (const r of b.resourceIds) {
      perResource.get(r)?.push({ start: b.from, end: b.to, load: mine ? b.spots : FULL_LOAD });
    }
  }

  const everything: { start: Instant; end: Instant }[] = [];
  for (const e of sources.exceptions) {
    if (!e.blocking) continue;
    if (e.resourceIds === null) everything.push(e);
    else for (const r of e.resourceIds) perResource.get(r)?.push({ start: e.start, end: e.end, load: FULL_LOAD });
  }

  const profiles = new Map<number, LoadProfile>();
  for (const [id, intervals] of perResource) profiles.set(id, LoadProfile.build(intervals));
  return { profiles, blocked: new BlockList(everything) };
}

/**
 * How many one-spot bookings still fit for one resource type: each booking takes every picked
 * resource and `need` more distinct resources among the others, one spot on each. With free
 * spots f, k bookings fit exactly when every picked f ≥ k and Σ min(f, k) over the others ≥ need·k.
 * @example bookingsThatFit([], [3, 1, 1], 1) // 5: three spots on one resource, one on each of two
 * @example bookingsThatFit([], [3, 1, 1], 2) // 2: each booking needs two resources at once
 * @example bookingsThatFit([2], [5], 1)      // 2: the picked resource has only two spots left
 */
export function bookingsThatFit(pickedFree: readonly number[], otherFree: readonly number[], need: number): number {
  let hi = Number.POSITIVE_INFINITY;
  for (const f of pickedFree) hi = Math.min(hi, f);
  if (need <= 0) return hi === Number.POSITIVE_INFINITY ? 0 : hi;
  let total = 0;
  for (const f of otherFree) total += f;
  hi = Math.min(hi, Math.floor(total / need));
  const fits = (k: number): boolean => {
    let sum = 0;
    for (const f of otherFree) sum += Math.min(f, k);
    return sum >= need * k;
  };
  let lo = 0;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
