import type { ExceptionInterval } from './exceptions';
import type { BookingLoad, Instant } from './types';

/**
 * Booking statuses that give their capacity back: 2 Unbooked and 4 Canceled. Every other status
 * (1 Booked, 3 Reserved, 5–9 awaiting payment or paid, 10 Invoiced, and any unknown id) holds it.
 */
export const CAPACITY_FREEING_STATUSES: ReadonlySet<number> = new Set([2, 4]);
const UNBOOKED = 2;
const CANCELED = 4;

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

/**
 * Load changes are packed into one number each, `second · 2^15 + load code`, so a resource's
 * starts and ends sort as Float64Arrays (native numeric sort, no objects, no comparator), and
 * bookings that arrive ordered by From need no sort of their starts at all.
 */
const PACK = 32_768;
const FULL_CODE = 32_767;

/** A resource's load changes while they are being collected. */
export interface LoadChanges {
  starts: number[];
  ends: number[];
}

function pushInterval(changes: LoadChanges, start: Instant, end: Instant, load: number): void {
  if (end <= start || load <= 0) return;
  const code = load >= FULL_LOAD ? FULL_CODE : Math.min(load, FULL_CODE - 1);
  changes.starts.push(Math.floor(start / 1000) * PACK + code);
  changes.ends.push(Math.ceil(end / 1000) * PACK + code);
}

/** Sorts a copy; an already ordered list costs one pass, a nearly ordered one an insertion sort. */
function sorted(keys: readonly number[]): Float64Array {
  const out = new Float64Array(keys);
  let budget = 8 * out.length + 64;
  for (let i = 1; i < out.length; i++) {
    const key = out[i];
    let j = i - 1;
    while (j >= 0 && out[j] > key) {
      out[j + 1] = out[j];
      j--;
      if (--budget < 0) return out.sort();
    }
    out[j + 1] = key;
  }
  return out;
}

/** Merges two ascending lists into one. */
function merged(a: Float64Array, b: Float64Array): Float64Array {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out = new Float64Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i] <= b[j] ? a[i++] : b[j++];
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out;
}

const amountOf = (code: number): number => (code === FULL_CODE ? FULL_LOAD : code);

/**
 * The load of one resource over time as a step function, built once by sorting its changes and
 * then queried per slot.
 * @example
 * const p = LoadProfile.build([{ start: 0, end: 10_000, load: 2 }, { start: 5_000, end: 20_000, load: 1 }]);
 * p.maxLoad(0, 6_000);       // 3
 * p.maxLoad(10_000, 30_000); // 1
 */
export class LoadProfile {
  private constructor(
    private readonly times: Float64Array,
    private readonly loads: Float64Array,
  ) {}

  static readonly EMPTY = new LoadProfile(new Float64Array(0), new Float64Array(0));

  /** Intervals in whole seconds (starts are rounded down, ends up). */
  static build(intervals: readonly { start: Instant; end: Instant; load: number }[]): LoadProfile {
    const changes: LoadChanges = { starts: [], ends: [] };
    for (const i of intervals) pushInterval(changes, i.start, i.end, i.load);
    return LoadProfile.fromChanges(changes);
  }

  /** From two groups of changes (bookings, blocks), each sorted on its own and then merged. */
  static fromChanges(first: LoadChanges, second: LoadChanges = { starts: [], ends: [] }): LoadProfile {
    if (first.starts.length + second.starts.length === 0) return LoadProfile.EMPTY;
    const starts = merged(sorted(first.starts), sorted(second.starts));
    const ends = merged(sorted(first.ends), sorted(second.ends));
    const times = new Float64Array(starts.length + ends.length);
    const loads = new Float64Array(starts.length + ends.length);
    let n = 0;
    let load = 0;
    let i = 0;
    let j = 0;
    while (i < starts.length || j < ends.length) {
      const second = Math.min(
        i < starts.length ? Math.floor(starts[i] / PACK) : Number.POSITIVE_INFINITY,
        j < ends.length ? Math.floor(ends[j] / PACK) : Number.POSITIVE_INFINITY,
      );
      const base = second * PACK;
      while (i < starts.length && starts[i] - base < PACK) load += amountOf(starts[i++] - base);
      while (j < ends.length && ends[j] - base < PACK) load -= amountOf(ends[j++] - base);
      times[n] = second * 1000;
      loads[n++] = load;
    }
    return new LoadProfile(times.subarray(0, n), loads.subarray(0, n));
  }

  /**
   * A reader for slots taken in order: when neither start nor end ever goes back, each change is
   * looked at about twice in all (a sliding-window maximum), instead of a search per slot.
   * @example
   * const next = profile.sweep();
   * for (const s of slotStarts) next(s, s + duration); // starts ascending
   */
  sweep(): (start: Instant, end: Instant) => number {
    const { times, loads } = this;
    const queue = new Int32Array(times.length);
    let head = 0;
    let tail = 0;
    let entered = 0;
    let current = -1;
    return (start, end) => {
      while (current + 1 < times.length && times[current + 1] <= start) current++;
      while (entered < times.length && times[entered] < end) {
        while (tail > head && loads[queue[tail - 1]] <= loads[entered]) tail--;
        queue[tail++] = entered++;
      }
      while (tail > head && queue[head] < current) head++;
      return tail > head ? Math.max(0, loads[queue[head]]) : 0;
    };
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
  const bookings = new Map<number, LoadChanges>();
  const blocks = new Map<number, LoadChanges>();
  for (const id of sources.resourceIds) {
    bookings.set(id, { starts: [], ends: [] });
    blocks.set(id, { starts: [], ends: [] });
  }
  const ownService = bookings.get(SERVICE_ITSELF);

  const { from, to } = sources;
  const excluded = sources.excludeBookingIds ?? new Set<number>();
  for (const b of sources.bookings) {
    if (b.to <= from || b.from >= to || b.statusId === UNBOOKED || b.statusId === CANCELED || excluded.has(b.id)) continue;
    const mine = b.serviceId === sources.serviceId;
    if (mine && ownService) pushInterval(ownService, b.from, b.to, b.spots);
    for (const r of b.resourceIds) {
      const changes = bookings.get(r);
      if (changes) pushInterval(changes, b.from, b.to, mine ? b.spots : FULL_LOAD);
    }
  }

  const everything: { start: Instant; end: Instant }[] = [];
  for (const e of sources.exceptions) {
    if (!e.blocking) continue;
    if (e.resourceIds === null) everything.push(e);
    else {
      for (const r of e.resourceIds) {
        const changes = blocks.get(r);
        if (changes) pushInterval(changes, e.start, e.end, FULL_LOAD);
      }
    }
  }

  const profiles = new Map<number, LoadProfile>();
  for (const [id, changes] of bookings) profiles.set(id, LoadProfile.fromChanges(changes, blocks.get(id)));
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
  if (need === 1) return hi;
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
