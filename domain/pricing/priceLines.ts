import type { DateTime } from 'luxon';
import { PricingError } from './errors';
import { formatLocal } from './localTime';
import { toMinor, type Minor } from './money';
import { isPriceValidAt, type PriceRule } from './priceRules';
import { splitAtPriceBoundaries, type TimeSpan } from './segments';
import { unitCharge } from './unitCharge';

/** One quantity line of a request: how many of a price (0 = the price valid then). */
export interface QuantityRequest {
  PriceId: number;
  Quantity: number;
  /** Default true. */
  OccupiesSpot?: boolean;
}

/** One quantity line priced for one stretch of time with one price. */
export interface PricedLine {
  quantityIndex: number;
  price: PriceRule;
  from: DateTime;
  to: DateTime;
  quantity: number;
  occupiesSpot: boolean;
  /** One of the quantity for this stretch, before rebates. */
  unit: Minor;
  /** unit × quantity. */
  beforeRebate: Minor;
  /** What is left to pay for this line after rebates; equals beforeRebate until codes apply. */
  amount: Minor;
}

function sameCategory(a: PriceRule, b: PriceRule): boolean {
  return a.Category.trim().toLowerCase() === b.Category.trim().toLowerCase();
}

/**
 * Picks the price a quantity line uses at a moment. A named price is used while it is valid; outside
 * its period the line follows the price's Category (the one price of that category valid then), so
 * 'Adult' stays 'Adult' when an evening rate begins. PriceId 0 takes the one price valid then.
 */
function priceAt(prices: readonly PriceRule[], named: PriceRule | null, moment: DateTime, field: string): PriceRule {
  if (named && isPriceValidAt(named, moment)) return named;
  const candidates = named ? prices.filter((p) => sameCategory(p, named)) : prices;
  const valid = candidates.filter((p) => isPriceValidAt(p, moment));
  if (valid.length === 1) return valid[0];
  const params = { time: formatLocal(moment), count: valid.length, category: named?.Category ?? '' };
  throw new PricingError(field, valid.length === 0 ? 'NoPriceValid' : 'SeveralPricesValid', params);
}

/** Consecutive spans with the same price, merged. */
function runs(spans: readonly TimeSpan[], pick: (moment: DateTime) => PriceRule): { price: PriceRule; from: DateTime; to: DateTime }[] {
  const result: { price: PriceRule; from: DateTime; to: DateTime }[] = [];
  for (const span of spans) {
    const price = pick(span.from);
    const last = result.at(-1);
    if (last && last.price.Id === price.Id) last.to = span.to;
    else result.push({ price, from: span.from, to: span.to });
  }
  return result;
}

/**
 * Prices every quantity line over [from, to), before rebates.
 *
 * The price valid at the start decides how a line is cut: a whole-duration price (type 1) prices the
 * whole booking once. Otherwise the booking is cut where prices change (see splitAtPriceBoundaries)
 * and every stretch is charged with the price valid in it, in proportion to its length (per minute,
 * hour or day); consecutive stretches with the same price form one line. A whole-duration price met
 * later in such a booking is charged in full for its stretch. Quantity 0 gives no line.
 * @example
 * priceLines(prices, start, end, [{ PriceId: 0, Quantity: 2 }], (i, part) => `Quantities[${i}].${part}`)
 */
export function priceLines(
  prices: readonly PriceRule[],
  from: DateTime,
  to: DateTime,
  quantities: readonly QuantityRequest[],
  fieldOf: (index: number, part: 'PriceId' | 'Quantity') => string,
): PricedLine[] {
  const byId = new Map(prices.map((price) => [price.Id, price]));
  let spans: TimeSpan[] | null = null;
  const lines: PricedLine[] = [];
  quantities.forEach((request, quantityIndex) => {
    const field = fieldOf(quantityIndex, 'PriceId');
    if (!Number.isInteger(request.Quantity) || request.Quantity < 0) {
      throw new PricingError(fieldOf(quantityIndex, 'Quantity'), 'NegativeQuantity', { value: request.Quantity });
    }
    if (request.Quantity === 0) return;
    let named: PriceRule | null = null;
    if (request.PriceId !== 0) {
      named = byId.get(request.PriceId) ?? null;
      if (!named) throw new PricingError(field, 'UnknownPrice', { id: request.PriceId });
      if (!isPriceValidAt(named, from)) {
        throw new PricingError(field, 'PriceNotValid', { id: request.PriceId, time: formatLocal(from) });
      }
    }
    const pick = (moment: DateTime) => priceAt(prices, named, moment, field);
    const first = pick(from);
    const lineRuns =
      first.CalculationTypeId === 1 ? [{ price: first, from, to }] : runs((spans ??= splitAtPriceBoundaries(from, to, prices)), pick);
    for (const run of lineRuns) {
      const unit = unitCharge(toMinor(run.price.Price), run.price.CalculationTypeId, run.from, run.to);
      const beforeRebate = unit * request.Quantity;
      lines.push({
        quantityIndex,
        price: run.price,
        from: run.from,
        to: run.to,
        quantity: request.Quantity,
        occupiesSpot: request.OccupiesSpot ?? true,
        unit,
        beforeRebate,
        amount: beforeRebate,
      });
    }
  });
  return lines;
}
