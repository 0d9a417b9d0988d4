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
import type { RecurringSchedule, ResourceType } from '../../../schema/availability';
import type { TimeExceptionOccurrence } from '../../../schema/scheduling';

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

/**
 * Each booking once per shown resource it holds. With `known` (for the same resources), a booking
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
    for (const r of b.Resources ?? []) {
      const column = byId.get(r.ResourceId);
      if (!column) continue;
      out.push({ key: `${b.Id}:${r.ResourceId}`, booking: b, start, end, resourceId: r.ResourceId, color: column.color, title });
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

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + (m || 0);
};

/**
 * Closed hours per resource and day: outside the opening hours of the recurring schedules that
 * apply to it (its own, or those of a service using its type); a resource without any schedule is
 * not shaded. `serviceTypes` maps a service to the resource types it uses.
 */
export function closedShades(
  schedules: readonly RecurringSchedule[],
  resources: readonly BoardResource[],
  serviceTypes: ReadonlyMap<number, readonly number[]>,
  range: { start: Date; end: Date },
  closedLabel: string,
): Shade[] {
  const out: Shade[] = [];
  const active = schedules.filter((s) => s.Active !== false);
  for (const r of resources) {
    const own = active.filter((s) => (s.IsResourceSpecific ? s.Resources.some((x) => x.Id === r.id) : s.Services.some((sv) => serviceTypes.get(sv.Id)?.includes(r.typeId))));
    if (!own.length) continue;
    for (let d = new Date(range.start); d < range.end; d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)) {
      const day = dayOf(d);
      const weekday = ((d.getDay() + 6) % 7) + 1;
      const open: [number, number][] = [];
      for (const s of own) {
        if ((s.ValidFrom && day < s.ValidFrom) || (s.ValidTo && day > s.ValidTo)) continue;
        if (s.DaysOfWeek.length && !s.DaysOfWeek.some((w) => w.DayOfWeekId === weekday)) continue;
        const from = minutesOf(s.StartTime);
        let to = minutesOf(s.EndTime);
        if (to <= from) to = 24 * 60;
        open.push([from, to]);
      }
      open.sort((a, b) => a[0] - b[0]);
      let at = 0;
      const at0 = (m: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 0, m);
      for (const [from, to] of open) {
        if (from > at) out.push({ start: at0(at), end: at0(from), resourceId: r.id, reason: closedLabel, kind: 'closed', blocks: false });
        at = Math.max(at, to);
      }
      if (at < 24 * 60) out.push({ start: at0(at), end: at0(24 * 60), resourceId: r.id, reason: closedLabel, kind: 'closed', blocks: false });
    }
  }
  return out;
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
