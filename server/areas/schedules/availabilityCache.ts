import type { Db } from '../../db/db';
import type { DataScope, DataVersions, VersionsReadAlong } from '../../db/versions';
import { Lru } from '../../shared/lru';
import type { AvailableTime } from '../../../schema/availability';
import { availableTimes, ZoneClock, type AvailabilityData, type AvailabilityQuery, type BookingLoad, type Instant, type NormalizedQuery, type ServiceSpec } from '../../../domain/availability';
import { ApiError } from '../../shared/errors';
import type { Lang } from '../../shared/messages';
import { MAX_AVAILABLE_TIMES } from '../../shared/limits';
import { loadBookings, loadServiceCalendar, loadServiceSpec, specResourceIds, withEngineErrors, type ServiceCalendar } from './availabilityData';
import { roundTripping, weight } from './timesInSteps';
import { schedulingKey } from './messages';

const DAY = 86_400_000;

interface Entry {
  /** The company's availability version the spec was read under. */
  version: string;
  spec: { service: ServiceSpec; timeZone: string } | undefined;
  /** Schedules and exceptions of the window they were loaded for, when they were. */
  calendar?: { from: Instant; to: Instant; value: ServiceCalendar };
  /** The service's bookings per UTC day (index ms / DAY) touching it, under that day's version. */
  days: Map<number, { version: string; bookings: BookingLoad[] }>;
  /** Answers for whole local days after today, per query and day start, under the versions of the days whose bookings they read. */
  answers: Map<string, { versions: string; today: string; times: AvailableTime[] }>;
}

/** Day answers kept per calendar. */
const MAX_ANSWERS = 2000;

/** Calendars kept at most; the least recently used goes first. */
const MAX_ENTRIES = 200;
/** Booking days kept per calendar beyond the window asked for. */
const MAX_DAYS = 400;

/** A service as the engine sees it, with its company's zone. */
export type Spec = { service: ServiceSpec; timeZone: string };

/** Versions of UTC booking days read earlier, by day number; undefined for a day not read. */
export type KnownVersions = (day: number) => string | undefined;

/** The data-version scope of a UTC day's bookings (migration 052). */
const dayScope = (day: number): DataScope => `bookings:${new Date(day * DAY).toISOString().slice(0, 10)}`;

/** The availability scope, then those of these UTC booking days. */
const scopesWith = (days: readonly number[]): DataScope[] => ['availability', ...days.map(dayScope)];

/**
 * Loaded calendars per company and service. The service, its schedules and exceptions stay valid
 * while the company's availability version (every write to a table they come from moves it,
 * migration 021) stays the same; its bookings are kept per UTC day, each valid while the version of
 * that day (moved by every booking write touching the day, before or after the change, migration
 * 052) stays the same. A booking written therefore reloads the bookings of its own days only.
 * Versions are read before the data they guard, so what is kept is never older than its version.
 * Reads only: the booking call must load inside its own transaction. `enabled: false`
 * (RESPONSE_CACHE=off) keeps nothing: every call loads afresh, the computation the kept answers are
 * compared with (tests/server/keptAnswers.test.ts).
 * @example
 * const cache = new AvailabilityCache(app.versions, app.config.responseCache);
 * const spec = await cache.spec(db, companyId, serviceId);
 * const data = await cache.data(db, companyId, spec, from, to);
 */
export class AvailabilityCache {
  private readonly entries = new Lru<Entry>({ maxEntries: MAX_ENTRIES });

  constructor(
    private readonly versions: DataVersions,
    private readonly enabled = true,
  ) {}

  /** The service as the engine sees it (see loadServiceSpec), current as of this call. */
  async spec(db: Db, companyId: number, serviceId: number): Promise<{ service: ServiceSpec; timeZone: string } | undefined> {
    if (!this.enabled) return loadServiceSpec(db, companyId, serviceId);
    const key = `${companyId}:${serviceId}`;
    const version = await this.versions.read(companyId, 'availability');
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.entries.set(key, hit);
      return hit.spec;
    }
    const spec = await loadServiceSpec(db, companyId, serviceId);
    this.entries.set(key, { version, spec, days: new Map(), answers: new Map() });
    return spec;
  }

  /** The spec kept for a service with the availability version it was read under, whether or not that is still current. */
  peek(companyId: number, serviceId: number): { spec: { service: ServiceSpec; timeZone: string }; version: string } | undefined {
    const found = this.entries.get(`${companyId}:${serviceId}`);
    return found?.spec ? { spec: found.spec, version: found.version } : undefined;
  }

  /** The kept calendar made with this very spec, if any. */
  entryOf(companyId: number, spec: { service: ServiceSpec; timeZone: string }): Entry | undefined {
    const found = this.entries.get(`${companyId}:${spec.service.id}`);
    return found?.spec === spec ? found : undefined;
  }

  /** The versions of these UTC booking days (read before what they guard). */
  versionsOf(companyId: number, days: readonly number[]): Promise<string[]> {
    return this.versions.readMany(companyId, days.map(dayScope));
  }

  /** The company's availability version, then those of these UTC booking days, from one statement (or from `along`, when it read them). */
  versionsWith(companyId: number, days: readonly number[], along?: VersionsReadAlong): Promise<string[]> {
    return this.versions.readMany(companyId, scopesWith(days), along);
  }

  /**
   * The availability data of [from, to) for a service whose spec came from `spec()` just before:
   * the schedules reused when the same version already loaded a window covering it, the bookings of
   * each day reused while that day's version is the same. `known` gives day versions read before
   * this call (for the same spec); when it knows them all, none is read again.
   */
  async data(db: Db, companyId: number, spec: { service: ServiceSpec; timeZone: string }, from: Instant, to: Instant, known?: KnownVersions): Promise<AvailabilityData> {
    const entry = this.entryOf(companyId, spec);
    const now = Date.now();
    const days = daysCovering(from, to);
    const kept = entry?.calendar && entry.calendar.from <= from && entry.calendar.to >= to ? entry.calendar.value : undefined;
    const [perDay, calendar] = await Promise.all([this.bookingDays(db, companyId, spec, days, known), kept ?? loadServiceCalendar(db, companyId, spec, from, to)]);
    if (entry && !kept) entry.calendar = { from, to, value: calendar };
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

  /**
   * The bookings of these UTC days, each under its version: those kept under the current version
   * as they are, the others loaded (one query per run of consecutive days) and kept when the spec
   * is the kept one. Versions come from `known` when it has them all, else from one read.
   */
  async bookingDays(db: Db, companyId: number, spec: { service: ServiceSpec; timeZone: string }, days: readonly number[], known?: KnownVersions): Promise<Map<number, { version: string; bookings: BookingLoad[] }>> {
    const entry = this.entryOf(companyId, spec);
    const given = known ? days.map(known) : [];
    const versions = given.length && given.every((v) => v !== undefined) ? (given as string[]) : await this.versionsOf(companyId, days);
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
      if (entry.days.size > MAX_DAYS) for (const day of entry.days.keys()) if (day < days[0] || day > days.at(-1)!) entry.days.delete(day);
    }
    return perDay;
  }
}

/** UTC day numbers covering [from, to). */
const daysCovering = (from: Instant, to: Instant): number[] => {
  const first = Math.floor(from / DAY);
  return Array.from({ length: Math.max(1, Math.floor((to - 1) / DAY) - first + 1) }, (_, i) => first + i);
};

/**
 * availabletimes of a window, a local day at a time: the answer of a whole day after today is kept
 * and given again while the service's availability version, the versions of the UTC booking days
 * its slots touch ([day start, day end + duration): the day is computed from the bookings that
 * overlap that span only, and a booking write moves the version of every day the booking touches,
 * before and after) and the date of today stay the same (slots are
 * split by their start, and `now` only hides today's past starts and moves the schedules' horizon
 * by whole days). Other days are computed on the cached calendar. Stops with 400 (To) beyond
 * MAX_AVAILABLE_TIMES entries, yielding to other requests between days. Answers the times of each
 * local day in order; a kept day's are the very array answered before (so what was made of it, its
 * JSON, can be kept with it).
 * @example const times = (await availableTimesByDay(cache, db, companyId, spec, query, window, 'en')).flat();
 */
export async function availableTimesByDay(
  cache: AvailabilityCache,
  db: Db,
  companyId: number,
  spec: { service: ServiceSpec; timeZone: string },
  query: AvailabilityQuery,
  window: NormalizedQuery,
  lang: Lang,
  dayVersions?: string[],
): Promise<AvailableTime[][]> {
  const clock = ZoneClock.of(spec.timeZone);
  const now = Date.now();
  const today = clock.format(now).slice(0, 10);
  const span = window.duration * 60_000;
  const pieces: { from: Instant; to: Instant; day: string; whole: boolean }[] = [];
  for (let start = window.from; start < window.to; ) {
    const local = clock.toLocal(start);
    const midnight = Math.floor(local / DAY) * DAY;
    const next = roundTripping(clock, clock.toInstantLenient(midnight + DAY));
    const end = Math.min(window.to, next);
    const last = end === window.to;
    pieces.push({ from: start, to: end, day: clock.format(start).slice(0, 10), whole: local === midnight && end === next && !(last && query.InsideSearchInterval === true) });
    start = end;
  }
  const entry = cache.entryOf(companyId, spec);
  const queryKey = JSON.stringify([query.Duration ?? null, query.Resources ?? [], query.NumberOfResources ?? null, query.ShowPerResource ?? null]);
  const days = daysCovering(window.from - DAY, window.to + span + DAY);
  // The same days windowVersion reads, when it has.
  const versions = entry ? (dayVersions ?? (await cache.versionsOf(companyId, days))) : [];
  const known: KnownVersions = (day) => versions[days.indexOf(day)];
  const versionsFor = (p: { from: Instant; to: Instant }) => daysCovering(p.from, p.to + span).map(known).join(',');
  const keyOf = (p: { from: Instant }) => `${queryKey}|${p.from}`;
  const keptOf = (p: (typeof pieces)[number]) => {
    const kept = entry !== undefined && p.whole && p.day > today ? entry.answers.get(keyOf(p)) : undefined;
    return kept && kept.today === today && kept.versions === versionsFor(p) ? kept : undefined;
  };
  // A few days to compute (after a booking write) read the calendar of those days only, their
  // changed bookings all at once first; many, the whole window once.
  const missingPieces = pieces.filter((p) => !keptOf(p));
  const missing = missingPieces.length;
  if (entry && missing > 0 && missing <= 3) await cache.bookingDays(db, companyId, spec, [...new Set(missingPieces.flatMap((p) => daysCovering(p.from, p.to + span)))].sort((a, b) => a - b), known);
  let whole: AvailabilityData | undefined;
  const parts: AvailableTime[][] = [];
  let total = 0;
  for (const [i, p] of pieces.entries()) {
    const keep = entry !== undefined && p.whole && p.day > today;
    const kept = keptOf(p);
    let part: AvailableTime[];
    if (kept) part = kept.times;
    else {
      const data = missing > 3 ? (whole ??= await cache.data(db, companyId, spec, window.from, window.to + span, known)) : await cache.data(db, companyId, spec, p.from, p.to + span, known);
      const step = pieces.length === 1 ? query : { ...query, From: clock.format(p.from), To: clock.format(p.to), InsideSearchInterval: query.InsideSearchInterval === true && i === pieces.length - 1 };
      const loaded = data;
      part = withEngineErrors(lang, spec.timeZone, () => availableTimes(loaded, step));
      if (keep) {
        if (entry.answers.size >= MAX_ANSWERS) entry.answers.clear();
        entry.answers.set(keyOf(p), { versions: versionsFor(p), today, times: part });
      }
    }
    for (const time of part) total += weight(time);
    parts.push(part);
    if (total > MAX_AVAILABLE_TIMES) throw ApiError.field(400, 'To', schedulingKey('TooManyTimes'), { limit: MAX_AVAILABLE_TIMES });
    if (i < pieces.length - 1 && !kept) await new Promise((resolve) => setImmediate(resolve));
  }
  return parts;
}

/**
 * The version of a whole availabletimes answer, for keeping it as sent: the availability version
 * the spec was read under, the versions of every booking day its slots can touch, and today's date.
 * `dayVersions` are those booking days' versions, for availableTimesByDay to use rather than read again.
 * Undefined (compute every time) when the spec is not the kept one, or when the window reaches today
 * or earlier, whose answer also changes as the clock passes each start.
 */
async function windowVersion(
  cache: AvailabilityCache,
  companyId: number,
  spec: { service: ServiceSpec; timeZone: string },
  window: NormalizedQuery,
): Promise<{ version: string; dayVersions: string[] } | undefined> {
  const entry = cache.entryOf(companyId, spec);
  if (!entry) return undefined;
  const days = keptDays(spec, window);
  if (!days) return undefined;
  const dayVersions = await cache.versionsOf(companyId, days);
  return { version: windowKey(entry.version, spec, dayVersions), dayVersions };
}

/** The UTC booking days a window's kept answer rests on; undefined when the window reaches today or earlier (kept never). */
function keptDays(spec: { timeZone: string }, window: NormalizedQuery): number[] | undefined {
  const clock = ZoneClock.of(spec.timeZone);
  const tomorrow = roundTripping(clock, clock.toInstantLenient(Math.floor(clock.toLocal(Date.now()) / DAY) * DAY + DAY));
  return window.from < tomorrow ? undefined : daysCovering(window.from - DAY, window.to + window.duration * 60_000 + DAY);
}

const windowKey = (availability: string, spec: { timeZone: string }, dayVersions: readonly string[]) =>
  `${availability}|${ZoneClock.of(spec.timeZone).format(Date.now()).slice(0, 10)}|${dayVersions.join(',')}`;

/**
 * spec() and windowVersion() in one read, for a service whose spec is kept: the window is worked out
 * with the kept spec, and the company's availability version is read with the window's booking days
 * in one statement, or taken from `along` when the caller's statement read those very scopes
 * (keptWindowScopes). Undefined (read them one after the other) when nothing is kept, the
 * availability version has moved on, or the window does not check out with the kept spec.
 * @example const hit = await keptWindow(cache, companyId, serviceId, (spec) => normalize(spec, query, ctx), ctx.versionsRead);
 */
async function keptWindow<W extends NormalizedQuery>(
  cache: AvailabilityCache,
  companyId: number,
  serviceId: number,
  windowOf: (spec: { service: ServiceSpec; timeZone: string }) => W,
  along?: VersionsReadAlong,
): Promise<{ spec: { service: ServiceSpec; timeZone: string }; window: W; kept: { version: string; dayVersions: string[] } | undefined } | undefined> {
  const known = cache.peek(companyId, serviceId);
  if (!known) return undefined;
  let window: W;
  try {
    window = windowOf(known.spec);
  } catch {
    return undefined;
  }
  const days = keptDays(known.spec, window) ?? [];
  const [availability, ...dayVersions] = await cache.versionsWith(companyId, days, along);
  if (availability !== known.version || cache.entryOf(companyId, known.spec) === undefined) return undefined;
  return { spec: known.spec, window, kept: days.length ? { version: windowKey(availability, known.spec, dayVersions), dayVersions } : undefined };
}

/**
 * The service, the window of the query and, when its answer can be kept, the answer's version and
 * its booking days' versions: from the kept spec with one read of versions (or none, when the
 * caller's statement read them along), else the spec read (and kept) first. Undefined when the
 * company has no such service; `windowOf` throws the query's 400.
 * @example const read = await readWindow(cache, db, companyId, serviceId, (spec) => normalize(spec, query, ctx), ctx.versionsRead);
 */
export async function readWindow<W extends NormalizedQuery>(
  cache: AvailabilityCache,
  db: Db,
  companyId: number,
  serviceId: number,
  windowOf: (spec: Spec) => W,
  along?: VersionsReadAlong,
): Promise<{ spec: Spec; window: W; kept: { version: string; dayVersions: string[] } | undefined } | undefined> {
  const hit = await keptWindow(cache, companyId, serviceId, windowOf, along);
  if (hit) return hit;
  const spec = await cache.spec(db, companyId, serviceId);
  if (!spec) return undefined;
  const window = windowOf(spec);
  return { spec, window, kept: await windowVersion(cache, companyId, spec, window) };
}

/**
 * The data-version scopes keptWindow will read for this window of a kept service, for the caller's
 * statement to read them along; undefined when nothing is kept or the window does not check out.
 * @example config: { versionsAlong: (request, companyId) => keptWindowScopes(cache, companyId, serviceId, windowOf) }
 */
export function keptWindowScopes(
  cache: AvailabilityCache,
  companyId: number,
  serviceId: number,
  windowOf: (spec: { service: ServiceSpec; timeZone: string }) => NormalizedQuery | undefined,
): DataScope[] | undefined {
  const known = cache.peek(companyId, serviceId);
  const window = known && windowOf(known.spec);
  return window && scopesWith(keptDays(known.spec, window) ?? []);
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
