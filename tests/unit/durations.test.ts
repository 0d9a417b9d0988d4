import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { durationOptions, normalizeDurations } from '../../domain/durations';

describe('normalizeDurations', () => {
  it('defaults the maximum to three times the duration, the minimum and interval to the duration', () => {
    expect(normalizeDurations({ Duration: 45 })).toEqual({
      durations: { duration: 45, minDuration: 45, maxDuration: 135, interval: 45 },
      problems: [],
    });
  });

  it('keeps an aligned maximum', () => {
    expect(normalizeDurations({ Duration: 60, MinDuration: 60, MaxDuration: 120, DurationInterval: 30 }).durations.maxDuration).toBe(120);
  });

  it('trims a maximum not reached in whole steps from the minimum', () => {
    expect(normalizeDurations({ Duration: 60, MinDuration: 60, MaxDuration: 130, DurationInterval: 30 }).durations.maxDuration).toBe(120);
    expect(normalizeDurations({ Duration: 50, MinDuration: 20, MaxDuration: 99, DurationInterval: 25 }).durations.maxDuration).toBe(95);
  });

  it('treats null like a missing value', () => {
    expect(normalizeDurations({ Duration: 30, MinDuration: null, MaxDuration: null, DurationInterval: null }).durations).toEqual({
      duration: 30,
      minDuration: 30,
      maxDuration: 90,
      interval: 30,
    });
  });

  it('reports a minimum above the duration', () => {
    expect(normalizeDurations({ Duration: 30, MinDuration: 60, MaxDuration: 120 }).problems).toEqual([{ field: 'MinDuration', other: 'Duration' }]);
  });

  it('reports a duration above the maximum, also when trimming brings the maximum below it', () => {
    expect(normalizeDurations({ Duration: 90, MinDuration: 30, MaxDuration: 60 }).problems).toEqual([{ field: 'Duration', other: 'MaxDuration' }]);
    expect(normalizeDurations({ Duration: 100, MinDuration: 60, MaxDuration: 100, DurationInterval: 30 }).problems).toEqual([
      { field: 'Duration', other: 'MaxDuration' },
    ]);
  });

  it('always yields an aligned maximum within [min, requested max] when the input is valid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 0, max: 600 }), fc.integer({ min: 1, max: 120 }), (min, extra, interval) => {
        const { durations, problems } = normalizeDurations({ Duration: min, MinDuration: min, MaxDuration: min + extra, DurationInterval: interval });
        expect(problems).toEqual([]);
        expect((durations.maxDuration - min) % interval).toBe(0);
        expect(durations.maxDuration).toBeGreaterThanOrEqual(min);
        expect(durations.maxDuration).toBeLessThanOrEqual(min + extra);
        expect(min + extra - durations.maxDuration).toBeLessThan(interval);
      }),
    );
  });
});

describe('durationOptions', () => {
  it('runs from min to max in steps of the interval', () => {
    expect(durationOptions({ minDuration: 60, maxDuration: 120, interval: 30 })).toEqual([60, 90, 120]);
    expect(durationOptions({ minDuration: 45, maxDuration: 45, interval: 45 })).toEqual([45]);
  });
});
