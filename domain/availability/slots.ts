import type { ExceptionText } from '../../schema/availability';
import { expandSchedules, type OpeningPiece } from './calendar';
import { buildLoad, bookingsThatFit, SERVICE_ITSELF, type LoadProfile } from './capacity';
import { DAY, MINUTE, dayOf, ZoneClock } from './clock';
import { expandExceptions, type ExceptionInterval } from './exceptions';
import type { AvailabilityData, Instant, NormalizedQuery } from './types';

/** One resource's part in a slot. */
export interface ResourceShare {
  resourceTypeId: number;
  resourceId: number;
  /** A schedule opens the resource for the whole slot. */
  open: boolean;
  /** Spots left on it for this service in the slot (0 when closed, blocked or taken). */
  freeSpots: number;
}

/** A slot the service offers, with its remaining capacity. */
export interface EvaluatedSlot {
  start: Instant;
  end: Instant;
  /** One-spot bookings that still fit (see bookingsThatFit). */
  freeSpots: number;
  /** Per candidate resource of every required type; empty when the service needs no resources. */
  resources: ResourceShare[];
  exceptionTexts: ExceptionText[];
}

export interface EvaluateOptions {
  /** Skip schedules: the only slot is [query.from, query.from + duration), open on every resource. */
  outsideSchedules?: boolean;
  /** Bookings to leave out, e.g. the booking being moved. */
  excludeBookingIds?: ReadonlySet<number>;
}

/**
 * The engine's sweep: expands schedules into slot starts per resource, keeps a start for a
 * resource when the resource's openings cover the slot, then measures each slot against load
 * profiles (bookings, resource exceptions) and the block list (exceptions for everything).
 * Slots are listed when enough resources of every required type are open, whether or not spots
 * are left; slots starting before `now` are not.
 * Cost: O(P + B log B + E log E + S · R · log B) for P grid points, B bookings, E exception
 * occurrences, S slots and R candidate resources.
 * @example
 * const [first] = evaluateSlots(data, validated.value);
 * first.freeSpots; // 1 for a one-spot service with nothing booked
 */
export function evaluateSlots(data: AvailabilityData, query: NormalizedQuery, options: EvaluateOptions = {}): EvaluatedSlot[] {
  const clock = ZoneClock.of(data.timeZone);
  const duration = query.duration * MINUTE;
  const startFrom = options.outsideSchedules ? query.from : Math.max(query.from, data.now);
  const startBefore = options.outsideSchedules ? query.from + 1 : query.insideSearchInterval ? query.to - duration + 1 : query.to;
  if (startBefore <= startFrom) return [];

  const pieces: OpeningPiece[] = options.outsideSchedules
    ? [{ start: query.from, end: query.from + duration, starts: [query.from], untilClosing: false, resourceIds: null }]
    : expandSchedules(data.recurringSchedules, data.dateSchedules, clock, {
        firstDay: dayOf(clock.toLocal(startFrom)) - 1,
        lastDay: dayOf(clock.toLocal(startBefore)) + Math.ceil(duration / DAY) + 1,
        startFrom,
        startBefore,
        today: dayOf(clock.toLocal(data.now)),
      });

  const requirements = query.requirements;
  const resourceKeys = requirements.length === 0 ? [SERVICE_ITSELF] : [...new Set(requirements.flatMap((r) => r.candidates))];
  const openStartsOf = openStartsPerResource(pieces, resourceKeys, duration);

  const starts = sortedUnion(openStartsOf.values());
  if (starts.length === 0) return [];
  const windowStart = starts[0];
  const windowEnd = starts[starts.length - 1] + duration;

  const exceptions = expandExceptions(data.exceptions, clock, windowStart, windowEnd, data.showPrivateReasons === true);
  const { profiles, blocked } = buildLoad({
    serviceId: data.service.id,
    resourceIds: resourceKeys,
    bookings: data.bookings,
    exceptions,
    from: windowStart,
    to: windowEnd,
    excludeBookingIds: options.excludeBookingIds,
  });
  const capacity = Math.max(0, data.service.totalSpots);
  const resourceOf = (resourceId: number, picked: boolean): Candidate => ({
    resourceId,
    picked,
    open: openStartsOf.get(resourceId) ?? new Set<Instant>(),
    maxLoad: (profiles.get(resourceId) as LoadProfile).sweep(),
  });
  const types = requirements.map((r) => ({
    resourceTypeId: r.resourceTypeId,
    need: r.count - r.picked.length,
    candidates: r.candidates.map((id) => resourceOf(id, r.picked.includes(id))),
  }));
  const itself = requirements.length === 0 ? resourceOf(SERVICE_ITSELF, false) : null;
  const freeOn = (c: Candidate, start: Instant, end: Instant, closedToAll: boolean): number => {
    if (closedToAll || !c.open.has(start)) return 0;
    return Math.max(0, Math.min(capacity, capacity - c.maxLoad(start, end)));
  };

  const texts = new TextSweep(exceptions);
  const slots: EvaluatedSlot[] = [];
  for (const start of starts) {
    const end = start + duration;
    const closedToAll = blocked.overlaps(start, end);
    if (itself) {
      if (itself.open.has(start)) slots.push({ start, end, freeSpots: freeOn(itself, start, end, closedToAll), resources: [], exceptionTexts: texts.at(start, end, []) });
      continue;
    }
    if (!types.every((type) => enoughOpen(type.candidates, type.need, start))) continue;
    const shares: ResourceShare[] = [];
    let freeSpots = Number.POSITIVE_INFINITY;
    for (const type of types) {
      const pickedFree: number[] = [];
      const otherFree: number[] = [];
      for (const c of type.candidates) {
        const free = freeOn(c, start, end, closedToAll);
        (c.picked ? pickedFree : otherFree).push(free);
        shares.push({ resourceTypeId: type.resourceTypeId, resourceId: c.resourceId, open: c.open.has(start), freeSpots: free });
      }
      freeSpots = Math.min(freeSpots, bookingsThatFit(pickedFree, otherFree, type.need));
    }
    slots.push({ start, end, freeSpots, resources: shares, exceptionTexts: texts.at(start, end, shares) });
  }
  return slots;
}

/** Every picked resource and `need` others are open for a slot starting at `start`. */
function enoughOpen(candidates: readonly Candidate[], need: number, start: Instant): boolean {
  let others = 0;
  for (const c of candidates) {
    if (!c.open.has(start)) {
      if (c.picked) return false;
    } else if (!c.picked) others++;
  }
  return others >= need;
}

/** A candidate resource with what the sweep asks of it. */
interface Candidate {
  resourceId: number;
  picked: boolean;
  open: Set<Instant>;
  /** The profile's in-order reader: slots are visited by ascending start. */
  maxLoad: (start: Instant, end: Instant) => number;
}

/** Slot starts each resource may offer: on the grid of a schedule that opens it, covered by its openings. */
function openStartsPerResource(pieces: readonly OpeningPiece[], resourceKeys: readonly number[], duration: number): Map<number, Set<Instant>> {
  const bySignature = new Map<string, Set<Instant>>();
  const result = new Map<number, Set<Instant>>();
  for (const resourceId of resourceKeys) {
    const mine: OpeningPiece[] = [];
    const specific: number[] = [];
    pieces.forEach((p, index) => {
      if (p.resourceIds === null || resourceId === SERVICE_ITSELF) mine.push(p);
      else if (p.resourceIds.has(resourceId)) {
        mine.push(p);
        specific.push(index);
      }
    });
    const signature = specific.join(',');
    let starts = bySignature.get(signature);
    if (!starts) {
      starts = coveredStarts(mine, duration);
      bySignature.set(signature, starts);
    }
    result.set(resourceId, starts);
  }
  return result;
}

function coveredStarts(pieces: readonly OpeningPiece[], duration: number): Set<Instant> {
  const sorted = [...pieces].sort((a, b) => a.start - b.start);
  const mergedStart: Instant[] = [];
  const mergedEnd: Instant[] = [];
  for (const p of sorted) {
    const last = mergedEnd.length - 1;
    if (last >= 0 && p.start <= mergedEnd[last]) mergedEnd[last] = Math.max(mergedEnd[last], p.end);
    else {
      mergedStart.push(p.start);
      mergedEnd.push(p.end);
    }
  }
  const covered = (start: Instant, end: Instant): boolean => {
    let lo = 0;
    let hi = mergedStart.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (mergedStart[mid] <= start) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && mergedEnd[lo - 1] >= end;
  };
  const result = new Set<Instant>();
  for (const p of pieces) {
    for (const start of p.starts) {
      if (result.has(start)) continue;
      if (covered(start, p.untilClosing ? Math.min(start + duration, p.end) : start + duration)) result.add(start);
    }
  }
  return result;
}

function sortedUnion(sets: Iterable<Set<Instant>>): Instant[] {
  const all = new Set<Instant>();
  for (const set of sets) for (const t of set) all.add(t);
  return [...all].sort((a, b) => a - b);
}

/** Finds the exception texts overlapping each slot in one forward pass (slots come in start order). */
class TextSweep {
  private readonly withText: ExceptionInterval[];
  private next = 0;
  private active: ExceptionInterval[] = [];

  constructor(exceptions: readonly ExceptionInterval[]) {
    this.withText = exceptions.filter((e) => e.text !== null);
  }

  at(start: Instant, end: Instant, shares: readonly ResourceShare[]): ExceptionText[] {
    while (this.next < this.withText.length && this.withText[this.next].start < end) this.active.push(this.withText[this.next++]);
    if (this.active.length === 0) return [];
    this.active = this.active.filter((e) => e.end > start);
    const seen = new Set<number>();
    const out: ExceptionText[] = [];
    for (const e of this.active) {
      if (seen.has(e.exceptionId) || e.start >= end) continue;
      const applies = e.resourceIds === null || shares.some((s) => s.open && e.resourceIds?.has(s.resourceId));
      if (!applies || !e.text) continue;
      seen.add(e.exceptionId);
      out.push(e.text);
    }
    return out;
  }
}
