import { DateTime } from 'luxon';
import type { LocalDate, LocalDateTime } from '../../../schema/common';
import { dateLocale } from '../../i18n/format';

/** What the time picker shows at once: one day or the week (Monday to Sunday) around a day. */
export type CalendarView = 'day' | 'week';

/** How a booking repeats (the DatesToRepeat of POST /bookings/repeat). */
export type RepeatFrequency = 'none' | 'daily' | 'weekly' | 'biweekly' | 'monthly';

export const REPEAT_FREQUENCIES: readonly RepeatFrequency[] = ['none', 'daily', 'weekly', 'biweekly', 'monthly'];

/** Most occurrences one repeated booking may have, the first included. */
export const MAX_OCCURRENCES = 52;

const DATE = 'yyyy-MM-dd';
const WIRE = "yyyy-MM-dd'T'HH:mm:ss";

// Wall-clock times of the company's zone are read as UTC, so that no browser zone (and no DST gap in it) moves them.
const read = (value: string) => DateTime.fromISO(value, { zone: 'utc' });

/**
 * The days the picker shows for `day` in `view`: the day itself, or Monday to Sunday of its week.
 * @example
 * daysOf('2030-06-05', 'week') // ['2030-06-03', …, '2030-06-09']
 */
export function daysOf(day: LocalDate, view: CalendarView): LocalDate[] {
  const start = view === 'day' ? read(day) : read(day).startOf('week');
  const count = view === 'day' ? 1 : 7;
  return Array.from({ length: count }, (_, i) => start.plus({ days: i }).toFormat(DATE));
}

/**
 * The day shown after moving one step (a day or a week) forwards (+1) or backwards (-1).
 * @example
 * stepDay('2030-06-05', 'week', -1) // '2030-05-29'
 */
export function stepDay(day: LocalDate, view: CalendarView, direction: 1 | -1): LocalDate {
  return read(day)
    .plus(view === 'day' ? { days: direction } : { weeks: direction })
    .toFormat(DATE);
}

/**
 * The From and To of the availabletimes query for the days shown: the first day's midnight and the
 * last day (a date alone means the end of that day).
 * @example
 * searchRange(['2030-06-03', '2030-06-04']) // { From: '2030-06-03T00:00:00', To: '2030-06-04' }
 */
export function searchRange(days: readonly LocalDate[]): { From: LocalDateTime; To: LocalDate } {
  return { From: `${days[0]}T00:00:00`, To: days[days.length - 1] };
}

/**
 * The further dates of a repeated booking: `occurrences` in all counting the first, `from`–`to`
 * moved by the frequency's step each time (the length stays the same; a month later keeps the day
 * of the month where it exists).
 * @example
 * repeatDates('2030-06-03T10:00:00', '2030-06-03T11:00:00', 'weekly', 3)
 * // [{ From: '2030-06-10T10:00:00', To: '2030-06-10T11:00:00' }, { From: '2030-06-17T10:00:00', To: '2030-06-17T11:00:00' }]
 */
export function repeatDates(from: LocalDateTime, to: LocalDateTime, frequency: RepeatFrequency, occurrences: number): { From: LocalDateTime; To: LocalDateTime }[] {
  if (frequency === 'none') return [];
  const count = Math.min(Math.max(1, Math.floor(occurrences)), MAX_OCCURRENCES);
  const start = read(from);
  const minutes = read(to).diff(start, 'minutes').minutes;
  const out: { From: LocalDateTime; To: LocalDateTime }[] = [];
  for (let i = 1; i < count; i++) {
    const step = frequency === 'daily' ? { days: i } : frequency === 'weekly' ? { weeks: i } : frequency === 'biweekly' ? { weeks: 2 * i } : { months: i };
    const next = start.plus(step);
    out.push({ From: next.toFormat(WIRE), To: next.plus({ minutes }).toFormat(WIRE) });
  }
  return out;
}


const inLocale = (value: string, locale: string) => read(value).setLocale(dateLocale(locale));

// ICU writes a narrow no-break space before AM/PM; a plain space reads the same and is what people type and search for.
const plain = (text: string) => text.replace(/\u202f/g, ' ');

/**
 * A wire time's clock time as the language writes it: sv 14:00, fi 14.00, en 2:00 PM.
 * @example
 * formatClock('2030-06-03T14:00:00', 'en') // '2:00 PM'
 */
export function formatClock(value: LocalDateTime, locale: string): string {
  return plain(inLocale(value, locale).toLocaleString(DateTime.TIME_SIMPLE));
}

/**
 * A day as a heading: weekday, day and month in the interface language.
 * @example
 * formatDay('2030-06-03', 'en') // 'Monday, June 3'
 */
export function formatDay(day: LocalDate, locale: string): string {
  return inLocale(day, locale).toLocaleString({ weekday: 'long', day: 'numeric', month: 'long' });
}

/**
 * A time range in the interface language: the date once when both ends are on the same day.
 * @example
 * formatRange('2030-06-03T10:00:00', '2030-06-03T11:00:00', 'sv') // '2030-06-03 10:00–11:00'
 */
export function formatRange(from: LocalDateTime, to: LocalDateTime, locale: string): string {
  const start = inLocale(from, locale);
  const end = inLocale(to, locale);
  const startText = start.toLocaleString(DateTime.DATETIME_SHORT);
  if (start.hasSame(end, 'day')) return plain(`${startText}–${end.toLocaleString(DateTime.TIME_SIMPLE)}`);
  return plain(`${startText} – ${end.toLocaleString(DateTime.DATETIME_SHORT)}`);
}


/**
 * How many times a booking repeating at `frequency` is made, the first included (1 when it does not
 * repeat or the count is not a whole number in range).
 * @example
 * occurrencesOf('weekly', 3) // 3
 */
export function occurrencesOf(frequency: RepeatFrequency, count: unknown): number {
  if (frequency === 'none' || typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_OCCURRENCES) return 1;
  return count;
}
