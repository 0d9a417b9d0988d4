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

const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
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
  return ZoneClock.isKnown(zone) || IANAZone.isValidZone(zone);
}

/** The offsets of one UTC day: `before` until the instant `change`, `after` from it on. */
interface DayOffsets {
  change: Instant;
  before: number;
  after: number;
}

/**
 * Converts between instants and wall-clock time in one IANA zone. Offsets are looked up once per
 * UTC day (and the minute of a change found by bisection on the days the clocks change), so
 * converting thousands of slots costs well under a microsecond each.
 * @example
 * const clock = new ZoneClock('Europe/Stockholm');
 * clock.toInstant(Date.UTC(2026, 2, 29, 2, 30)); // null: 02:30 does not exist that day
 * clock.format(Date.UTC(2026, 2, 29, 8));         // '2026-03-29T10:00:00'
 */
export class ZoneClock {
  private readonly zone: IANAZone;
  private readonly days = new Map<number, DayOffsets>();
  private readonly dateTexts = new Map<number, string>();

  constructor(readonly timeZone: string) {
    this.zone = IANAZone.create(timeZone);
  }

  private static readonly shared = new Map<string, ZoneClock>();

  /**
   * One clock per zone for the whole process: a zone's offsets are facts that never change, so
   * what one call looked up serves the next.
   */
  static isKnown(timeZone: string): boolean {
    return ZoneClock.shared.has(timeZone);
  }

  static of(timeZone: string): ZoneClock {
    let clock = ZoneClock.shared.get(timeZone);
    if (!clock) {
      clock = new ZoneClock(timeZone);
      ZoneClock.shared.set(timeZone, clock);
    }
    return clock;
  }

  /** The zone's offset from UTC at an instant, in milliseconds. */
  offset(t: Instant): number {
    const day = Math.floor(t / DAY);
    let known = this.days.get(day);
    if (known === undefined) {
      known = this.offsetsOfDay(day);
      this.days.set(day, known);
    }
    return t < known.change ? known.before : known.after;
  }

  private offsetsOfDay(day: number): DayOffsets {
    const before = this.zone.offset(day * DAY) * MINUTE;
    const after = this.zone.offset(day * DAY + DAY - 1) * MINUTE;
    if (before === after) return { change: Number.POSITIVE_INFINITY, before, after };
    let lo = day * DAY;
    let hi = day * DAY + DAY - 1;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (this.zone.offset(mid) * MINUTE === before) lo = mid;
      else hi = mid;
    }
    return { change: hi, before, after };
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
    const local = this.toLocal(t);
    const day = Math.floor(local / DAY);
    let date = this.dateTexts.get(day);
    if (date === undefined) {
      date = new Date(day * DAY).toISOString().slice(0, 11);
      this.dateTexts.set(day, date);
    }
    const seconds = Math.floor((local - day * DAY) / 1000);
    return `${date}${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}`;
  }
}
