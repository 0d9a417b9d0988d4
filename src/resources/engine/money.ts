/**
 * An amount with its currency sign: after the amount, except '$' which goes before (spec core.md §9).
 * @example formatMoney(250, 'kr') === '250 kr'; formatMoney(10, '$') === '$10'
 */
export function formatMoney(amount: number, sign: string): string {
  const value = Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
  if (!sign) return value;
  return sign === '$' ? `$${value}` : `${value} ${sign}`;
}
