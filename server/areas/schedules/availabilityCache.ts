import type { Db } from '../../db/db';
import type { DataScope, DataVersions } from '../../db/versions';
import { Lru } from '../../shared/lru';
import type { AvailabilityData, BookingLoad, Instant, ServiceSpec } from '../../../domain/availability';
import { loadBookings, loadServiceCalendar, loadServiceSpec, specResourceIds, type ServiceCalendar } from './availabilityData';

const DAY = 86_400_000;

interface Entry {
  version: string;
  spec: { service: ServiceSpec; timeZone: string } | undefined;
  /** Schedules and exceptions of the window they were loaded for, when they were. */
  calendar?: { from: Instant; to: Instant; value: ServiceCalendar };
  /** The service's bookings per UTC day (index ms / DAY) touching it, under that day's version. */
  days: Map<number, { version: string; bookings: BookingLoad[] }>;
}

/** Calendars kept at most; the least recently used goes first. */
const MAX_ENTRIES = 200;
/** Booking days kept per calendar beyond the window asked for. */
const MAX_DAYS = 400;

/** The data-version scope of a UTC day's bookings (migration 052). */
const dayScope = (day: number): DataScope => `bookings:${new Date(day * DAY).toISOString().slice(0, 10)}`;

/**
 * Loaded calendars per company and service. The service, its schedules and exceptions stay valid
 * while the company's availability version (every write to a table they come from moves it,
 * migration 021) stays the same; its bookings are kept per UTC day, each valid while the version of
 * that day (moved by every booking write touching the day, before or after the change, migration
 * 052) stays the same. A booking written therefore reloads the bookings of its own days only.
 * Versions are read before the data they guard, so what is kept is never older than its version.
 * Reads only: the booking call must load inside its own transaction.
 * @example
 * const cache = new AvailabilityCache(app.versions);
 * const spec = await cache.spec(db, companyId, serviceId);
 * const data = await cache.data(db, companyId, spec, from, to);
 */
export class AvailabilityCache {
  private readonly entries = new Lru<Entry>({ maxEntries: MAX_ENTRIES });

  constructor(private readonly versions: DataVersions) {}

  /** The service as the engine sees it (see loadServiceSpec), current as of this call. */
  async spec(db: Db, companyId: number, serviceId: number): Promise<{ service: ServiceSpec; timeZone: string } | undefined> {
    const key = `${companyId}:${serviceId}`;
    const version = await this.versions.read(companyId, 'availability');
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.entries.set(key, hit);
      return hit.spec;
    }
    const spec = await loadServiceSpec(db, companyId, serviceId);
    this.entries.set(key, { version, spec, days: new Map() });
    return spec;
  }

  /**
   * The availability data of [from, to) for a service whose spec came from `spec()` just before:
   * the schedules reused when the same version already loaded a window covering it, the bookings of
   * each day reused while that day's version is the same.
   */
  async data(db: Db, companyId: number, spec: { service: ServiceSpec; timeZone: string }, from: Instant, to: Instant): Promise<AvailabilityData> {
    const key = `${companyId}:${spec.service.id}`;
    const found = this.entries.get(key);
    // Only an entry made with this very spec (so under the availability version it was read with) is added to.
    const entry = found?.spec === spec ? found : undefined;
    const now = Date.now();
    const first = Math.floor(from / DAY);
    const days = Array.from({ length: Math.max(1, Math.floor((to - 1) / DAY) - first + 1) }, (_, i) => first + i);
    const kept = entry?.calendar && entry.calendar.from <= from && entry.calendar.to >= to ? entry.calendar.value : undefined;
    const [versions, calendar] = await Promise.all([
      this.versions.readMany(companyId, days.map(dayScope)),
      kept ?? loadServiceCalendar(db, companyId, spec, from, to),
    ]);
    if (entry && !kept) entry.calendar = { from, to, value: calendar };
    const perDay = new Map(entry?.days);
    const stale = days.filter((day, i) => perDay.get(day)?.version !== versions[i]);
    await Promise.all(runsOf(stale).map(async ([start, end]) => {
      const loaded = await loadBookings(db, companyId, spec.service.id, specResourceIds(spec.service), start * DAY, (end + 1) * DAY);
      for (let day = start; day <= end; day++) perDay.set(day, { version: versions[days.indexOf(day)], bookings: [] });
      for (const b of loaded) {
        for (let day = Math.max(start, Math.floor(b.from / DAY)); day <= Math.min(end, Math.floor((b.to - 1) / DAY)); day++) perDay.get(day)!.bookings.push(b);
      }
    }));
    if (entry && stale.length) {
      for (const day of stale) entry.days.set(day, perDay.get(day)!);
      if (entry.days.size > MAX_DAYS) for (const day of entry.days.keys()) if (day < first || day > days.at(-1)!) entry.days.delete(day);
    }
    const seen = new Set<number>();
    const bookings: BookingLoad[] = [];
    for (const day of days) {
      for (const b of perDay.get(day)!.bookings) {
        if (b.from >= to || b.to <= from || seen.has(b.id)) continue;
        seen.add(b.id);
        bookings.push(b);
      }
    }
    return { timeZone: spec.timeZone, service: spec.service, ...calendar, bookings, now, showPrivateReasons: true };
  }
}

/** Sorted day numbers as runs of consecutive days [first, last]. */
function runsOf(days: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && last[1] === day - 1) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}
