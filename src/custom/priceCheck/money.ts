/**
 * An amount with its currency sign in the interface language: the sign after the amount, except '$',
 * which goes before (spec core.md §9); whole amounts without decimals, others with two.
 * @example
 * formatAmount(149.5, 'kr', 'sv') // '149,50 kr'
 * formatAmount(10, '$', 'en') // '$10'
 */
export function formatAmount(amount: number, sign: string, locale: string): string {
  const whole = Number.isInteger(amount);
  const value = new Intl.NumberFormat(locale === 'no' ? 'nb' : locale, {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
  if (!sign) return value;
  return sign === '$' ? `$${value}` : `${value} ${sign}`;
}
