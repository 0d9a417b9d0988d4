/**
 * The calendar library's localizer (react-big-calendar's luxon localizer, weeks from Monday) with its
 * most called steps done on plain dates. The board's dates are the browser's wall-clock dates
 * (luxon's default zone), and a week lays out 140 columns of 96 slots and places a thousand bookings:
 * every comparison, difference and merge made two luxon objects, a good part of drawing a week.
 * Units the plain steps do not cover (weeks, months, years) still go to luxon.
 */
import { DateTime } from 'luxon';
import { luxonLocalizer } from 'react-big-calendar';

/** Weeks start on Monday (luxon numbers weekdays 1–7 from Monday). */
export const localizer = luxonLocalizer(DateTime, { firstDayOfWeek: 1 });

const MINUTE = 60_000;
const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());

/** The start of `d`'s unit as epoch ms, or undefined for a unit left to luxon. */
function floorTo(d: Date, unit: string | undefined): number | undefined {
  switch (unit) {
    case undefined:
    case 'milliseconds':
    case 'millisecond':
      return d.getTime();
    case 'minutes':
    case 'minute':
      return d.getTime() - d.getSeconds() * 1000 - d.getMilliseconds();
    case 'day':
    case 'days':
    case 'date':
      return startOfDay(d).getTime();
    default:
      return undefined;
  }
}

/** The library's units, as strings: it also passes the singular and plural forms its types leave out. */
type Unit = string | undefined;
type Compare = (a: Date, b: Date, unit?: Unit) => boolean;

/** A comparison on plain dates for the units floorTo knows, else luxon's own. */
function comparator(own: Compare, test: (a: number, b: number) => boolean): Compare {
  return (a, b, unit) => {
    const x = floorTo(a, unit);
    const y = x === undefined ? undefined : floorTo(b, unit);
    return x === undefined || y === undefined ? own(a, b, unit) : test(x, y);
  };
}

/** Luxon's own steps, for the units the plain ones leave to it. */
const own = {
  eq: localizer.eq as Compare,
  lt: localizer.lt as Compare,
  gt: localizer.gt as Compare,
  lte: localizer.lte as Compare,
  gte: localizer.gte as Compare,
  diff: localizer.diff as (a: Date, b: Date, unit?: Unit) => number,
  add: localizer.add as (date: Date, n: number, unit?: Unit) => Date,
  startOf: localizer.startOf as (date: Date, unit?: Unit) => Date,
  inRange: localizer.inRange as (day: Date, min: Date, max: Date, unit?: Unit) => boolean,
};

const eq = comparator(own.eq, (a, b) => a === b);
const lt = comparator(own.lt, (a, b) => a < b);
const gt = comparator(own.gt, (a, b) => a > b);
const lte = comparator(own.lte, (a, b) => a <= b);
const gte = comparator(own.gte, (a, b) => a >= b);
const diff = (a: Date, b: Date, unit: Unit = 'day') => (unit === 'minutes' || unit === 'minute' ? Math.floor((b.getTime() - a.getTime()) / MINUTE) : own.diff(a, b, unit));

Object.assign(localizer, {
  eq,
  neq: (a: Date, b: Date, unit?: Unit) => !eq(a, b, unit),
  lt,
  gt,
  lte,
  gte,
  diff,
  // Minutes are a fixed length (as luxon adds them); days keep the wall-clock time, as luxon's plus({ days }) does,
  // done on plain dates while the offset stays the same (else luxon decides, e.g. in the hour the clocks repeat).
  add: (date: Date, n: number, unit: Unit) => {
    if (unit === 'minutes' || unit === 'minute') return new Date(date.getTime() + n * MINUTE);
    if (unit === 'day' || unit === 'days') {
      const moved = new Date(date.getFullYear(), date.getMonth(), date.getDate() + n, date.getHours(), date.getMinutes(), date.getSeconds(), date.getMilliseconds());
      if (moved.getTimezoneOffset() === date.getTimezoneOffset()) return moved;
    }
    return own.add(date, n, unit);
  },
  startOf: (date: Date, unit?: Unit) => (unit === 'day' || unit === 'days' ? startOfDay(date) : own.startOf(date, unit)),
  getTotalMin: (start: Date, end: Date) => diff(start, end, 'minutes'),
  getMinutesFromMidnight: (start: Date) => Math.round((start.getTime() - startOfDay(start).getTime()) / MINUTE),
  continuesPrior: (start: Date, first: Date) => lt(start, first),
  continuesAfter: (_start: Date, end: Date, last: Date) => gte(end, last),
  getSlotDate: (d: Date, minutesFromMidnight: number, offset: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 0, minutesFromMidnight + offset),
  inRange: (day: Date, min: Date, max: Date, unit: Unit = 'day') => (floorTo(day, unit) === undefined ? own.inRange(day, min, max, unit) : gte(day, min, unit) && lte(day, max, unit)),
  isSameDate: (a: Date, b: Date) => eq(a, b, 'day'),
  min: (a: Date, b: Date) => new Date(Math.min(+a, +b)),
  max: (a: Date, b: Date) => new Date(Math.max(+a, +b)),
  // The library's own two, with the steps above (luxon's call its inner, slow ones).
  inEventRange: ({ event: { start, end }, range }: { event: { start: Date; end: Date }; range: { start: Date; end: Date } }) => {
    const eStart = startOfDay(start);
    return lte(eStart, range.end, 'day') && (eq(eStart, end, 'minutes') ? gte(end, range.start, 'minutes') : gt(end, range.start, 'minutes'));
  },
  sortEvents: ({ evtA, evtB }: { evtA: { start: Date; end: Date; allDay?: boolean }; evtB: { start: Date; end: Date; allDay?: boolean } }) =>
    +startOfDay(evtA.start) - +startOfDay(evtB.start) ||
    +evtB.end - +evtB.start - (+evtA.end - +evtA.start) ||
    Number(!!evtB.allDay) - Number(!!evtA.allDay) ||
    +evtA.start - +evtB.start ||
    +evtA.end - +evtB.end,
  merge: (date: Date | null, time: Date | null) => {
    if (!date && !time) return null;
    const d = date ?? new Date();
    const t = time ?? startOfDay(d);
    return new Date(d.getFullYear(), d.getMonth(), d.getDate(), t.getHours(), t.getMinutes(), t.getSeconds(), t.getMilliseconds());
  },
});

/** A time of day as the localizer writes it ('t'), once per culture and minute: a week labels a thousand bookings with a few dozen times. */
const times = new Map<string, string>();
function timeOf(d: Date, culture: string) {
  const key = `${culture}|${d.getHours()}:${d.getMinutes()}`;
  let text = times.get(key);
  if (text === undefined) times.set(key, (text = localizer.format(d, 't', culture)));
  return text;
}
export const FORMATS = {
  eventTimeRangeFormat: ({ start, end }: { start: Date; end: Date }, culture = '') => `${timeOf(start, culture)} – ${timeOf(end, culture)}`,
  eventTimeRangeStartFormat: ({ start }: { start: Date }, culture = '') => `${timeOf(start, culture)} – `,
  eventTimeRangeEndFormat: ({ end }: { end: Date }, culture = '') => ` – ${timeOf(end, culture)}`,
};
