import { DateTime } from 'luxon';
import type { StatisticsQuery } from '../../../schema/statistics';
import type { RefuseField } from '../../shared/errors';
import { statisticsKey } from './messages';

/** The longest range one request may ask for, in days (three years and a leap day). */
export const MAX_RANGE_DAYS = 1096;
/** Days in the default range (today and the 29 before). */
const DEFAULT_DAYS = 30;

/** A range of company-local days, both ends included (yyyy-MM-dd). */
export interface DayRange {
  from: string;
  to: string;
}

const dayOf = (text: string | undefined): DateTime | null => {
  if (typeof text !== 'string') return null;
  const day = DateTime.fromISO(text.slice(0, 10), { zone: 'UTC' });
  return day.isValid ? day : null;
};
const iso = (day: DateTime): string => day.toISODate()!;

/**
 * The range asked for and the one it is compared with: From defaults to 29 days before To, To to
 * today; the comparison to the range of the same length right before From.
 * @example
 * resolveRanges({ From: '2026-03-01', To: '2026-03-31' }, '2026-04-10')
 * // { range: { from: '2026-03-01', to: '2026-03-31' }, compare: { from: '2026-01-29', to: '2026-02-28' } }
 */
export function resolveRanges(query: Pick<StatisticsQuery, 'From' | 'To' | 'CompareFrom' | 'CompareTo'>, today: string): { range: DayRange; compare: DayRange } {
  const to = dayOf(query.To) ?? (query.From ? DateTime.max(dayOf(query.From)!, dayOf(today)!) : dayOf(today)!);
  const from = dayOf(query.From) ?? to.minus({ days: DEFAULT_DAYS - 1 });
  const days = Math.round(to.diff(from, 'days').days) + 1;
  const compareFrom = dayOf(query.CompareFrom);
  const compareTo = dayOf(query.CompareTo);
  const compare = compareFrom && compareTo ? { from: iso(compareFrom), to: iso(compareTo) } : { from: iso(from.minus({ days })), to: iso(from.minus({ days: 1 })) };
  return { range: { from: iso(from), to: iso(to) }, compare };
}

/**
 * The rules of the query the schema cannot say: From before To, at most MAX_RANGE_DAYS days, and
 * CompareFrom with CompareTo. Values the schema refuses (not a date) are left to it.
 */
export function checkRanges(query: Record<string, unknown>, refuse: RefuseField): void {
  const text = (name: string): string | undefined => (typeof query[name] === 'string' ? (query[name] as string) : undefined);
  const pair = (fromName: string, toName: string): void => {
    const from = dayOf(text(fromName));
    const to = dayOf(text(toName));
    if (!from || !to) return;
    if (to < from) refuse(fromName, 'FromAfterTo', { other: toName });
    else if (to.diff(from, 'days').days >= MAX_RANGE_DAYS) refuse(toName, statisticsKey('StatisticsRangeTooLong'), { other: fromName, days: MAX_RANGE_DAYS });
  };
  pair('From', 'To');
  pair('CompareFrom', 'CompareTo');
  if ((text('CompareFrom') === undefined) !== (text('CompareTo') === undefined)) {
    const missing = text('CompareFrom') === undefined ? 'CompareFrom' : 'CompareTo';
    refuse(missing, statisticsKey('StatisticsCompareTogether'), { other: missing === 'CompareFrom' ? 'CompareTo' : 'CompareFrom' });
  }
  if (!text('To') && text('From')) {
    const from = dayOf(text('From'));
    if (from && DateTime.utc().diff(from, 'days').days >= MAX_RANGE_DAYS) refuse('From', statisticsKey('StatisticsRangeTooLong'), { other: 'To', days: MAX_RANGE_DAYS });
  }
}

/** Every day of a range, in order. */
export function daysOf(range: DayRange): string[] {
  const out: string[] = [];
  for (let day = dayOf(range.from)!; iso(day) <= range.to; day = day.plus({ days: 1 })) out.push(iso(day));
  return out;
}
