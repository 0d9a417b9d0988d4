/**
 * Invoice arithmetic for licenses, in integer minor units (öre, cent): what a plan costs for the
 * part of a month it was held, and the VAT of the company's country.
 */

/** VAT on licenses per country, in permille (25 % = 250). */
export const LICENSE_VAT_PERMILLE: Readonly<Record<string, number>> = { SE: 250, NO: 250, DK: 250, FI: 255 };

/**
 * The part of a monthly price for a held period: price × held / month (in days or any one unit),
 * rounded half up to a minor unit.
 * @example prorate(59900, 15, 30) // 29950
 */
export function prorate(monthlyMinor: number, held: number, month: number): number {
  if (held <= 0 || month <= 0) return 0;
  if (held >= month) return monthlyMinor;
  return Math.round((monthlyMinor * held) / month);
}

/**
 * VAT on a net amount in minor units, rounded half up.
 * @example vatOf(29950, 250) // 7488
 */
export function vatOf(netMinor: number, permille: number): number {
  return Math.round((netMinor * permille) / 1000);
}

/** The overlap in ms of [from, to) with [start, end); 0 when they do not meet. */
export function overlapMs(from: number, to: number, start: number, end: number): number {
  return Math.max(0, Math.min(to, end) - Math.max(from, start));
}
