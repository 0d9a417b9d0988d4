import type { DateTime } from 'luxon';
import { PricingError } from './errors';
import { parseLocal } from './localTime';
import { vatOfGross, type Minor } from './money';
import { priceLines, type PricedLine, type QuantityRequest } from './priceLines';
import type { PriceRule } from './priceRules';
import { CodeNotApplicableError, whyNotApplicable } from './rebates/applicability';
import { applyCodes, type AppliedRebate } from './rebates/applyCodes';
import type { RebateCodeRule } from './rebates/codeTypes';

/** The longest interval priced at once. */
export const MAX_INTERVAL_DAYS = 366;

export interface PriceCalculationInput<C extends RebateCodeRule = RebateCodeRule> {
  /** The service's prices. */
  prices: readonly PriceRule[];
  /** Company-local wire date-times; the route fills a missing To from the service's duration. */
  interval: { From: string; To: string };
  /** The company's IANA zone. */
  zone: string;
  /** Empty or left out: one of the price valid then (PriceId 0). */
  quantities?: readonly QuantityRequest[];
  /** The codes to apply, as loaded for RebateCodeIds (any order; the same code twice is refused). */
  codes?: readonly C[];
  serviceId?: number | null;
  customerId?: number | null;
  /** Per code id: bookings this customer already used it in. */
  customerUses?: ReadonlyMap<number, number>;
  /** Currency to answer with when no line is priced (all quantities 0). */
  currency?: { CurrencyId: string; PriceSign: string };
}

/** A priced booking, in minor units. */
export interface PriceCalculation<C extends RebateCodeRule = RebateCodeRule> {
  currencyId: string;
  priceSign: string;
  /** One per quantity line and price period, with what is left to pay after the codes. */
  lines: (PricedLine & { vat: Minor })[];
  /** What is left to pay, VAT included: the sum of the lines' amounts. */
  total: Minor;
  /** VAT contained in total: the sum of the lines' VAT. */
  totalVat: Minor;
  totalBeforeRebate: Minor;
  applied: AppliedRebate<C>[];
  /** Quantities that occupy a spot. */
  spots: number;
}

function readInterval(interval: PriceCalculationInput['interval'], zone: string): { from: DateTime; to: DateTime } {
  const from = parseLocal(interval.From, zone, 'Interval.From');
  const to = parseLocal(interval.To, zone, 'Interval.To');
  if (to <= from) throw new PricingError('Interval.To', 'ToBeforeFrom');
  if (to.diff(from, 'days').days > MAX_INTERVAL_DAYS) throw new PricingError('Interval.To', 'IntervalTooLong', { limit: MAX_INTERVAL_DAYS });
  return { from, to };
}

function checkCodes<C extends RebateCodeRule>(codes: readonly C[], input: PriceCalculationInput<C>, at: DateTime): void {
  const seen = new Set<number>();
  for (const code of codes) {
    if (seen.has(code.Id)) throw new PricingError('RebateCodeIds', 'CodeAlreadyApplied', { sign: code.RebateCodeSign });
    seen.add(code.Id);
    const reason = whyNotApplicable(code, {
      at,
      serviceId: input.serviceId,
      customerId: input.customerId,
      customerUses: input.customerUses?.get(code.Id) ?? 0,
    });
    if (reason) throw new CodeNotApplicableError(reason, code.Id, code.RebateCodeSign);
  }
}

/**
 * Prices a booking: every quantity line over the interval (see priceLines), then the codes (see
 * applyCodes), then VAT per line. Prices include VAT (Swedish consumer prices), so a line's VAT is
 * amount × rate / (100 + rate), rounded to the öre per line; totals are sums of lines, so they add up
 * exactly. Value cards, gift cards and punch tickets are treated as single-purpose vouchers (VAT was
 * due when they were sold), so all codes lower the amount left to pay and the VAT in it alike.
 * Throws PricingError or CodeNotApplicableError for what cannot be priced.
 * @example
 * calculatePrice({
 *   prices: service.Prices, zone: 'Europe/Stockholm',
 *   interval: { From: '2025-06-02T10:00:00', To: '2025-06-02T11:30:00' },
 *   quantities: [{ PriceId: 0, Quantity: 1 }],
 * }).total // 15000 for 100 kr per hour
 */
export function calculatePrice<C extends RebateCodeRule>(input: PriceCalculationInput<C>): PriceCalculation<C> {
  const { from, to } = readInterval(input.interval, input.zone);
  const given = input.quantities ?? [];
  const quantities = given.length > 0 ? given : [{ PriceId: 0, Quantity: 1 }];
  const field = (index: number, part: string) => (given.length > 0 ? `Quantities[${index}].${part}` : 'Quantities');
  const priced = priceLines(input.prices, from, to, quantities, field);

  const currencies = new Set(priced.map((line) => line.price.CurrencyId));
  if (currencies.size > 1) throw new PricingError('Quantities', 'MixedCurrencies', { currencies: [...currencies].join(', ') });
  const first = priced[0]?.price ?? input.prices[0] ?? input.currency;

  const codes = input.codes ?? [];
  checkCodes(codes, input, from);
  const { lines, applied } = applyCodes(priced, codes);
  const withVat = lines.map((line) => ({ ...line, vat: vatOfGross(line.amount, line.price.VAT) }));

  return {
    currencyId: first?.CurrencyId ?? '',
    priceSign: first?.PriceSign ?? '',
    lines: withVat,
    total: withVat.reduce((sum, line) => sum + line.amount, 0),
    totalVat: withVat.reduce((sum, line) => sum + line.vat, 0),
    totalBeforeRebate: withVat.reduce((sum, line) => sum + line.beforeRebate, 0),
    applied,
    spots: quantities.reduce((sum, q) => sum + (q.OccupiesSpot === false ? 0 : Math.max(0, q.Quantity)), 0),
  };
}
