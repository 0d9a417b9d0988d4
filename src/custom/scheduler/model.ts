/**
 * The scheduler's model, free of the calendar library: what the board shows (resource columns,
 * bookings, shaded times) built from the API's answers, and the wire's local times as dates.
 * The wire's times are the company's wall-clock times; the board keeps them as the browser's
 * wall-clock dates so that 08:00 on the wire is drawn at 08:00 whatever the browser's zone.
 */
import { bookingCustomerName, type Booking } from '../../common/bookings/bookingTypes';
import { isActive, STATUS } from '../../../domain/bookings/statuses';
import { sortResourceTypes, type ResourceTypeOrder } from '../../common/resourceTypeOrder';
import { ACCENT_COLOR } from '../../shell/theme';
import { expandSchedules, ZoneClock, type OpeningPiece } from '../../../domain/availability';
import { serviceDurations } from '../../common/serviceDurations';
import type { DateSchedule, RecurringSchedule, ResourceType } from '../../../schema/availability';
import type { BookingUserQueueEntry } from '../../../schema/bookings';
import type { TimeExceptionOccurrence } from '../../../schema/scheduling';
import type { Service } from '../../../schema/services';

export type BoardView = 'day' | 'week' | 'month' | 'agenda';
export const BOARD_VIEWS: readonly BoardView[] = ['day', 'week', 'month', 'agenda'];

/** A resource column, in the order of its type. */
export interface BoardResource {
  id: number;
  name: string;
  color: string;
  typeId: number;
  typeName: string;
  /** First column of its type (the type's name heads it). */
  firstOfType: boolean;
  /** A service's own lane (its id is minus the service's): the bookings of a service that needs no resource. */
  serviceId?: number;
}

/** One booking on one resource column (a booking with two resources is drawn in both). */
export interface BoardEvent {
  key: string;
  booking: Booking;
  start: Date;
  end: Date;
  resourceId: number;
  color: string;
  title: string;
}

/** A shaded time of one resource (or every resource when resourceId is null). */
export interface Shade {
  start: Date;
  end: Date;
  resourceId: number | null;
  reason: string;
  kind: 'exception' | 'closed';
  blocks: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-ddTHH:mm:ss (the wire's local time) as a wall-clock date. */
export function fromWire(value: string): Date {
  const [d, t = '00:00:00'] = value.split('T');
  const [y, m, day] = d.split('-').map(Number);
  const [h, mi, s] = t.split(':').map(Number);
  return new Date(y, m - 1, day, h || 0, mi || 0, s || 0);
}

/** A wall-clock date as the wire's local time. */
export function toWire(date: Date): string {
  return `${dayOf(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}:00`;
}

/** yyyy-MM-dd of a wall-clock date. */
export function dayOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first day and the day after the last one the view shows around `day` (weeks start on Monday). */
export function rangeOf(view: BoardView, day: string): { start: Date; end: Date } {
  const d = fromWire(day);
  if (view === 'day') return { start: d, end: new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1) };
  const monday = (x: Date) => new Date(x.getFullYear(), x.getMonth(), x.getDate() - ((x.getDay() + 6) % 7));
  if (view === 'week') {
    const s = monday(d);
    return { start: s, end: new Date(s.getFullYear(), s.getMonth(), s.getDate() + 7) };
  }
  if (view === 'agenda') return { start: d, end: new Date(d.getFullYear(), d.getMonth(), d.getDate() + 7) };
  const first = monday(new Date(d.getFullYear(), d.getMonth(), 1));
  const last = new Date(d.getFullYear(), d.getMonth() + 1, 0);
  const endWeek = monday(last);
  return { start: first, end: new Date(endWeek.getFullYear(), endWeek.getMonth(), endWeek.getDate() + 7) };
}

/** The day one step (a day, a week, a month) before or after. */
export function step(view: BoardView, day: string, by: number): string {
  const d = fromWire(day);
  if (view === 'month') return dayOf(new Date(d.getFullYear(), d.getMonth() + by, 1));
  const days = view === 'day' ? 1 : 7;
  return dayOf(new Date(d.getFullYear(), d.getMonth(), d.getDate() + by * days));
}

/** Active resources, grouped by type in the stored resource-type order, each once. */
export function boardResources(types: readonly ResourceType[], order: ResourceTypeOrder): BoardResource[] {
  const seen = new Set<number>();
  const out: BoardResource[] = [];
  for (const t of sortResourceTypes(types.filter((x) => x.Active !== false), order)) {
    let first = true;
    for (const r of t.Resources ?? []) {
      if (!r.Active || seen.has(r.Id)) continue;
      seen.add(r.Id);
      out.push({ id: r.Id, name: r.Name, color: r.Color || ACCENT_COLOR, typeId: t.Id, typeName: t.Name, firstOfType: first });
      first = false;
    }
  }
  return out;
}

/** The lane of a service's bookings without a resource. */
export const laneOfService = (serviceId: number) => -serviceId;

/**
 * A lane per active service that needs no resource, after the resources: its bookings hold no
 * resource, so no resource column would show them. `label` ("Without resource") heads the first.
 */
export function serviceLanes(services: readonly Service[], label: string): BoardResource[] {
  return services
    .filter((s) => s.Active !== false && !(s.ResourceTypes ?? []).length)
    .map((s, i) => ({ id: laneOfService(s.Id), name: s.Name, color: ACCENT_COLOR, typeId: 0, typeName: label, firstOfType: i === 0, serviceId: s.Id }));
}

/**
 * Each booking once per shown resource it holds (a booking without resources on its service's lane). With `known` (for the same resources), a booking
 * read before keeps its board events, so that a live change redraws only the changed booking.
 */
export function boardEvents(bookings: readonly Booking[], resources: readonly BoardResource[], known?: WeakMap<Booking, BoardEvent[]>): BoardEvent[] {
  const byId = new Map(resources.map((r) => [r.id, r]));
  const out: BoardEvent[] = [];
  for (const b of bookings) {
    const seen = known?.get(b);
    if (seen) {
      out.push(...seen);
      continue;
    }
    const first = out.length;
    const start = fromWire(b.From);
    const end = fromWire(b.To);
    const title = [bookingCustomerName(b), b.ServiceName].filter(Boolean).join(' · ');
    const held = b.Resources?.length ? b.Resources.map((r) => r.ResourceId) : [laneOfService(b.ServiceId)];
    for (const id of held) {
      const column = byId.get(id);
      if (!column) continue;
      out.push({ key: `${b.Id}:${id}`, booking: b, start, end, resourceId: id, color: column.color, title });
    }
    known?.set(b, out.slice(first));
  }
  return out;
}

/** Time exceptions as shades. */
export function exceptionShades(occurrences: readonly TimeExceptionOccurrence[]): Shade[] {
  const out: Shade[] = [];
  for (const o of occurrences) {
    const base = { start: fromWire(o.From), end: fromWire(o.To), reason: o.ReasonText || o.ReasonTextPublic || '', kind: 'exception' as const, blocks: o.BlockTime };
    if (!o.Resources.length) out.push({ ...base, resourceId: null });
    else for (const r of o.Resources) out.push({ ...base, resourceId: r.Id });
  }
  return out;
}

/** Local milliseconds (the engine's wall-clock reading) of a board date, and back. */
const localMsOf = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes());
const boardDateOf = (ms: number) => {
  const u = new Date(ms);
  return new Date(u.getUTCFullYear(), u.getUTCMonth(), u.getUTCDate(), u.getUTCHours(), u.getUTCMinutes());
};
const DAY_MS = 86_400_000;

/**
 * Whether a service books a lane: a resource of a type it needs (all of the type's resources, or
 * the ones it names), or the service's own lane when it needs none.
 */
export function serviceUses(service: Service, lane: BoardResource): boolean {
  if (lane.serviceId !== undefined) return lane.serviceId === service.Id;
  return (service.ResourceTypes ?? []).some((t) => t.Id === lane.typeId && (t.AllResources !== false || (t.Resources ?? []).some((r) => r.Id === lane.id)));
}

/** The schedules that open a lane: those of a service booking it, and of a resource-specific one only when it names the resource. */
function opensLane(schedule: { Services: readonly { Id: number }[]; Resources: readonly { Id: number }[] }, specific: boolean, lane: BoardResource, users: ReadonlySet<number>): boolean {
  if (!schedule.Services.some((s) => users.has(s.Id))) return false;
  return lane.serviceId !== undefined || !specific || schedule.Resources.some((r) => r.Id === lane.id);
}

/**
 * Closed hours per lane and day: the times outside the openings of the recurring and date
 * schedules of the services that book the lane, laid out by the availability engine's own
 * expansion (domain/availability: validity, weekdays, breaks, fixed set times, date schedules'
 * ranges), so that what the board shows open is what `availabletimes` can offer. The booking
 * horizon (NumberOfScheduleDays) is not a closing and is left out. A lane no service books is not shaded.
 */
export function closedShades(
  recurring: readonly RecurringSchedule[],
  dated: readonly DateSchedule[],
  lanes: readonly BoardResource[],
  services: readonly Service[],
  range: { start: Date; end: Date },
  closedLabel: string,
): Shade[] {
  const out: Shade[] = [];
  const firstDay = Math.floor(localMsOf(range.start) / DAY_MS);
  const lastDay = Math.ceil(localMsOf(range.end) / DAY_MS) - 1;
  const window = { firstDay, lastDay, startFrom: firstDay * DAY_MS, startBefore: (lastDay + 1) * DAY_MS, today: lastDay };
  const clock = ZoneClock.of('UTC');
  const expanded = new Map<object, OpeningPiece[]>();
  const piecesOf = (schedule: RecurringSchedule | DateSchedule, isDated: boolean) => {
    let pieces = expanded.get(schedule);
    if (!pieces) expanded.set(schedule, (pieces = isDated ? expandSchedules([], [schedule as DateSchedule], clock, window) : expandSchedules([schedule as RecurringSchedule], [], clock, window)));
    return pieces;
  };
  for (const lane of lanes) {
    const users = new Set(services.filter((s) => serviceUses(s, lane)).map((s) => s.Id));
    if (!users.size) continue;
    const open: [number, number][] = [];
    const take = (pieces: readonly OpeningPiece[]) => {
      for (const p of pieces) if (lane.serviceId !== undefined || p.resourceIds === null || p.resourceIds.has(lane.id)) open.push([p.start, p.end]);
    };
    for (const s of recurring) if (s.Active !== false && opensLane(s, s.IsResourceSpecific, lane, users)) take(piecesOf(s, false));
    for (const s of dated) if (s.Active !== false && opensLane(s, s.IsResourceSpecific ?? s.Resources.length > 0, lane, users)) take(piecesOf(s, true));
    open.sort((a, b) => a[0] - b[0]);
    for (let day = firstDay; day <= lastDay; day++) {
      const dayStart = day * DAY_MS;
      const dayEnd = dayStart + DAY_MS;
      let at = dayStart;
      const shade = (from: number, to: number) =>
        out.push({ start: boardDateOf(from), end: boardDateOf(to), resourceId: lane.id, reason: closedLabel, kind: 'closed', blocks: false });
      for (const [from, to] of open) {
        if (to <= at || from >= dayEnd) continue;
        if (from > at) shade(at, from);
        at = Math.max(at, Math.min(to, dayEnd));
      }
      if (at < dayEnd) shade(at, dayEnd);
    }
  }
  return out;
}

/** Customers waiting in the booking queue for one service and time. */
export interface QueueMark {
  key: string;
  serviceId: number;
  serviceName: string;
  start: Date;
  end: Date;
  /** Customers waiting (queue entries). */
  count: number;
  /** The lane it is drawn on: the first shown lane the service books; null when none is shown. */
  laneId: number | null;
}

/** The queue's entries counted per service and time, each placed on the first shown lane of its service. */
export function queueMarks(entries: readonly BookingUserQueueEntry[], lanes: readonly BoardResource[], services: readonly Service[]): QueueMark[] {
  const byKey = new Map<string, QueueMark>();
  for (const e of entries) {
    const key = `${e.ServiceId}|${e.From}|${e.To}`;
    const mark = byKey.get(key);
    if (mark) {
      mark.count += 1;
      continue;
    }
    const service = services.find((s) => s.Id === e.ServiceId);
    const lane = service ? lanes.find((l) => serviceUses(service, l)) : undefined;
    byKey.set(key, { key, serviceId: e.ServiceId, serviceName: e.ServiceName, start: fromWire(e.From), end: fromWire(e.To), count: 1, laneId: lane?.id ?? null });
  }
  return [...byKey.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The shades over a time of a resource. */
export function shadesAt(shades: readonly Shade[], resourceId: number, start: Date, end: Date): Shade[] {
  return shades.filter((s) => (s.resourceId === null || s.resourceId === resourceId) && s.start < end && s.end > start);
}

/** Other bookings holding the resource in the time (what a move would collide with). */
export function collisions(events: readonly BoardEvent[], bookingId: number, resourceId: number, start: Date, end: Date): Booking[] {
  return events.filter((e) => e.booking.Id !== bookingId && e.resourceId === resourceId && e.start < end && e.end > start && isActive(e.booking.StatusId)).map((e) => e.booking);
}

/** How a status looks: reserved and awaiting payment striped, canceled and unbooked faded and struck through. */
export function statusLook(statusId: number): 'booked' | 'reserved' | 'awaitingPayment' | 'canceled' {
  if (!isActive(statusId)) return 'canceled';
  if (statusId === STATUS.Reserved) return 'reserved';
  const awaiting: number[] = [STATUS.AwaitingPayment, STATUS.AwaitingPaymentNoTimeLimit, STATUS.AwaitingPaymentRequestFromAdmin, STATUS.AwaitingPaymentFromProvider];
  return awaiting.includes(statusId) ? 'awaitingPayment' : 'booked';
}

/**
 * A resize as the service allows it: the booking's length becomes the nearest length the service can
 * be booked for (a drag moves in 15-minute steps; the demo's padel is 60, 90 or 120 minutes), keeping
 * the edge that was not dragged; a tie goes the way the drag went. A fixed length snaps back, so
 * nothing is sent. A move (both edges shifted by the same) or an unknown service is left as it is.
 * @example snapResize(padel, { start: t(16), end: t(17) }, t(16), t(17.25)) // { start: t(16), end: t(17.5) }
 */
export function snapResize(service: Service | undefined, was: { start: Date; end: Date }, start: Date, end: Date): { start: Date; end: Date } {
  const length = (end.getTime() - start.getTime()) / 60_000;
  const before = (was.end.getTime() - was.start.getTime()) / 60_000;
  const endDragged = start.getTime() === was.start.getTime();
  if (!service || length === before || (!endDragged && end.getTime() !== was.end.getTime())) return { start, end };
  const allowed = serviceDurations(service);
  const longer = length > before;
  const nearest = allowed.reduce((best, d) => {
    const gap = Math.abs(d - length) - Math.abs(best - length);
    return gap < 0 || (gap === 0 && (longer ? d > best : d < best)) ? d : best;
  }, allowed[0]);
  return endDragged ? { start, end: new Date(start.getTime() + nearest * 60_000) } : { start: new Date(end.getTime() - nearest * 60_000), end };
}
