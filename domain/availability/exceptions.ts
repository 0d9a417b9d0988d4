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
    const read = readException(exception);
    if (!read || read.lastDay < firstDay || read.firstDay > lastDay) continue;
    const base = {
      exceptionId: exception.Id,
      blocking: exception.BlockTime,
      resourceIds: read.resourceIds,
      text: exceptionText(exception, showPrivate),
    };
    const push = (a: Instant, b: Instant): void => {
      if (b > a && b > from && a < to) out.push({ ...base, start: a, end: b });
    };
    if (!read.recurring) {
      push(clock.toInstantLenient(read.start), clock.toInstantLenient(read.end));
      continue;
    }
    const { fromTime, toTime, weekdays } = read.recurring;
    const last = Math.min(lastDay, read.lastDay);
    for (let day = Math.max(firstDay, read.firstDay); day <= last; day++) {
      if (weekdays.size > 0 && !weekdays.has(weekdayOf(day))) continue;
      push(clock.toInstantLenient(day * DAY + fromTime), clock.toInstantLenient(day * DAY + toTime));
    }
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end || a.exceptionId - b.exceptionId);
}

/** An exception's dates and times as the expansion reads them: wall-clock span, days, weekdays. */
interface ReadException {
  /** Wall-clock start, and end (a To without a time includes that whole day). */
  start: number;
  end: number;
  firstDay: number;
  lastDay: number;
  resourceIds: ReadonlySet<number> | null;
  recurring: { fromTime: number; toTime: number; weekdays: ReadonlySet<number> } | null;
}

/**
 * Exceptions are read once per object: a kept calendar's exceptions are expanded again for every
 * day computed (a booking write recomputes its days against all of them), and their texts do not
 * change under a kept object.
 */
const readExceptions = new WeakMap<TimeException, ReadException | null>();

function readException(exception: TimeException): ReadException | null {
  let read = readExceptions.get(exception);
  if (read !== undefined) return read;
  const start = parseLocal(exception.From);
  const end = parseLocal(exception.To);
  read = null;
  if (start && end) {
    const fromTime = parseTimeOfDay(exception.FromTime) ?? 0;
    const toTimeRaw = parseTimeOfDay(exception.ToTime) ?? 0;
    read = {
      start: start.local,
      end: end.hasTime ? end.local : end.local + DAY,
      firstDay: dayOf(start.local),
      lastDay: dayOf(end.local),
      resourceIds: exception.ResourceIds.length > 0 ? new Set(exception.ResourceIds) : null,
      recurring: exception.IsRecurring
        ? { fromTime, toTime: toTimeRaw > fromTime ? toTimeRaw : toTimeRaw + DAY, weekdays: new Set(exception.DaysOfWeek.map((d) => d.DayOfWeekId)) }
        : null,
    };
  }
  readExceptions.set(exception, read);
  return read;
}
