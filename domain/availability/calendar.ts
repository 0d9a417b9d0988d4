import type { DateSchedule, RecurringSchedule, RecurringScheduleDate } from '../../schema/availability';
import { DAY, dayOf, parseLocal, parseTimeOfDay, weekdayOf, type LocalMs, type ZoneClock } from './clock';
import type { Instant } from './types';

/** One continuous stretch of opening time of one schedule on one day, with its slot starts. */
export interface OpeningPiece {
  start: Instant;
  end: Instant;
  /** Slot starts on the schedule's grid inside the piece and inside the requested window, ascending. */
  starts: Instant[];
  /** The piece ends at closing time and its schedule lets slots run past closing. */
  untilClosing: boolean;
  /** Resources this opening applies to; null = every resource of the service. */
  resourceIds: ReadonlySet<number> | null;
}

/** Which days to expand and which slot starts to keep. */
export interface ExpansionWindow {
  /** First and last local day number to expand (inclusive). */
  firstDay: number;
  lastDay: number;
  /** Keep starts in [startFrom, startBefore). */
  startFrom: Instant;
  startBefore: Instant;
  /** Local day number of "now": NumberOfScheduleDays counts from it. */
  today: number;
}

interface LocalRange {
  start: LocalMs;
  end: LocalMs;
}

/**
 * Turns recurring and date schedules into opening pieces on real instants. Wall-clock times are
 * laid out per local day and converted in the company's zone, so a 09:00–18:00 schedule stays
 * 09:00–18:00 local on the days the clocks change; grid times that do not exist (spring forward)
 * are skipped and a repeated hour (fall back) yields each wall-clock start once.
 * @example
 * const pieces = expandSchedules([weekdays9to18], [], new ZoneClock('Europe/Stockholm'), window);
 * pieces[0].starts.length; // 36 on a 15-minute grid: 09:00 … 17:45 (the duration is applied later)
 */
export function expandSchedules(
  recurring: readonly RecurringSchedule[],
  dated: readonly DateSchedule[],
  clock: ZoneClock,
  window: ExpansionWindow,
): OpeningPiece[] {
  const pieces: OpeningPiece[] = [];
  for (const schedule of recurring) {
    if (schedule.Active) expandRecurring(schedule, clock, window, pieces);
  }
  for (const schedule of dated) {
    if (schedule.Active) expandDated(schedule, clock, window, pieces);
  }
  return pieces;
}

function resourceSet(specific: boolean, resources: readonly { Id: number }[]): ReadonlySet<number> | null {
  return specific ? new Set(resources.map((r) => r.Id)) : null;
}

function expandRecurring(schedule: RecurringSchedule, clock: ZoneClock, window: ExpansionWindow, out: OpeningPiece[]): void {
  const open = parseTimeOfDay(schedule.StartTime);
  const close = parseTimeOfDay(schedule.EndTime);
  const step = schedule.TimeInterval * 60_000;
  if (open === null || close === null || !(step > 0)) return;
  const closeAfterOpen = close > open ? close : close + DAY;

  const validFrom = schedule.ValidFrom ? parseLocal(schedule.ValidFrom) : null;
  const validTo = schedule.ValidTo ? parseLocal(schedule.ValidTo) : null;
  let firstDay = window.firstDay;
  let lastDay = window.lastDay;
  if (validFrom) firstDay = Math.max(firstDay, dayOf(validFrom.local));
  if (validTo) lastDay = Math.min(lastDay, dayOf(validTo.local));
  if (schedule.NumberOfScheduleDays && schedule.NumberOfScheduleDays > 0) {
    lastDay = Math.min(lastDay, window.today + schedule.NumberOfScheduleDays - 1);
  }

  const weekdays = new Set(schedule.DaysOfWeek.map((d) => d.DayOfWeekId));
  const breaks = schedule.Exceptions.flatMap((e): LocalRange[] => {
    const s = parseTimeOfDay(e.StartTime);
    const t = parseTimeOfDay(e.EndTime);
    if (s === null || t === null) return [];
    const shift = s < open ? DAY : 0;
    const start = s + shift;
    const end = t + shift > start ? t + shift : t + shift + DAY;
    return [{ start, end }];
  });
  const resources = resourceSet(schedule.IsResourceSpecific, schedule.Resources);
  const setTimes = schedule.IsFixedTimes ? parseSetTimes(schedule.ScheduleDates) : null;

  for (let day = firstDay; day <= lastDay; day++) {
    const base = day * DAY;
    if (setTimes) {
      for (const setTime of setTimes) {
        const applies = setTime.day !== null ? setTime.day === day : weekdays.has(weekdayOf(day)) && (setTime.weekday === null || setTime.weekday === weekdayOf(day));
        if (!applies) continue;
        for (const range of subtract({ start: base + setTime.start, end: base + setTime.end }, breaks, base)) {
          const single = range.start === base + setTime.start ? [range.start] : [];
          pushPiece(out, clock, window, range, single, schedule.EnableBookingUntilClosingTime && range.end === base + setTime.end, resources);
        }
      }
      continue;
    }
    if (!weekdays.has(weekdayOf(day))) continue;
    const anchor = base + open;
    const closing = base + closeAfterOpen;
    for (const range of subtract({ start: anchor, end: closing }, breaks, base)) {
      const starts = gridStarts(anchor, step, range, clock, window);
      pushPiece(out, clock, window, range, starts, schedule.EnableBookingUntilClosingTime && range.end === closing, resources);
    }
  }
}

interface SetTime {
  day: number | null;
  weekday: number | null;
  start: number;
  end: number;
}

function parseSetTimes(dates: readonly RecurringScheduleDate[]): SetTime[] {
  return dates.flatMap((d): SetTime[] => {
    const start = parseTimeOfDay(d.StartTime);
    const end = parseTimeOfDay(d.EndTime);
    if (start === null || end === null) return [];
    const date = d.Date ? parseLocal(d.Date) : null;
    return [{ day: date ? dayOf(date.local) : null, weekday: d.DayOfWeekId ?? null, start, end: end > start ? end : end + DAY }];
  });
}

/** The parts of a day's opening left after its breaks (times relative to the day start `base`). */
function subtract(open: LocalRange, breaks: readonly LocalRange[], base: LocalMs): LocalRange[] {
  let parts: LocalRange[] = [open];
  for (const b of breaks) {
    const start = base + b.start;
    const end = base + b.end;
    parts = parts.flatMap((p) => {
      if (end <= p.start || start >= p.end) return [p];
      const left = start > p.start ? [{ start: p.start, end: start }] : [];
      const right = end < p.end ? [{ start: end, end: p.end }] : [];
      return [...left, ...right];
    });
  }
  return parts;
}

/** Wall-clock grid points anchor + k·step inside the range, kept when they exist and fall in the window. */
function gridStarts(anchor: LocalMs, step: number, range: LocalRange, clock: ZoneClock, window: ExpansionWindow): LocalMs[] {
  const margin = 2 * DAY;
  const lowest = Math.max(range.start, clock.toLocal(window.startFrom) - margin);
  const highest = Math.min(range.end, clock.toLocal(window.startBefore) + margin);
  const starts: LocalMs[] = [];
  for (let local = anchor + Math.max(0, Math.ceil((lowest - anchor) / step)) * step; local < highest; local += step) {
    starts.push(local);
  }
  return starts;
}

function pushPiece(
  out: OpeningPiece[],
  clock: ZoneClock,
  window: ExpansionWindow,
  range: LocalRange,
  localStarts: readonly LocalMs[],
  untilClosing: boolean,
  resourceIds: ReadonlySet<number> | null,
): void {
  const start = clock.toInstantLenient(range.start);
  const end = clock.toInstantLenient(range.end);
  if (end <= start) return;
  const starts: Instant[] = [];
  for (const local of localStarts) {
    const t = clock.toInstant(local);
    if (t !== null && t >= start && t < end && t >= window.startFrom && t < window.startBefore) starts.push(t);
  }
  out.push({ start, end, starts, untilClosing, resourceIds });
}

function expandDated(schedule: DateSchedule, clock: ZoneClock, window: ExpansionWindow, out: OpeningPiece[]): void {
  const step = schedule.TimeInterval * 60_000;
  if (!(step > 0)) return;
  const resources = resourceSet(schedule.IsResourceSpecific ?? schedule.Resources.length > 0, schedule.Resources);
  for (const entry of schedule.ScheduleDates) {
    const from = parseLocal(entry.From);
    const to = parseLocal(entry.To);
    if (!from || !to) continue;
    const range = { start: from.local, end: to.hasTime ? to.local : to.local + DAY };
    if (range.end <= range.start || dayOf(range.end) < window.firstDay || dayOf(range.start) > window.lastDay) continue;
    pushPiece(out, clock, window, range, gridStarts(range.start, step, range, clock, window), false, resources);
  }
}
