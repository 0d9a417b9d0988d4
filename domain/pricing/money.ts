/**
 * Money in integer minor units (öre, cent). Every computation of the pricing rules stays in these;
 * major units (kronor) only exist at the wire edge.
 */

/** An amount in minor units (öre). Always an integer. */
export type Minor = number;

/** VAT percentages a service price can carry. */
export const PRICE_VAT_PERCENTS = [0, 6, 12, 25] as const;
export type PriceVatPercent = (typeof PRICE_VAT_PERCENTS)[number];

/** The spec's rounded VAT rates as fractions, for accounting (VatSpecification.VatPercent). */
export const VAT_RATE_FRACTIONS = [0, 0.06, 0.1, 0.12, 0.24, 0.25, 0.255] as const;
export type VatRateFraction = (typeof VAT_RATE_FRACTIONS)[number];

const MINOR_PER_MAJOR = 100;

function toSafe(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`Amount out of range: ${value}`);
  }
  return Number(value);
}

/**
 * numerator / denominator rounded half away from zero, exactly (BigInt).
 * @example
 * roundDiv(5n, 2n) // 3
 * roundDiv(-5n, 2n) // -3
 */
export function roundDiv(numerator: bigint, denominator: bigint): number {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return toSafe(negative ? -rounded : rounded);
}

/**
 * Major units (as on the wire, at most two decimals) to minor units.
 * @example
 * toMinor(149.5) // 14950
 */
export function toMinor(major: number): Minor {
  return Math.round(major * MINOR_PER_MAJOR);
}

/**
 * Minor units to major units for the wire.
 * @example
 * toMajor(14950) // 149.5
 */
export function toMajor(minor: Minor): number {
  return minor / MINOR_PER_MAJOR;
}

/**
 * VAT contained in a VAT-inclusive amount: amount × rate / (100 + rate), rounded to the öre.
 * @example
 * vatOfGross(12500, 25) // 2500  (125 kr incl. 25 % VAT holds 25 kr VAT)
 * vatOfGross(10000, 6)  // 566   (100 kr incl. 6 % holds 5.66 kr)
 */
export function vatOfGross(gross: Minor, vatPercent: number): Minor {
  const rateHundredths = BigInt(Math.round(vatPercent * 100));
  return roundDiv(BigInt(gross) * rateHundredths, 10000n + rateHundredths);
}

/**
 * A VAT percentage as the fraction accounting uses (25 → 0.25).
 * @example
 * vatFraction(6) // 0.06
 */
export function vatFraction(vatPercent: number): number {
  return Math.round(vatPercent * 10) / 1000;
}

/**
 * Splits `amount` over `weights` in proportion, exactly: the parts sum to `amount`, and no part
 * exceeds its weight when amount ≤ sum(weights). Largest remainder; ties go to the earlier weight.
 * @example
 * allocate(100, [1, 1, 1]) // [34, 33, 33]
 */
export function allocate(amount: Minor, weights: readonly Minor[]): Minor[] {
  const total = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (total === 0n || amount === 0) return weights.map(() => 0);
  const exact = weights.map((w) => BigInt(amount) * BigInt(w));
  const parts = exact.map((e) => e / total);
  let left = BigInt(amount) - parts.reduce((sum, p) => sum + p, 0n);
  const order = exact
    .map((e, index) => ({ index, remainder: e % total }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left <= 0n) break;
    parts[index] += 1n;
    left -= 1n;
  }
  return parts.map(toSafe);
}

/**
 * Formats an amount with its currency sign: the sign goes after the amount, except $ which goes before.
 * @example
 * formatMoney(14950, 'kr', 'sv') // '149,50 kr'
 * formatMoney(14950, '$', 'en')  // '$149.50'
 */
export function formatMoney(minor: Minor, sign: string, locale = 'sv'): string {
  const number = new Intl.NumberFormat(locale === 'no' ? 'nb' : locale, {
    minimumFractionDigits: minor % MINOR_PER_MAJOR === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(toMajor(minor));
  if (!sign) return number;
  return sign === '$' ? `$${number}` : `${number} ${sign}`;
}
