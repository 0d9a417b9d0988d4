import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BlockList, bookingsThatFit, LoadProfile } from '../../domain/availability/capacity';

const intervalsArb = fc.array(
  fc.record({ start: fc.integer({ min: 0, max: 200 }), length: fc.integer({ min: 1, max: 40 }), load: fc.integer({ min: 1, max: 5 }) }).map((i) => ({
    start: i.start * 1000,
    end: (i.start + i.length) * 1000,
    load: i.load,
  })),
  { maxLength: 40 },
);

/** The load at every second, counted directly. */
function bruteMax(intervals: { start: number; end: number; load: number }[], from: number, to: number): number {
  let max = 0;
  for (let t = from; t < to; t += 1000) {
    max = Math.max(max, intervals.filter((i) => i.start <= t && t < i.end).reduce((sum, i) => sum + i.load, 0));
  }
  return max;
}

/** Most one-spot bookings that fit, found by trying every way to place them. */
function bruteFit(picked: number[], others: number[], need: number): number {
  const place = (free: number[]): number => {
    if (picked.some((_, i) => free[i] < 1)) return 0;
    let best = 0;
    const choose = (start: number, chosen: number[]): void => {
      if (chosen.length === need) {
        const next = [...free];
        for (let i = 0; i < picked.length; i++) next[i]--;
        for (const c of chosen) next[picked.length + c]--;
        best = Math.max(best, 1 + place(next));
        return;
      }
      for (let c = start; c < others.length; c++) if (free[picked.length + c] > 0) choose(c + 1, [...chosen, c]);
    };
    choose(0, []);
    return best;
  };
  return place([...picked, ...others]);
}

describe('LoadProfile', () => {
  it('finds the highest load in a window, as counting second by second does', () => {
    fc.assert(
      fc.property(intervalsArb, fc.integer({ min: 0, max: 240 }), fc.integer({ min: 1, max: 60 }), (intervals, from, length) => {
        const profile = LoadProfile.build(intervals);
        expect(profile.maxLoad(from * 1000, (from + length) * 1000)).toBe(bruteMax(intervals, from * 1000, (from + length) * 1000));
      }),
    );
  });

  it('answers the same through the in-order sweep as through single lookups', () => {
    fc.assert(
      fc.property(intervalsArb, fc.array(fc.integer({ min: 0, max: 240 }), { minLength: 1, maxLength: 60 }), fc.integer({ min: 1, max: 60 }), (intervals, starts, length) => {
        const profile = LoadProfile.build(intervals);
        const sweep = profile.sweep();
        for (const s of [...starts].sort((a, b) => a - b)) {
          expect(sweep(s * 1000, (s + length) * 1000)).toBe(profile.maxLoad(s * 1000, (s + length) * 1000));
        }
      }),
    );
  });
});

describe('BlockList', () => {
  it('says whether a window touches any blocked interval', () => {
    fc.assert(
      fc.property(intervalsArb, fc.integer({ min: 0, max: 240 }), fc.integer({ min: 1, max: 60 }), (intervals, from, length) => {
        const [a, b] = [from * 1000, (from + length) * 1000];
        expect(new BlockList(intervals).overlaps(a, b)).toBe(intervals.some((i) => i.start < b && a < i.end));
      }),
    );
  });
});

describe('bookingsThatFit', () => {
  it('matches an exhaustive search on small cases', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 2 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 4 }),
        fc.integer({ min: 0, max: 3 }),
        (picked, others, need) => {
          fc.pre(need <= others.length && picked.length + need > 0);
          expect(bookingsThatFit(picked, others, need)).toBe(bruteFit(picked, others, need));
        },
      ),
    );
  });
});
