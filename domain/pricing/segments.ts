import { DateTime } from 'luxon';
import { secondsOfDay } from './localTime';
import type { PriceRule } from './priceRules';

/** A stretch of time [from, to) in the company's zone. */
export interface TimeSpan {
  from: DateTime;
  to: DateTime;
}

/**
 * Cuts [from, to) wherever the set of valid prices can change: at every local midnight (dates and
 * days of week change there) and at every price's FromTime and ToTime on every day. Inside one
 * span the valid prices are therefore the same throughout.
 * @example
 * splitAtPriceBoundaries(start, end, prices).map((s) => s.from.toISO())
 */
export function splitAtPriceBoundaries(from: DateTime, to: DateTime, prices: readonly PriceRule[]): TimeSpan[] {
  const times = new Set<number>([0]);
  for (const price of prices) {
    if (price.FromTime) times.add(secondsOfDay(price.FromTime));
    if (price.ToTime) times.add(secondsOfDay(price.ToTime));
  }
  const cuts = new Map<number, DateTime>();
  const zone = from.zone;
  for (let day = from.startOf('day'); day < to; day = day.plus({ days: 1 }).startOf('day')) {
    for (const seconds of times) {
      const cut = DateTime.fromObject(
        { year: day.year, month: day.month, day: day.day, hour: Math.floor(seconds / 3600), minute: Math.floor((seconds % 3600) / 60), second: seconds % 60 },
        { zone },
      );
      if (cut > from && cut < to) cuts.set(cut.toMillis(), cut);
    }
  }
  const points = [from, ...[...cuts.entries()].sort((a, b) => a[0] - b[0]).map(([, cut]) => cut), to];
  const spans: TimeSpan[] = [];
  for (let i = 0; i < points.length - 1; i += 1) spans.push({ from: points[i], to: points[i + 1] });
  return spans;
}
