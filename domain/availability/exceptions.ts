import type { ExceptionText, TimeException } from '../../schema/availability';
import { DAY, dayOf, parseLocal, parseTimeOfDay, weekdayOf, type ZoneClock } from './clock';
import type { Instant } from './types';

/** One occurrence of a time exception on real instants. */
export interface ExceptionInterval {
  start: Instant;
  end: Instant;
  exceptionId: number;
  /** BlockTime: nothing can be booked in it. */
  blocking: boolean;
  /** Resources it applies to; null = every resource and the service itself. */
  resourceIds: ReadonlySet<number> | null;
  /** What the caller may see of it; null = nothing. */
  text: ExceptionText | null;
}

/**
 * The text a caller sees for an exception: customers get the public reason unless the exception
 * is Private; administrators (showPrivate) also get the private reason.
 * @example exceptionText({ ...lunch, ReasonText: 'Staff meeting', ReasonTextPublic: 'Closed' }, false)
 * // { Reason: null, ReasonPublic: 'Closed' }
 */
export function exceptionText(exception: TimeException, showPrivate: boolean): ExceptionText | null {
  const publicText = exception.ReasonTextPublic?.trim() ? exception.ReasonTextPublic : null;
  const privateText = exception.ReasonText?.trim() ? exception.ReasonText : null;
  if (showPrivate) return publicText || privateText ? { Reason: privateText, ReasonPublic: publicText } : null;
  return !exception.Private && publicText ? { Reason: null, ReasonPublic: publicText } : null;
}

/**
 * Expands time exceptions into the occurrences overlapping [from, to), sorted by start.
 * Non-recurring: the continuous range From–To (a To without a time includes that whole day).
 * Recurring: FromTime–ToTime on each date From…To whose weekday is in DaysOfWeek (none = every
 * day); a ToTime at or before FromTime ends on the next day.
 * @example
 * expandExceptions([lunchEveryDay], clock, Date.parse('2026-03-02T00:00Z'), Date.parse('2026-03-09T00:00Z'), false)
 * // seven 12:00–13:00 occurrences
 */
export function expandExceptions(
  exceptions: readonly TimeException[],
  clock: ZoneClock,
  from: Instant,
  to: Instant,
  showPrivate: boolean,
): ExceptionInterval[] {
  const out: ExceptionInterval[] = [];
  const firstDay = dayOf(clock.toLocal(from)) - 1;
  const lastDay = dayOf(clock.toLocal(to)) + 1;
  for (const exception of exceptions) {
    const start = parseLocal(exception.From);
    const end = parseLocal(exception.To);
    if (!start || !end || dayOf(end.local) < firstDay || dayOf(start.local) > lastDay) continue;
    const base = {
      exceptionId: exception.Id,
      blocking: exception.BlockTime,
      resourceIds: exception.ResourceIds.length > 0 ? new Set(exception.ResourceIds) : null,
      text: exceptionText(exception, showPrivate),
    };
    const push = (a: Instant, b: Instant): void => {
      if (b > a && b > from && a < to) out.push({ ...base, start: a, end: b });
    };
    if (!exception.IsRecurring) {
      push(clock.toInstantLenient(start.local), clock.toInstantLenient(end.hasTime ? end.local : end.local + DAY));
      continue;
    }
    const fromTime = parseTimeOfDay(exception.FromTime) ?? 0;
    const toTimeRaw = parseTimeOfDay(exception.ToTime) ?? 0;
    const toTime = toTimeRaw > fromTime ? toTimeRaw : toTimeRaw + DAY;
    const weekdays = new Set(exception.DaysOfWeek.map((d) => d.DayOfWeekId));
    const last = Math.min(lastDay, dayOf(end.local));
    for (let day = Math.max(firstDay, dayOf(start.local)); day <= last; day++) {
      if (weekdays.size > 0 && !weekdays.has(weekdayOf(day))) continue;
      push(clock.toInstantLenient(day * DAY + fromTime), clock.toInstantLenient(day * DAY + toTime));
    }
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end || a.exceptionId - b.exceptionId);
}
