import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  calculatePrice,
  isPriceValidAt,
  toCalculatePriceResponse,
  type PriceCalculation,
  type PriceRule,
  type QuantityRequest,
  type RebateCodeRule,
} from '../../domain/pricing';
import { at, fixed, giftCard, percent, price, punchTicket, valueCard, ZONE } from './pricing.fixtures';

const calculationType = fc.constantFrom<1 | 2 | 3 | 4>(1, 2, 3, 4);
const vat = fc.constantFrom<0 | 6 | 12 | 25>(0, 6, 12, 25);
const amount = fc.integer({ min: 0, max: 5000 });
const hour = fc.integer({ min: 0, max: 23 }).map((h) => `${String(h).padStart(2, '0')}:00:00`);

/** One category: a price valid always, or a day and a night price whose windows cover the clock between them. */
const category = fc.oneof(
  fc.record({ price: amount, type: calculationType, vat }).map((p) => [p]),
  fc
    .record({ a: amount, b: amount, type: calculationType, typeB: calculationType, vat, from: hour, to: hour })
    .filter((c) => c.from !== c.to)
    .map((c) => [
      { price: c.a, type: c.type, vat: c.vat, from: c.from, to: c.to },
      { price: c.b, type: c.typeB, vat: c.vat, from: c.to, to: c.from },
    ]),
);

const pricesArb = fc.array(category, { minLength: 1, maxLength: 3 }).map((categories) => {
  let id = 0;
  return categories.flatMap((group, index) =>
    group.map((p) =>
      price({
        Id: ++id,
        Price: p.price,
        CalculationTypeId: p.type,
        VAT: p.vat,
        Category: `C${index}`,
        FromTime: 'from' in p ? p.from : null,
        ToTime: 'to' in p ? p.to : null,
      }),
    ),
  );
});

/** Starts across the year, DST days included; lengths from a minute to three days. */
const intervalArb = fc.record({
  day: fc.integer({ min: 0, max: 364 }),
  minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  length: fc.integer({ min: 1, max: 3 * 24 * 60 }),
}).map(({ day, minute, length }) => {
  const from = at('2025-01-01T00:00:00').plus({ days: day, minutes: minute });
  return { From: from.toFormat("yyyy-MM-dd'T'HH:mm:ss"), To: from.plus({ minutes: length }).toFormat("yyyy-MM-dd'T'HH:mm:ss") };
});

const codeArb = (id: number): fc.Arbitrary<RebateCodeRule> =>
  fc.oneof(
    fc.integer({ min: 0, max: 10000 }).map((v) => percent(id, v / 100)),
    amount.map((v) => fixed(id, v)),
    fc.integer({ min: 1, max: 6 }).map((v) => punchTicket(id, v)),
    fc.integer({ min: 1, max: 300000 }).map((v) => valueCard(id, v / 100)),
    fc.integer({ min: 1, max: 300000 }).map((v) => giftCard(id, v / 100, { ValidTo: v % 2 ? '2026-01-31' : null })),
  );

const codesArb = fc.integer({ min: 0, max: 5 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => codeArb(i + 1))));

/** Quantities naming, per category, the price valid at the start. */
function quantitiesFor(prices: PriceRule[], from: string, counts: number[], spots: boolean[]): QuantityRequest[] {
  const start = at(from);
  const categories = [...new Set(prices.map((p) => p.Category))];
  return categories.map((name, i) => ({
    PriceId: prices.find((p) => p.Category === name && isPriceValidAt(p, start))?.Id ?? 0,
    Quantity: counts[i % counts.length],
    OccupiesSpot: spots[i % spots.length],
  }));
}

const bookingArb = fc
  .record({
    prices: pricesArb,
    interval: intervalArb,
    counts: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 3 }),
    spots: fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
    codes: codesArb,
  })
  .map((b) => ({ ...b, quantities: quantitiesFor(b.prices, b.interval.From, b.counts, b.spots) }));

function run(b: { prices: PriceRule[]; interval: { From: string; To: string }; quantities: QuantityRequest[] }, codes: readonly RebateCodeRule[]): PriceCalculation {
  return calculatePrice({ prices: b.prices, zone: ZONE, interval: b.interval, quantities: b.quantities, codes });
}

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

describe('price and code properties', () => {
  it('a total is never negative and never above the price before rebates', () => {
    fc.assert(
      fc.property(bookingArb, (b) => {
        const result = run(b, b.codes);
        expect(result.total).toBeGreaterThanOrEqual(0);
        expect(result.total).toBeLessThanOrEqual(result.totalBeforeRebate);
        for (const line of result.lines) {
          expect(line.amount).toBeGreaterThanOrEqual(0);
          expect(line.amount).toBeLessThanOrEqual(line.beforeRebate);
        }
      }),
    );
  });

  it('totals equal the sum of the lines exactly, and the codes account for the difference', () => {
    fc.assert(
      fc.property(bookingArb, (b) => {
        const result = run(b, b.codes);
        expect(result.total).toBe(sum(result.lines.map((l) => l.amount)));
        expect(result.totalVat).toBe(sum(result.lines.map((l) => l.vat)));
        expect(result.totalBeforeRebate).toBe(sum(result.lines.map((l) => l.beforeRebate)));
        for (const line of result.lines) expect(line.beforeRebate).toBe(line.unit * line.quantity);
        expect(sum(result.applied.map((a) => a.rebate))).toBe(result.totalBeforeRebate - result.total);
        for (const value of [result.total, result.totalVat, ...result.lines.map((l) => l.vat)]) expect(Number.isInteger(value)).toBe(true);
      }),
    );
  });

  it('VAT never exceeds the price, on any line or in total', () => {
    fc.assert(
      fc.property(bookingArb, (b) => {
        const result = run(b, b.codes);
        for (const line of result.lines) {
          expect(line.vat).toBeGreaterThanOrEqual(0);
          expect(line.vat).toBeLessThanOrEqual(line.amount);
        }
        expect(result.totalVat).toBeLessThanOrEqual(result.total);
      }),
    );
  });

  it('a percent code takes that percent of the price, rounded, never more than the price', () => {
    fc.assert(
      fc.property(bookingArb, fc.integer({ min: 0, max: 10000 }), (b, hundredths) => {
        const result = run(b, [percent(1, hundredths / 100)]);
        const [applied] = result.applied;
        expect(applied.rebate).toBeLessThanOrEqual(result.totalBeforeRebate);
        expect(applied.rebate).toBe(Math.round((result.totalBeforeRebate * hundredths) / 10000));
      }),
    );
  });

  it('codes given in any order give the same result', () => {
    const withOrder = bookingArb.chain((b) => fc.shuffledSubarray(b.codes, { minLength: b.codes.length }).map((shuffled) => ({ b, shuffled })));
    fc.assert(
      fc.property(withOrder, ({ b, shuffled }) => {
        expect(toCalculatePriceResponse(run(b, shuffled))).toEqual(toCalculatePriceResponse(run(b, b.codes)));
      }),
    );
  });

  it('a punch ticket uses at most its punches and at most one per booked spot', () => {
    fc.assert(
      fc.property(bookingArb, fc.integer({ min: 1, max: 20 }), (b, punches) => {
        const result = run(b, [punchTicket(1, punches)]);
        expect(result.applied[0].usage).toBeLessThanOrEqual(Math.min(punches, result.spots));
      }),
    );
  });

  it('an always-valid per-minute price charges exactly its price for every minute that passes', () => {
    fc.assert(
      fc.property(intervalArb, amount, (interval, perMinute) => {
        const result = calculatePrice({ prices: [price({ Id: 1, Price: perMinute, CalculationTypeId: 2 })], zone: ZONE, interval });
        const minutes = at(interval.To).diff(at(interval.From), 'minutes').minutes;
        expect(result.total).toBe(perMinute * 100 * minutes);
      }),
    );
  });

  it('allocate splits exactly and never gives a part more than its weight', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 8 }), fc.double({ min: 0, max: 1, noNaN: true }), (weights, share) => {
        const amount = Math.floor(sum(weights) * share);
        const parts = allocate(amount, weights);
        expect(sum(parts)).toBe(sum(weights) === 0 ? 0 : amount);
        parts.forEach((part, i) => {
          expect(part).toBeGreaterThanOrEqual(0);
          expect(part).toBeLessThanOrEqual(weights[i]);
        });
      }),
    );
  });
});
