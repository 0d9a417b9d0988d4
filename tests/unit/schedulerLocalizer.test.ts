import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { luxonLocalizer } from 'react-big-calendar';
import { localizer } from '../../src/custom/scheduler/localizer';

// The board's plain-date steps must answer exactly as the library's luxon localizer, also across the
// daylight-saving nights of a Nordic zone (the browser's zone is the board's zone).
const reference = luxonLocalizer(DateTime, { firstDayOfWeek: 1 });
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Stockholm';
});
afterAll(() => {
  process.env.TZ = zone;
});

// Around the spring and autumn changes of 2030 and an ordinary week, to the second.
const instants = fc.oneof(
  fc.integer({ min: Date.UTC(2030, 2, 29), max: Date.UTC(2030, 3, 2) }),
  fc.integer({ min: Date.UTC(2030, 9, 25), max: Date.UTC(2030, 9, 29) }),
  fc.integer({ min: Date.UTC(2030, 5, 10), max: Date.UTC(2030, 5, 17) }),
);
const date = instants.map((ms) => new Date(ms - (ms % 1000)));
const unit = fc.constantFrom(undefined, 'minutes', 'day', 'week', 'month') as fc.Arbitrary<'minutes' | 'day' | 'week' | 'month' | undefined>;

/** The library calls these two with one object, whatever its types say. */
const byObject = (l: unknown, name: 'inEventRange' | 'sortEvents', arg: object) => (l as Record<string, (x: object) => number | boolean>)[name](arg);

describe('the scheduler localizer', () => {
  it('compares as luxon does, in every unit', () => {
    fc.assert(
      fc.property(date, date, unit, (a, b, u) => {
        for (const op of ['eq', 'neq', 'lt', 'gt', 'lte', 'gte'] as const) expect([op, localizer[op](a, b, u)]).toEqual([op, reference[op](a, b, u)]);
      }),
      { numRuns: 500 },
    );
  });

  it('compares the same minute and the same day as equal', () => {
    const a = new Date(2030, 9, 27, 2, 30, 10);
    expect(localizer.eq(a, new Date(2030, 9, 27, 2, 30, 50), 'minutes')).toBe(true);
    expect(localizer.lt(new Date(2030, 9, 27, 23, 59), new Date(2030, 9, 28, 0, 0), 'day')).toBe(true);
    expect(localizer.eq(new Date(2030, 9, 27, 0, 0), new Date(2030, 9, 27, 23, 59), 'day')).toBe(true);
  });

  it('counts minutes, minutes from midnight and adds as luxon does', () => {
    fc.assert(
      fc.property(date, date, fc.integer({ min: -2000, max: 2000 }), (a, b, n) => {
        expect(localizer.diff(a, b, 'minutes')).toBe(reference.diff(a, b, 'minutes'));
        expect(localizer.getTotalMin(a, b)).toBe(reference.getTotalMin(a, b));
        expect(localizer.getMinutesFromMidnight(a)).toBe(reference.getMinutesFromMidnight(a));
        expect(+localizer.add(a, n, 'minutes')).toBe(+reference.add(a, n, 'minutes'));
        expect(+localizer.add(a, n % 40, 'day')).toBe(+reference.add(a, n % 40, 'day'));
        expect(+localizer.startOf(a, 'day')).toBe(+reference.startOf(a, 'day'));
        expect(localizer.inRange(a, b, localizer.add(b, 3, 'day'), 'day')).toBe(reference.inRange(a, b, reference.add(b, 3, 'day'), 'day'));
        expect(localizer.continuesPrior(a, b)).toBe(reference.continuesPrior(a, b));
        expect(localizer.continuesAfter(a, a, b)).toBe(reference.continuesAfter(a, a, b));
        expect(+localizer.merge(a, b)!).toBe(+reference.merge(a, b)!);
        const [start, end] = a <= b ? [a, b] : [b, a];
        const range = { start: localizer.startOf(b, 'day'), end: localizer.add(localizer.startOf(b, 'day'), 1, 'day') };
        for (const event of [{ start, end }, { start, end: start }]) {
          expect(byObject(localizer, 'inEventRange', { event, range })).toBe(byObject(reference, 'inEventRange', { event, range }));
        }
        const evtA = { start, end };
        const evtB = { start: a, end: localizer.add(a, n % 300, 'minutes') };
        expect(Math.sign(Number(byObject(localizer, 'sortEvents', { evtA, evtB })))).toBe(Math.sign(Number(byObject(reference, 'sortEvents', { evtA, evtB }))));
      }),
      { numRuns: 500 },
    );
  });

  it('the night the clocks go forward has 23 hours of minutes', () => {
    const midnight = new Date(2030, 2, 31);
    expect(localizer.getMinutesFromMidnight(new Date(2030, 2, 31, 12))).toBe(11 * 60);
    expect(localizer.getTotalMin(midnight, new Date(2030, 3, 1))).toBe(23 * 60);
    // 02:00 comes twice on 27 October: a day added keeps the one it was (fast-check found this).
    const secondTwo = new Date(Date.UTC(2030, 9, 27, 1));
    expect(+localizer.add(secondTwo, 0, 'day')).toBe(+reference.add(secondTwo, 0, 'day'));
    expect(+localizer.add(secondTwo, 1, 'day')).toBe(+reference.add(secondTwo, 1, 'day'));
  });
});
