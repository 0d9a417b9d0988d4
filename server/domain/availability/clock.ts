import { IANAZone } from 'luxon';
import type { Instant } from './types';

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

/**
 * A wall-clock reading as if it were UTC: `day * DAY + msOfDay`. Local arithmetic (next day,
 * 09:00 + 15 min) is plain addition; `ZoneClock.toInstant` turns it into a real instant.
 */
export type LocalMs = number;

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** A parsed wire date: its wall-clock value and whether it carried a time. */
export interface ParsedLocal {
  local: LocalMs;
  hasTime: boolean;
}

/**
 * Reads `yyyy-MM-dd` or `yyyy-MM-ddTHH:mm[:ss]`; null when malformed or not a real date.
 * @example parseLocal('2026-03-29T09:00:00') // { local: Date.UTC(2026, 2, 29, 9), hasTime: true }
 */
export function parseLocal(text: string): ParsedLocal | null {
  const m = LOCAL_DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number);
  if (hour > 23 || minute > 59 || second > 59) return null;
  const local = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(local);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { local, hasTime: m[4] !== undefined };
}

/**
 * Reads `HH:mm[:ss]` into milliseconds after midnight; null when malformed.
 * @example parseTimeOfDay('12:30:00') // 45_000_000
 */
export function parseTimeOfDay(text: string): number | null {
  const m = TIME_OF_DAY.exec(text);
  if (!m) return null;
  return Number(m[1]) * HOUR + Number(m[2]) * MINUTE + Number(m[3] ?? '0') * 1000;
}

/** Local day number (days since 1970-01-01) of a wall-clock value. */
export function dayOf(local: LocalMs): number {
  return Math.floor(local / DAY);
}

/** ISO weekday of a local day number: 1 = Monday … 7 = Sunday. */
export function weekdayOf(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** Whether a time zone name is one luxon (and Intl) knows. */
export function isValidTimeZone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

/**
 * Converts between instants and wall-clock time in one IANA zone. Offsets are cached per UTC hour,
 * so formatting thousands of slots costs a few microseconds each.
 * @example
 * const clock = new ZoneClock('Europe/Stockholm');
 * clock.toInstant(Date.UTC(2026, 2, 29, 2, 30)); // null: 02:30 does not exist that day
 * clock.format(Date.UTC(2026, 2, 29, 8));         // '2026-03-29T10:00:00'
 */
export class ZoneClock {
  private readonly zone: IANAZone;
  private readonly hourOffsets = new Map<number, number>();

  constructor(readonly timeZone: string) {
    this.zone = IANAZone.create(timeZone);
  }

  /** The zone's offset from UTC at an instant, in milliseconds. */
  offset(t: Instant): number {
    const bucket = Math.floor(t / HOUR);
    let cached = this.hourOffsets.get(bucket);
    if (cached === undefined) {
      const start = this.zone.offset(bucket * HOUR);
      const end = this.zone.offset(bucket * HOUR + HOUR - 1);
      cached = start === end ? start * MINUTE : Number.NaN;
      this.hourOffsets.set(bucket, cached);
    }
    return Number.isNaN(cached) ? this.zone.offset(t) * MINUTE : cached;
  }

  /** Wall-clock reading of an instant. */
  toLocal(t: Instant): LocalMs {
    return t + this.offset(t);
  }

  /**
   * The instant a wall-clock reading happens: null inside a spring-forward gap; the first of the
   * two instants inside a fall-back repeat.
   */
  toInstant(local: LocalMs): Instant | null {
    const before = this.offset(local - DAY);
    const after = this.offset(local + DAY);
    let found: Instant | null = null;
    for (const o of before === after ? [before] : [before, after]) {
      const t = local - o;
      if (this.offset(t) === o && (found === null || t < found)) found = t;
    }
    return found;
  }

  /**
   * Like toInstant, but a time inside a spring-forward gap becomes the moment the clocks jump
   * (02:30 → 03:00), so a range bounded by missing times keeps only the time that exists.
   */
  toInstantLenient(local: LocalMs): Instant {
    const exact = this.toInstant(local);
    if (exact !== null) return exact;
    const after = this.offset(local + DAY);
    let lo = Math.ceil((local - after) / MINUTE);
    let hi = Math.floor((local - this.offset(local - DAY)) / MINUTE);
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (this.offset(mid * MINUTE) === after) hi = mid;
      else lo = mid + 1;
    }
    return lo * MINUTE;
  }

  /** The company-local wire form `yyyy-MM-ddTHH:mm:ss`. */
  format(t: Instant): string {
    return new Date(this.toLocal(t)).toISOString().slice(0, 19);
  }
}
