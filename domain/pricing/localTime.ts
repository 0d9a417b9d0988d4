import { DateTime, IANAZone } from 'luxon';
import { PricingError } from './errors';

const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm:ss";

/**
 * A company-local wire date-time (no zone) read in the company's IANA zone.
 * @example
 * parseLocal('2025-06-02T10:00:00', 'Europe/Stockholm', 'Interval.From').toISO()
 * // '2025-06-02T10:00:00.000+02:00'
 */
export function parseLocal(value: string, zone: string, field: string): DateTime {
  const parsed = DateTime.fromISO(value, { zone });
  if (!parsed.isValid) throw new PricingError(field, 'InvalidDateTime', { value });
  return parsed;
}

/**
 * A date-time as the wire writes it: company-local, no zone.
 * @example
 * formatLocal(DateTime.fromISO('2025-06-02T10:00:00', { zone: 'Europe/Stockholm' })) // '2025-06-02T10:00:00'
 */
export function formatLocal(value: DateTime): string {
  return value.toFormat(LOCAL_FORMAT);
}

/** A zone's offsets (minutes) by quarter hour since the epoch, kept where the offset is the same all through it; null for a name that is no zone. */
const QUARTER_MS = 15 * 60 * 1000;
const offsetMemo = new Map<string, Map<number, number> | null>();
const MEMO_LIMIT = 200_000;

function offsetMinutes(ms: number, zone: string): number | undefined {
  let byQuarter = offsetMemo.get(zone);
  if (byQuarter === undefined) {
    byQuarter = IANAZone.isValidZone(zone) ? new Map() : null;
    offsetMemo.set(zone, byQuarter);
  }
  if (byQuarter === null) return undefined;
  const quarter = Math.floor(ms / QUARTER_MS);
  const known = byQuarter.get(quarter);
  if (known !== undefined) return known;
  const iana = IANAZone.create(zone);
  const start = iana.offset(quarter * QUARTER_MS);
  // Zone changes fall on quarter hours in practice; a quarter with a change inside is never kept.
  if (start !== iana.offset((quarter + 1) * QUARTER_MS - 1)) return iana.offset(ms);
  if (byQuarter.size >= MEMO_LIMIT) byQuarter.clear();
  byQuarter.set(quarter, start);
  return start;
}

/**
 * An instant (milliseconds since the epoch) as the wire writes it in a company's zone: company-local,
 * no zone, whole seconds. The same as `formatLocal(DateTime.fromMillis(ms, { zone }))`, but the zone's
 * offset is looked up once per quarter hour instead of once per value (lists format thousands).
 * @example
 * formatLocalMillis(Date.UTC(2025, 5, 2, 8), 'Europe/Stockholm') // '2025-06-02T10:00:00'
 */
export function formatLocalMillis(ms: number, zone: string): string {
  const offset = offsetMinutes(ms, zone);
  const local = offset === undefined ? undefined : new Date(ms + offset * 60_000);
  const year = local?.getUTCFullYear() ?? 0;
  if (!local || year < 1 || year > 9999) return formatLocal(DateTime.fromMillis(ms, { zone }));
  return local.toISOString().slice(0, 19);
}

/**
 * Seconds since midnight for a time of day 'HH:mm' or 'HH:mm:ss'.
 * @example
 * secondsOfDay('17:30') // 63000
 */
export function secondsOfDay(time: string): number {
  const [h = '0', m = '0', s = '0'] = time.split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/**
 * Seconds since local midnight of a moment.
 * @example
 * secondsOfDayOf(DateTime.fromISO('2025-06-02T08:15:00')) // 29700
 */
export function secondsOfDayOf(value: DateTime): number {
  return value.hour * 3600 + value.minute * 60 + value.second;
}

/**
 * Whether a moment's time of day is inside [from, to). A window whose end is not after its start
 * runs over midnight (22:00–06:00; 17:00–00:00 means until midnight). Missing ends are open.
 * @example
 * inTimeWindow(DateTime.fromISO('2025-06-02T23:00'), '22:00', '06:00') // true
 */
export function inTimeWindow(value: DateTime, from: string | null | undefined, to: string | null | undefined): boolean {
  if (!from && !to) return true;
  const t = secondsOfDayOf(value);
  const start = from ? secondsOfDay(from) : 0;
  const end = to ? secondsOfDay(to) : 86400;
  if (end > start) return t >= start && t < end;
  return t >= start || t < end;
}

/**
 * The calendar date part 'yyyy-MM-dd' of a wire date or date-time.
 * @example
 * datePart('2025-06-02T10:00:00') // '2025-06-02'
 */
export function datePart(value: string): string {
  return value.slice(0, 10);
}
