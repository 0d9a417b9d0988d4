import type { DateTime } from 'luxon';
import type { DayOfWeek, DayOfWeekId } from '../../schema/common';
import type { ServicePrice } from '../../schema/services';
import { datePart, inTimeWindow } from './localTime';

/** Days of week as the wire writes them ({ DayOfWeekId, … }) or as bare ids; empty = every day. */
export type DaysOfWeekList = readonly (DayOfWeek | DayOfWeekId)[];

/** What the price rules read from a service price (the wire ServicePrice fits). */
export type PriceRule = Pick<
  ServicePrice,
  'Id' | 'Price' | 'CalculationTypeId' | 'CurrencyId' | 'PriceSign' | 'VAT' | 'Category' | 'PriceText' | 'From' | 'To' | 'FromTime' | 'ToTime'
> & { DaysOfWeek: DaysOfWeekList };

/**
 * The day ids of a days-of-week list.
 * @example
 * dayIds([{ DayOfWeekId: 1, DotNetDayOfWeekId: 1, DayOfWeek: 'Monday' }, 6]) // [1, 6]
 */
export function dayIds(days: DaysOfWeekList): DayOfWeekId[] {
  return days.map((day) => (typeof day === 'number' ? day : day.DayOfWeekId));
}

/**
 * Whether a moment falls on a listed day (1 = Monday … 7 = Sunday, as luxon's weekday); empty = every day.
 * @example
 * onDays(DateTime.fromISO('2025-06-07T10:00'), [6, 7]) // true (a Saturday)
 */
export function onDays(moment: DateTime, days: DaysOfWeekList): boolean {
  return days.length === 0 || dayIds(days).includes(moment.weekday as DayOfWeekId);
}

/**
 * Whether a moment's calendar date is within [from, to], both inclusive; a missing end is open.
 * @example
 * inDateRange(DateTime.fromISO('2025-06-30T23:00'), '2025-06-01', '2025-06-30') // true
 */
export function inDateRange(moment: DateTime, from: string | null | undefined, to: string | null | undefined): boolean {
  if (!from && !to) return true;
  const date = moment.toISODate() ?? '';
  if (from && date < datePart(from)) return false;
  if (to && date > datePart(to)) return false;
  return true;
}

/**
 * Whether a price is valid at a moment: its validity dates (inclusive), its days of week and its
 * time of day window [FromTime, ToTime).
 * @example
 * isPriceValidAt(eveningPrice, DateTime.fromISO('2025-06-02T18:00', { zone: 'Europe/Stockholm' }))
 */
export function isPriceValidAt(price: PriceRule, moment: DateTime): boolean {
  return (
    inDateRange(moment, price.From, price.To) &&
    onDays(moment, price.DaysOfWeek) &&
    inTimeWindow(moment, price.FromTime, price.ToTime)
  );
}

/**
 * The prices valid at a moment.
 * @example
 * validPricesAt(service.Prices, start).map((p) => p.Id)
 */
export function validPricesAt<P extends PriceRule>(prices: readonly P[], moment: DateTime): P[] {
  return prices.filter((price) => isPriceValidAt(price, moment));
}
