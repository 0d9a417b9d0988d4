import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AvailableTime, DateSchedule, RecurringSchedule, TimeException } from '../../schema/availability';
import { availableTimes, isIntervalAvailable, validateAvailabilityQuery } from '../../domain/availability';
import { availableTimesInSteps } from '../../server/areas/schedules/timesInSteps';
import type { AvailabilityData, AvailabilityQuery, BookingLoad, ServiceSpec } from '../../domain/availability';
import { at, clock, data, dated, days, exception, recurring, requirement, service } from './availability.fixtures';

/** Two weeks that include the spring-forward Sunday. */
const WINDOW: AvailabilityQuery = { From: '2026-03-23T00:00:00', To: '2026-04-06T00:00:00', ShowPerResource: true };
const WINDOW_DAYS = Array.from({ length: 14 }, (_, i) => new Date(Date.UTC(2026, 2, 23 + i)).toISOString().slice(0, 10));
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
const MINUTE = 60_000;
/** A local wire time read on the wall clock (as if UTC), so grid steps ignore clock changes. */
const wallClock = (local: string) => Date.parse(`${local}Z`);

const serviceArb: fc.Arbitrary<ServiceSpec> = fc
  .record({
    duration: fc.constantFrom(30, 45, 60, 90),
    totalSpots: fc.integer({ min: 1, max: 4 }),
    types: fc.array(fc.record({ size: fc.integer({ min: 1, max: 4 }), count: fc.integer({ min: 1, max: 2 }) }), { maxLength: 2 }),
  })
  .map(({ duration, totalSpots, types }) =>
    service({
      duration,
      totalSpots,
      requirements: types.map((t, i) =>
        requirement(
          i + 1,
          Array.from({ length: t.size }, (_, k) => (i + 1) * 10 + k + 1),
          { count: Math.min(t.count, t.size) },
        ),
      ),
    }),
  );

const resourceIdsOf = (svc: ServiceSpec) => svc.requirements.flatMap((r) => r.resources.map((x) => x.id));
const subsetOf = (ids: number[]) => (ids.length === 0 ? fc.constant<number[]>([]) : fc.subarray(ids));

const recurringArb = (ids: number[], id: number): fc.Arbitrary<RecurringSchedule> =>
  fc
    .record({
      weekdays: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
      open: fc.integer({ min: 0, max: 12 * 4 }).map((q) => q * 15),
      length: fc.integer({ min: 2 * 4, max: 11 * 4 }).map((q) => q * 15),
      interval: fc.constantFrom(10, 15, 20, 30, 60),
      lunch: fc.option(fc.record({ after: fc.integer({ min: 60, max: 240 }), length: fc.constantFrom(30, 45, 60) }), { nil: null }),
      specific: subsetOf(ids),
      untilClosing: fc.boolean(),
      validFrom: fc.option(fc.constantFrom(...WINDOW_DAYS), { nil: null }),
    })
    .map((r) =>
      recurring({
        Id: id,
        DaysOfWeek: days(...r.weekdays),
        StartTime: hhmm(r.open),
        EndTime: hhmm(Math.min(r.open + r.length, 23 * 60 + 45)),
        TimeInterval: r.interval,
        Exceptions: r.lunch ? [{ StartTime: hhmm(r.open + r.lunch.after), EndTime: hhmm(Math.min(r.open + r.lunch.after + r.lunch.length, 23 * 60 + 59)) }] : [],
        IsResourceSpecific: r.specific.length > 0,
        Resources: r.specific.map((x) => ({ Id: x, Name: `R${x}` })),
        EnableBookingUntilClosingTime: r.untilClosing,
        ValidFrom: r.validFrom,
      }),
    );

const datedArb = (ids: number[], id: number): fc.Arbitrary<DateSchedule> =>
  fc
    .record({ day: fc.constantFrom(...WINDOW_DAYS), open: fc.integer({ min: 0, max: 60 }), hours: fc.integer({ min: 1, max: 8 }), interval: fc.constantFrom(15, 30), specific: subsetOf(ids) })
    .map((d) =>
      dated({
        Id: id,
        TimeInterval: d.interval,
        ScheduleDates: [{ From: `${d.day}T${hhmm(d.open * 15)}`, To: `${d.day}T${hhmm(Math.min(d.open * 15 + d.hours * 60, 23 * 60 + 45))}` }],
        Resources: d.specific.map((x) => ({ Id: x, Name: `R${x}` })),
      }),
    );

const exceptionArb = (ids: number[], id: number): fc.Arbitrary<TimeException> =>
  fc
    .record({
      day: fc.constantFrom(...WINDOW_DAYS),
      start: fc.integer({ min: 0, max: 23 * 4 }),
      quarters: fc.integer({ min: 1, max: 4 * 30 }),
      recurring: fc.boolean(),
      blocking: fc.boolean(),
      resources: subsetOf(ids),
      text: fc.option(fc.constantFrom('Closed', 'Holiday', 'New instructor'), { nil: null }),
    })
    .map((e) => {
      const from = at(`${e.day}T${hhmm(e.start * 15)}`);
      const to = from + e.quarters * 15 * MINUTE;
      return exception({
        Id: id,
        From: clock.format(from),
        To: clock.format(to),
        IsRecurring: e.recurring,
        FromTime: hhmm(e.start * 15),
        ToTime: hhmm(((e.start + Math.min(e.quarters, 16)) * 15) % (24 * 60)),
        DaysOfWeek: e.recurring ? days(1, 3, 6) : [],
        BlockTime: e.blocking,
        ResourceIds: e.resources,
        ReasonTextPublic: e.text,
      });
    });

const bookingArb = (ids: number[], id: number): fc.Arbitrary<BookingLoad> =>
  fc
    .record({
      day: fc.constantFrom(...WINDOW_DAYS),
      start: fc.integer({ min: 0, max: 23 * 4 }),
      quarters: fc.integer({ min: 1, max: 12 }),
      spots: fc.integer({ min: 1, max: 3 }),
      statusId: fc.integer({ min: 1, max: 10 }),
      serviceId: fc.constantFrom(1, 1, 1, 2),
      resources: subsetOf(ids),
    })
    .map((b) => {
      const from = at(`${b.day}T${hhmm(b.start * 15)}`);
      return { id, serviceId: b.serviceId, from, to: from + b.quarters * 15 * MINUTE, statusId: b.statusId, spots: b.spots, resourceIds: b.resources };
    });

const indexed = <T>(make: (id: number) => fc.Arbitrary<T>, maxLength: number) =>
  fc.integer({ min: 0, max: maxLength }).chain((n) => (n === 0 ? fc.constant<T[]>([]) : fc.tuple(...Array.from({ length: n }, (_, i) => make(i + 1)))));

const calendarArb: fc.Arbitrary<AvailabilityData> = serviceArb.chain((svc) => {
  const ids = resourceIdsOf(svc);
  return fc
    .record({
      recurringSchedules: indexed((id) => recurringArb(ids, id), 3),
      dateSchedules: indexed((id) => datedArb(ids, 100 + id), 2),
      exceptions: indexed((id) => exceptionArb(ids, id), 6),
      bookings: indexed((id) => bookingArb(ids, id), 30),
    })
    .map((parts) => data({ service: svc, ...parts }));
});

const overlaps = (time: AvailableTime, from: number, to: number) => at(time.From) < to && from < at(time.To);
/** AVAILABILITY_RUNS=2000 for a long soak; the default keeps the suite quick. */
/** An exception's blocked ranges inside the window, worked out independently of the engine. */
const occurrences = (e: TimeException): [number, number][] => {
  if (!e.IsRecurring) return [[at(e.From), at(e.To)]];
  return WINDOW_DAYS.filter((day) => day >= e.From.slice(0, 10) && day <= e.To.slice(0, 10))
    .filter((day) => e.DaysOfWeek.length === 0 || e.DaysOfWeek.some((d) => d.DayOfWeekId === ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1))
    .map((day): [number, number] => {
      const from = at(`${day}T${e.FromTime}`);
      const to = at(`${day}T${e.ToTime}`);
      const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      return [from, to > from ? to : at(`${nextDay}T${e.ToTime}`)];
    });
};
const runs = { numRuns: Number(process.env.AVAILABILITY_RUNS ?? 120) };

describe('availability on random calendars', { timeout: 60_000 }, () => {
  it('no free time overlaps a blocking exception for everything, and no free resource one of its own', () => {
    fc.assert(
      fc.property(calendarArb, (calendar) => {
        const times = availableTimes(calendar, WINDOW);
        for (const e of calendar.exceptions.filter((x) => x.BlockTime)) {
          for (const [from, to] of occurrences(e)) {
            for (const t of times.filter((x) => overlaps(x, from, to))) {
              if (e.ResourceIds.length === 0) expect(t.Free).toBe(false);
              for (const r of t.Resources ?? []) if (e.ResourceIds.includes(r.ResourceId)) expect(r.Free).toBe(false);
            }
          }
        }
      }),
      runs,
    );
  });

  it('no free time overlaps a booking that fills the service', () => {
    fc.assert(
      fc.property(calendarArb, (calendar) => {
        const svc = calendar.service;
        fc.pre(svc.requirements.length === 0);
        const full = calendar.bookings.filter((b) => b.serviceId === svc.id && ![2, 4].includes(b.statusId) && b.spots >= svc.totalSpots);
        for (const t of availableTimes(calendar, WINDOW)) {
          if (full.some((b) => overlaps(t, b.from, b.to))) expect(t.Free).toBe(false);
        }
      }),
      runs,
    );
  });

  it('free spots stay between 0 and the capacity, and Free means at least one spot', () => {
    fc.assert(
      fc.property(calendarArb, (calendar) => {
        const svc = calendar.service;
        const capacity =
          svc.requirements.length === 0 ? svc.totalSpots : Math.min(...svc.requirements.map((r) => Math.floor((svc.totalSpots * r.resources.length) / r.count)));
        for (const t of availableTimes(calendar, WINDOW)) {
          expect(t.FreeSpots).toBeGreaterThanOrEqual(0);
          expect(t.FreeSpots).toBeLessThanOrEqual(capacity);
          expect(t.Free).toBe(t.FreeSpots > 0);
          for (const r of t.Resources ?? []) {
            expect(r.FreeSpots).toBeGreaterThanOrEqual(0);
            expect(r.FreeSpots).toBeLessThanOrEqual(svc.totalSpots);
          }
        }
      }),
      runs,
    );
  });

  it('does not depend on the order of schedules, exceptions, bookings or resources', () => {
    fc.assert(
      fc.property(calendarArb, fc.nat(), (calendar, seed) => {
        const shuffle = <T>(list: readonly T[]): T[] => {
          const copy = [...list];
          let s = seed + 1;
          for (let i = copy.length - 1; i > 0; i--) {
            s = (s * 1103515245 + 12345) % 2147483648;
            const j = s % (i + 1);
            [copy[i], copy[j]] = [copy[j], copy[i]];
          }
          return copy;
        };
        const shuffled: AvailabilityData = {
          ...calendar,
          service: { ...calendar.service, requirements: shuffle(calendar.service.requirements.map((r) => ({ ...r, resources: shuffle(r.resources) }))) },
          recurringSchedules: shuffle(calendar.recurringSchedules),
          dateSchedules: shuffle(calendar.dateSchedules),
          exceptions: shuffle(calendar.exceptions),
          bookings: shuffle(calendar.bookings),
        };
        const sortResources = (times: AvailableTime[]) =>
          times.map((t) => ({ ...t, Resources: [...(t.Resources ?? [])].sort((a, b) => a.ResourceId - b.ResourceId) }));
        expect(sortResources(availableTimes(shuffled, WINDOW))).toEqual(sortResources(availableTimes(calendar, WINDOW)));
      }),
      runs,
    );
  });

  it('a free time takes exactly FreeSpots one-spot bookings and is not free after them', () => {
    fc.assert(
      fc.property(calendarArb, fc.nat(), (calendar, pick) => {
        const free = availableTimes(calendar, WINDOW).filter((t) => t.Free);
        fc.pre(free.length > 0);
        const chosen = free[pick % free.length];
        const request = { From: chosen.From, To: chosen.To };
        let current = calendar;
        for (let n = 0; n < chosen.FreeSpots; n++) {
          const verdict = isIntervalAvailable(current, request);
          if (!verdict.available) throw new Error(`booking ${n + 1} of ${chosen.FreeSpots} refused: ${verdict.reason}`);
          const added: BookingLoad = { id: 10_000 + n, serviceId: calendar.service.id, from: verdict.from, to: verdict.to, statusId: 1, spots: 1, resourceIds: verdict.resources.flatMap((r) => r.resourceIds) };
          current = { ...current, bookings: [...current.bookings, added] };
        }
        expect(isIntervalAvailable(current, request)).toMatchObject({ available: false, reason: 'NotEnoughSpots' });
        const after = availableTimes(current, WINDOW).find((t) => t.From === chosen.From);
        expect(after).toMatchObject({ Free: false, FreeSpots: 0 });
      }),
      runs,
    );
  });

  it('every time starts on a schedule grid inside that schedule, and openings cover it', () => {
    type Piece = { from: number; to: number };
    const piecesOf = (s: RecurringSchedule, day: string): Piece[] => {
      let pieces: Piece[] = [{ from: at(`${day}T${s.StartTime}`), to: at(`${day}T${s.EndTime}`) }];
      for (const e of s.Exceptions) {
        const [bFrom, bTo] = [at(`${day}T${e.StartTime}`), at(`${day}T${e.EndTime}`)];
        pieces = pieces.flatMap((p) => (bTo <= p.from || bFrom >= p.to ? [p] : [{ from: p.from, to: bFrom }, { from: bTo, to: p.to }].filter((q) => q.to > q.from)));
      }
      return pieces;
    };
    fc.assert(
      fc.property(calendarArb, (calendar) => {
        const duration = calendar.service.duration * MINUTE;
        for (const t of availableTimes(calendar, WINDOW)) {
          const start = at(t.From);
          const end = at(t.To);
          expect(end - start).toBe(duration);
          const day = t.From.slice(0, 10);
          const minuteOfDay = Number(t.From.slice(11, 13)) * 60 + Number(t.From.slice(14, 16));
          const weekday = ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
          const recurringToday = calendar.recurringSchedules.filter((s) => s.DaysOfWeek.some((d) => d.DayOfWeekId === weekday) && (s.ValidFrom === null || day >= s.ValidFrom));
          const datedToday = calendar.dateSchedules.flatMap((s) => s.ScheduleDates.map((d) => ({ schedule: s, fromText: d.From, from: at(d.From), to: at(d.To) })));
          const all = [...recurringToday.flatMap((s) => piecesOf(s, day)), ...datedToday].sort((a, b) => a.from - b.from);
          const covered = (from: number, to: number) => {
            let reach = Number.NEGATIVE_INFINITY;
            for (const p of all) {
              if (p.from > Math.max(reach, from)) break;
              reach = Math.max(reach, p.to);
            }
            return reach >= to;
          };
          const fromRecurring = recurringToday.some((s) => {
            const openMinute = Number(s.StartTime.slice(0, 2)) * 60 + Number(s.StartTime.slice(3, 5));
            const close = at(`${day}T${s.EndTime}`);
            return (
              (minuteOfDay - openMinute) % s.TimeInterval === 0 &&
              piecesOf(s, day).some((p) => start >= p.from && start < p.to && covered(start, s.EnableBookingUntilClosingTime && p.to === close ? Math.min(end, close) : end))
            );
          });
          const fromDated = datedToday.some((d) => start >= d.from && start < d.to && ((wallClock(t.From) - wallClock(d.fromText)) / MINUTE) % d.schedule.TimeInterval === 0 && covered(start, end));
          expect(fromRecurring || fromDated).toBe(true);
        }
      }),
      runs,
    );
  });

  it('answers the same times when the window is worked through in steps (the server yields between them)', async () => {
    await fc.assert(
      fc.asyncProperty(calendarArb, fc.boolean(), async (calendar, inside) => {
        const query = { ...WINDOW, InsideSearchInterval: inside };
        const checked = validateAvailabilityQuery(query, calendar.service, calendar.timeZone);
        if (!checked.ok) throw new Error('the window is valid');
        expect(await availableTimesInSteps(calendar, query, checked.value, 'en')).toEqual(availableTimes(calendar, query));
      }),
      runs,
    );
  });
});
